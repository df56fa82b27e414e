import { z } from 'zod';

/*
 * What the voice agent sends to the conversation-start endpoint and to its server tools (issue 18, decision
 * 038). The agent fills these from the conversation; the answers carry a short Spanish sentence to read aloud.
 */

const text = (max: number, label: string) =>
  z
    .string({ error: `${label} es requerido` })
    .trim()
    .min(1, `${label} es requerido`)
    .max(max, `${label} es demasiado largo`);
const optionalText = (max: number) =>
  z.preprocess((v) => (v === null || v === '' ? undefined : v), z.string().trim().max(max).optional());
const document = z.preprocess(
  (v) => (typeof v === 'number' ? String(v) : typeof v === 'string' ? v.replace(/[\s.-]/g, '') : v),
  z.string({ error: 'El documento es requerido' }).regex(/^[A-Za-z0-9]{3,20}$/, 'Documento inválido'),
);
const conversationId = text(200, 'El identificador de conversación');

export const conversationStartBody = z
  .object({
    caller_id: optionalText(40),
    called_number: optionalText(40),
    agent_id: optionalText(200),
    call_sid: optionalText(200),
  })
  .passthrough();

export const findPatientBody = z.object({ document });
export const upcomingBody = z.object({ document });
export const freeSlotsBody = z.object({ specialty: text(120, 'La especialidad') });
export const bookBody = z.object({
  conversation_id: conversationId,
  document,
  specialty: text(120, 'La especialidad'),
  reason: optionalText(500),
});
export const cancelBody = z.object({
  conversation_id: conversationId,
  document,
  appointment_id: z.coerce.number({ error: 'Cita inválida' }).int('Cita inválida').positive('Cita inválida'),
  reason: optionalText(300),
});
export const waitingListBody = z.object({
  conversation_id: conversationId,
  document,
  specialty: text(120, 'La especialidad'),
  reason: optionalText(500),
});
export const handOverBody = z.object({
  conversation_id: conversationId,
  caller_number: optionalText(40),
  patient_name: optionalText(150),
  document: z.preprocess((v) => (v === '' || v === null ? undefined : v), document.optional()),
  reason: optionalText(300),
  urgent: z.boolean().optional(),
});

export const toolAnswer = z.object({
  success: z.literal(true),
  /** What the agent says. */
  message: z.string(),
  data: z.unknown(),
});

/** GET /integrations/elevenlabs/status: whether the integration is configured and how it is doing; never a secret. */
export const voiceStatus = z.object({
  provider: z.string(),
  webhook_configured: z.boolean(),
  outbound_configured: z.boolean(),
  tools_configured: z.boolean(),
  last_webhook_at: z.string().nullable(),
  pending_outbound: z.number(),
  recent_failures: z.array(
    z.object({ kind: z.enum(['webhook', 'outbound']), at: z.string(), detail: z.string() }),
  ),
});
export type VoiceStatus = z.infer<typeof voiceStatus>;
export const voiceStatusResponse = z.object({ success: z.literal(true), data: voiceStatus });
