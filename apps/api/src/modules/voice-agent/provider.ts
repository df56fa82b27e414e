/*
 * What a voice-agent provider must do for this product (decision 038). The feature owns this interface;
 * integrations/<provider>/ implements it (ElevenLabs today; Vapi or Retell would be one more folder).
 */

export interface TranscriptTurn {
  role: 'agent' | 'user';
  message: string;
  time_in_call_secs: number;
}

/** A finished conversation, as the provider reports it after the call. */
export interface TranscriptionEvent {
  kind: 'transcription';
  conversationId: string;
  agentId: string | null;
  startedAt: string;
  durationSecs: number;
  terminationReason: string | null;
  direction: 'inbound' | 'outbound';
  /** The patient's number (caller on inbound, callee on outbound). */
  externalNumber: string | null;
  transcript: TranscriptTurn[];
  summary: string | null;
  outcome: 'success' | 'failure' | 'unknown';
  /** Data-collection results, flattened to id → value. */
  dataCollected: Record<string, unknown>;
  analysis: Record<string, unknown> | null;
  /** Dynamic variables the conversation started with (the outbound dispatcher sends call_log_id). */
  dynamicVariables: Record<string, unknown>;
}

export interface AudioEvent {
  kind: 'audio';
  conversationId: string;
  agentId: string | null;
  contentType: string;
}

export interface InitiationFailureEvent {
  kind: 'initiation_failure';
  conversationId: string | null;
  agentId: string | null;
  reason: string;
  callLogId: number | null;
}

export type VoiceEvent = TranscriptionEvent | AudioEvent | InitiationFailureEvent;

/** A verified, parsed webhook: the event, its idempotency key, and the decoded audio when it carries one. */
export interface ParsedWebhook {
  eventKey: string;
  eventType: 'post_call_transcription' | 'post_call_audio' | 'call_initiation_failure';
  event: VoiceEvent;
  audio: Buffer | null;
  /** A large recording read from its file a piece at a time, instead of `audio` (which is then null). */
  audioStream?: () => AsyncIterable<Buffer>;
}

export type WebhookVerdict = { ok: true } | { ok: false; reason: string };

/** A signature check fed the body chunk by chunk as it arrives; the verdict comes after the last chunk. */
export interface WebhookVerifier {
  /**
   * The reason for refusing, when the headers alone decide it (no secret configured, the signature header missing
   * or malformed, its timestamp outside the tolerance): the route answers 401 before reading the body (issue 33).
   */
  readonly rejected: string | null;
  update(chunk: Buffer): void;
  verdict(): WebhookVerdict;
}

export interface OutboundCallRequest {
  toNumber: string;
  callLogId: number;
  dynamicVariables: Record<string, string | number | boolean>;
}

export interface OutboundCallResult {
  conversationId: string | null;
  callSid: string | null;
}

export class ProviderError extends Error {
  constructor(
    message: string,
    /** 4xx from the provider: the request itself is wrong, retrying will not help. */
    readonly permanent = false,
  ) {
    super(message);
  }
}

export interface VoiceProvider {
  readonly name: string;
  /** Whether the webhook secret is configured. */
  readonly webhookConfigured: boolean;
  /** Whether outbound calls can be placed (API key, agent, phone number). */
  readonly outboundConfigured: boolean;
  /** Checks the raw body's signature before anything is parsed. */
  verifyWebhook(
    rawBody: Buffer,
    headers: Record<string, string | string[] | undefined>,
    now?: Date,
  ): WebhookVerdict;
  /** The same check, incremental: the route streams the body to storage and feeds each chunk to it. */
  webhookVerifier(headers: Record<string, string | string[] | undefined>, now?: Date): WebhookVerifier;
  /** Parses a verified body; throws WebhookPayloadError when it is not a well-formed event. */
  parseWebhook(rawBody: Buffer): ParsedWebhook;
  /** The same for a body in a file, without holding a large recording whole (it comes as `audioStream`). */
  parseWebhookFile(file: string): Promise<ParsedWebhook>;
  /** Places one outbound call; throws ProviderError on failure. */
  startOutboundCall(req: OutboundCallRequest): Promise<OutboundCallResult>;
}

export class WebhookPayloadError extends Error {}
