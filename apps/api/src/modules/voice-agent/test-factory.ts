import { afterAll, beforeAll } from 'vitest';
import { signElevenLabs } from '../../integrations/elevenlabs/signature';
import { buildTestApp, type TestApp } from '../../test/helpers';
import type { AppConfig } from '../../config';
import { callers, type Call } from '../../test/factories/patients';
import { voiceRuntimeOf } from './runtime';

/** Helpers for the voice-agent tests (not a test file itself). */

export const WEBHOOK_SECRET = 'wsec_prueba_0123456789abcdef';
export const TOOL_SECRET = 'tool_secret_prueba_0123456789';
export const WEBHOOK_URL = '/api/integrations/elevenlabs/webhook';

export interface VoiceCtx {
  t: TestApp;
  c: Awaited<ReturnType<typeof callers>>;
}

export function voiceFixture(voice: Partial<AppConfig['voice']> = {}) {
  const ctx = {} as VoiceCtx;
  beforeAll(async () => {
    ctx.t = await buildTestApp({
      voice: {
        baseUrl: 'http://127.0.0.1:9',
        webhookSecret: WEBHOOK_SECRET,
        toolSecret: TOOL_SECRET,
        outboundPerMinute: 10,
        outboundMaxAttempts: 3,
        ...voice,
      },
    });
    ctx.c = await callers(ctx.t.app);
  });
  afterAll(async () => ctx.t?.close());
  return ctx;
}

let seq = 0;
export const conversationId = () => `conv_${process.pid}_${Date.now().toString(36)}_${++seq}`;

export function transcriptionEvent(
  conv: string,
  over: { phone?: string; data?: Record<string, unknown>; extra?: Record<string, unknown> } = {},
) {
  const start = Math.floor(Date.now() / 1000) - 300;
  return {
    type: 'post_call_transcription',
    event_timestamp: start + 200,
    data: {
      agent_id: 'agent_prueba',
      conversation_id: conv,
      status: 'done',
      transcript: [
        { role: 'agent', message: 'Hola, le habla el asistente de la IPS.', time_in_call_secs: 0 },
        { role: 'user', message: 'Quiero una cita de medicina general.', time_in_call_secs: 4 },
        { role: 'agent', message: null, time_in_call_secs: 6, tool_calls: [] },
      ],
      metadata: {
        start_time_unix_secs: start,
        call_duration_secs: 125,
        termination_reason: 'end_call tool was called.',
        phone_call: {
          direction: 'inbound',
          external_number: over.phone ?? '+573009998877',
          agent_number: '+576015550000',
          call_sid: 'CA123',
          type: 'twilio',
        },
      },
      analysis: {
        call_successful: 'success',
        transcript_summary: 'El paciente pidió una cita de medicina general.',
        evaluation_criteria_results: {},
        data_collection_results: Object.fromEntries(
          Object.entries(over.data ?? {}).map(([k, v]) => [
            k,
            { data_collection_id: k, value: v, rationale: 'x' },
          ]),
        ),
      },
      ...over.extra,
    },
  };
}

/** A tiny valid MP3 (ID3 header + frame sync) of `size` bytes. */
export function fakeMp3(size = 4096): Buffer {
  const b = Buffer.alloc(size, 0x55);
  b.write('ID3', 0, 'latin1');
  return b;
}

export function audioEvent(conv: string, audio = fakeMp3()) {
  return {
    type: 'post_call_audio',
    event_timestamp: Math.floor(Date.now() / 1000),
    data: { agent_id: 'agent_prueba', conversation_id: conv, full_audio: audio.toString('base64') },
  };
}

export function failureEvent(conv: string | null, reason = 'busy', callLogId?: number) {
  return {
    type: 'call_initiation_failure',
    event_timestamp: Math.floor(Date.now() / 1000),
    data: {
      agent_id: 'agent_prueba',
      conversation_id: conv,
      failure_reason: reason,
      metadata: {
        type: 'twilio',
        body: callLogId
          ? { conversation_initiation_client_data: { dynamic_variables: { call_log_id: callLogId } } }
          : {},
      },
    },
  };
}

/** Posts a webhook signed with `secret` (the configured one unless given) at time `t`. */
export function postWebhook(
  ctx: VoiceCtx,
  body: unknown,
  opts: { secret?: string; t?: number; signature?: string | null } = {},
) {
  const raw = typeof body === 'string' ? body : JSON.stringify(body);
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  const sig =
    opts.signature === undefined
      ? signElevenLabs(opts.secret ?? WEBHOOK_SECRET, raw, opts.t)
      : opts.signature;
  if (sig !== null) headers['elevenlabs-signature'] = sig;
  return ctx.t.app.inject({ method: 'POST', url: WEBHOOK_URL, payload: raw, headers });
}

/** Waits until the inbox worker has applied what is stored. */
export async function settle(ctx: VoiceCtx) {
  const w = voiceRuntimeOf(ctx.t.app.deps).inbox;
  w.kick();
  await w.idle();
}

export type { Call };
