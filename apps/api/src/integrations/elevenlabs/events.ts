import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { decodeAudio, locateAudio } from './audio-file';
import { z } from 'zod';
import {
  WebhookPayloadError,
  type ParsedWebhook,
  type TranscriptionEvent,
} from '../../modules/voice-agent/provider';

/*
 * ElevenLabs post-call webhooks: `{type, event_timestamp, data}` (elevenlabs.io/docs, "Post-call webhooks").
 * Only what the product uses is required; the provider adds fields over time (has_audio, …), so unknown keys
 * pass. ElevenLabs sends no event id: a conversation has one event of each type, so the key is type +
 * conversation (a failure without a conversation is keyed by its body's hash).
 */

const id = z.string().trim().min(1).max(200);
const unixSecs = z.number().int().min(0).max(32503680000);

const turn = z.object({
  role: z.enum(['agent', 'user']),
  message: z.string().nullish(),
  time_in_call_secs: z.number().min(0).nullish(),
});

const transcriptionData = z.object({
  agent_id: z.string().nullish(),
  conversation_id: id,
  status: z.string().nullish(),
  transcript: z.array(turn).max(5000),
  metadata: z.object({
    start_time_unix_secs: unixSecs,
    call_duration_secs: z.number().min(0).max(86400),
    termination_reason: z.string().nullish(),
    phone_call: z
      .object({
        direction: z.enum(['inbound', 'outbound']).nullish(),
        external_number: z.string().max(40).nullish(),
        agent_number: z.string().max(40).nullish(),
        call_sid: z.string().nullish(),
      })
      .nullish(),
  }),
  analysis: z
    .object({
      call_successful: z.enum(['success', 'failure', 'unknown']).nullish(),
      transcript_summary: z.string().nullish(),
      data_collection_results: z.record(z.string(), z.object({ value: z.unknown() }).passthrough()).nullish(),
    })
    .passthrough()
    .nullish(),
  conversation_initiation_client_data: z
    .object({ dynamic_variables: z.record(z.string(), z.unknown()).nullish() })
    .passthrough()
    .nullish(),
});

const audioData = z.object({
  agent_id: z.string().nullish(),
  conversation_id: id,
  full_audio: z.string().min(1),
});

const failureData = z.object({
  agent_id: z.string().nullish(),
  conversation_id: z.string().nullish(),
  failure_reason: z.string().nullish(),
  metadata: z.record(z.string(), z.unknown()).nullish(),
});

const envelope = z.object({
  type: z.enum(['post_call_transcription', 'post_call_audio', 'call_initiation_failure']),
  event_timestamp: unixSecs.optional(),
  data: z.record(z.string(), z.unknown()),
});

/** The audio formats the call store accepts, told by their first bytes. */
export function audioTypeOf(b: Buffer): string | null {
  if (b.length < 4) return null;
  if (b.subarray(0, 3).toString('latin1') === 'ID3') return 'audio/mpeg';
  if (b[0] === 0xff && (b[1]! & 0xe0) === 0xe0) return 'audio/mpeg';
  if (b.subarray(0, 4).toString('latin1') === 'RIFF') return 'audio/wav';
  if (b.subarray(0, 4).toString('latin1') === 'OggS') return 'audio/ogg';
  if (b[0] === 0x1a && b[1] === 0x45 && b[2] === 0xdf && b[3] === 0xa3) return 'audio/webm';
  if (b.length >= 8 && b.subarray(4, 8).toString('latin1') === 'ftyp') return 'audio/mp4';
  return null;
}

function fail(what: string): never {
  throw new WebhookPayloadError(what);
}

function strictBase64(s: string): Buffer {
  if (s.length % 4 !== 0 || !/^[A-Za-z0-9+/]*={0,2}$/.test(s)) fail('El audio no está en base64');
  return Buffer.from(s, 'base64');
}

function transcription(data: z.infer<typeof transcriptionData>): TranscriptionEvent {
  const m = data.metadata;
  const collected: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(data.analysis?.data_collection_results ?? {}))
    if (v.value !== null && v.value !== undefined && v.value !== '') collected[k] = v.value;
  const { call_successful, transcript_summary, ...restAnalysis } = data.analysis ?? {};
  delete (restAnalysis as Record<string, unknown>).data_collection_results;
  return {
    kind: 'transcription',
    conversationId: data.conversation_id,
    agentId: data.agent_id ?? null,
    startedAt: new Date(m.start_time_unix_secs * 1000).toISOString(),
    durationSecs: Math.round(m.call_duration_secs),
    terminationReason: m.termination_reason ?? null,
    direction: m.phone_call?.direction ?? 'inbound',
    externalNumber: m.phone_call?.external_number ?? null,
    transcript: data.transcript
      .filter((t) => t.message)
      .map((t) => ({ role: t.role, message: t.message!, time_in_call_secs: t.time_in_call_secs ?? 0 })),
    summary: transcript_summary ?? null,
    outcome: call_successful ?? 'unknown',
    dataCollected: collected,
    analysis: data.analysis ? { call_successful: call_successful ?? null, ...restAnalysis } : null,
    dynamicVariables: data.conversation_initiation_client_data?.dynamic_variables ?? {},
  };
}

/** Parses a verified body into the product's event; throws WebhookPayloadError (→ 400) when malformed. */
export function parseElevenLabsWebhook(raw: Buffer): ParsedWebhook {
  let json: unknown;
  try {
    json = JSON.parse(raw.toString('utf8'));
  } catch {
    fail('El cuerpo no es JSON válido');
  }
  const env = envelope.safeParse(json);
  if (!env.success) fail('Evento no reconocido');
  const { type, data } = env.data;
  if (type === 'post_call_transcription') {
    const d = transcriptionData.safeParse(data);
    if (!d.success) fail(`Transcripción mal formada: ${d.error.issues[0]?.path.join('.')}`);
    return {
      eventKey: `${type}:${d.data.conversation_id}`,
      eventType: type,
      event: transcription(d.data),
      audio: null,
    };
  }
  if (type === 'post_call_audio') {
    const d = audioData.safeParse(data);
    if (!d.success) fail('Audio mal formado');
    const audio = strictBase64(d.data.full_audio);
    const contentType = audioTypeOf(audio);
    if (!contentType) fail('Formato de audio no admitido');
    return {
      eventKey: `${type}:${d.data.conversation_id}`,
      eventType: type,
      event: {
        kind: 'audio',
        conversationId: d.data.conversation_id,
        agentId: d.data.agent_id ?? null,
        contentType,
      },
      audio,
    };
  }
  const d = failureData.safeParse(data);
  if (!d.success) fail('Falla de inicio mal formada');
  const body = (d.data.metadata?.body ?? {}) as Record<string, unknown>;
  const dyn = (body.conversation_initiation_client_data as { dynamic_variables?: Record<string, unknown> })
    ?.dynamic_variables;
  const callLogId = Number(dyn?.call_log_id);
  const conversationId = d.data.conversation_id || null;
  return {
    eventKey: conversationId
      ? `${type}:${conversationId}`
      : `${type}:sha256:${createHash('sha256').update(raw).digest('hex')}`,
    eventType: type,
    event: {
      kind: 'initiation_failure',
      conversationId,
      agentId: d.data.agent_id ?? null,
      reason: d.data.failure_reason || 'unknown',
      callLogId: Number.isSafeInteger(callLogId) && callLogId > 0 ? callLogId : null,
    },
    audio: null,
  };
}

/**
 * Parses a verified body stored in a file. A recording (post_call_audio) is not read whole: its JSON around the
 * audio is parsed and the audio is decoded from the file a piece at a time when it is stored (`audioStream`);
 * any other event, or a recording this reader leaves alone, is read whole and parsed as above.
 */
export async function parseElevenLabsWebhookFile(file: string): Promise<ParsedWebhook> {
  const found = await locateAudio(file);
  if (found === 'invalid') fail('El audio no está en base64');
  if (found === null) return parseElevenLabsWebhook(await readFile(file));
  let json: unknown;
  try {
    json = JSON.parse(found.json);
  } catch {
    fail('El cuerpo no es JSON válido');
  }
  const env = envelope.safeParse(json);
  if (!env.success) fail('Evento no reconocido');
  // Another type carrying a `full_audio` field: the whole-body parser decides what it is.
  if (env.data.type !== 'post_call_audio') return parseElevenLabsWebhook(await readFile(file));
  const d = audioData.extend({ full_audio: z.literal('') }).safeParse(env.data.data);
  if (!d.success) fail('Audio mal formado');
  const contentType = audioTypeOf(found.firstBytes);
  if (!contentType) fail('Formato de audio no admitido');
  return {
    eventKey: `post_call_audio:${d.data.conversation_id}`,
    eventType: 'post_call_audio',
    event: {
      kind: 'audio',
      conversationId: d.data.conversation_id,
      agentId: d.data.agent_id ?? null,
      contentType,
    },
    audio: null,
    audioStream: () => decodeAudio(file, found.start, found.end),
  };
}
