import { z } from 'zod';
import { ok } from './common';
import { priorityLevel } from './queue-entry';
import { clearableRefId, clearableText, status } from './resources-common';

/*
 * Transfers between agents (spec part 2 §4 "Call": statuses pending, accepted, rejected, completed; rejection
 * carries a reason; §7 GET /transfers?status= (default pending), POST /transfers/{id}/accept, /reject {reason},
 * /complete, and the stream /transfers/stream). The spec does not show how a transfer is created; POST
 * /transfers lets an agent hand a patient (and optionally the queue entry they hold) to another agent, or to
 * whoever accepts it first when to_user_id is left out.
 */

export const TRANSFER_STATUSES = ['pending', 'accepted', 'rejected', 'completed'] as const;
export type TransferStatus = (typeof TRANSFER_STATUSES)[number];
export const TRANSFER_STATUS_LABELS: Record<TransferStatus, string> = {
  pending: 'Pendiente',
  accepted: 'Aceptada',
  rejected: 'Rechazada',
  completed: 'Completada',
};
/** pending → accepted | rejected; accepted → completed. Rejected and completed are final. */
export const TRANSFER_TRANSITIONS: Record<TransferStatus, readonly TransferStatus[]> = {
  pending: ['accepted', 'rejected'],
  accepted: ['completed'],
  rejected: [],
  completed: [],
};

export const TRANSFER_MESSAGES = {
  notFound: 'Transferencia no encontrada',
  created: 'Transferencia creada',
  accepted: 'Transferencia aceptada',
  rejected: 'Transferencia rechazada',
  completed: 'Transferencia completada',
  reason: 'Debe indicar el motivo del rechazo',
  target: 'Debe seleccionar un agente o un paciente',
  agentNotFound: 'Agente no encontrado',
  agentInactive: 'El agente no está activo',
  self: 'No puede transferirse a sí mismo',
  notYours: 'La transferencia está dirigida a otro agente',
  notAcceptor: 'Solo el agente que aceptó la transferencia puede completarla',
  /** Invalid transitions, by the status the transfer is in. */
  invalid: {
    pending: 'La transferencia está pendiente: primero debe aceptarse',
    accepted: 'La transferencia ya fue aceptada',
    rejected: 'La transferencia fue rechazada y no admite cambios',
    completed: 'La transferencia ya fue completada y no admite cambios',
  } satisfies Record<TransferStatus, string>,
} as const;

/** Live events of /transfers/stream. */
export const TRANSFER_EVENT_TYPES = ['created', 'accepted', 'rejected', 'completed'] as const;
export type TransferEventType = (typeof TRANSFER_EVENT_TYPES)[number];
export const transferEventPayload = z.object({
  id: z.number(),
  status: z.enum(TRANSFER_STATUSES),
  from_user_id: z.number().nullable(),
  to_user_id: z.number().nullable(),
  accepted_by: z.number().nullable(),
});
export type TransferEventPayload = z.infer<typeof transferEventPayload>;

export const transferDto = z.object({
  id: z.number(),
  status: z.enum(TRANSFER_STATUSES),
  patient_id: z.number().nullable(),
  patient_name: z.string().nullable(),
  patient_phone: z.string().nullable(),
  queue_id: z.number().nullable(),
  call_log_id: z.number().nullable(),
  specialty_id: z.number().nullable(),
  specialty_name: z.string().nullable(),
  priority: z.string(),
  from_user_id: z.number().nullable(),
  from_user_name: z.string().nullable(),
  /** null: offered to every agent; the first who accepts takes it. */
  to_user_id: z.number().nullable(),
  to_user_name: z.string().nullable(),
  accepted_by: z.number().nullable(),
  accepted_by_name: z.string().nullable(),
  reason: z.string().nullable(),
  notes: z.string().nullable(),
  rejection_reason: z.string().nullable(),
  created_at: z.string(),
  accepted_at: z.string().nullable(),
  rejected_at: z.string().nullable(),
  completed_at: z.string().nullable(),
  updated_at: z.string(),
});
export type TransferDto = z.infer<typeof transferDto>;

const transferStatus = status(
  [...TRANSFER_STATUSES, 'all'] as const,
  {
    pendiente: 'pending',
    aceptada: 'accepted',
    rechazada: 'rejected',
    completada: 'completed',
    todas: 'all',
  },
  'Estado de transferencia inválido',
);
/**
 * GET /transfers?status= (default pending; 'all' for every status). Agents see the transfers they sent,
 * those addressed to them and the open ones; admins and supervisors see all.
 */
export const listTransfersQuery = z.object({
  status: z.preprocess((v) => (v === '' || v == null ? undefined : v), transferStatus.default('pending')),
  limit: z.coerce
    .number({ error: 'El límite debe ser un número' })
    .int()
    .min(1, 'El límite debe ser 1 o mayor')
    .default(100)
    .transform((n) => Math.min(n, 500)),
});
export type ListTransfersQuery = z.infer<typeof listTransfersQuery>;
export const listTransfersResponse = ok(z.array(transferDto)).extend({ total: z.number() });
export type ListTransfersResponse = z.infer<typeof listTransfersResponse>;

/** POST /transfers: to_user_id and/or a patient (patient_id, or the queue entry / call log about one). */
export const createTransferBody = z
  .object({
    to_user_id: clearableRefId('Agente inválido'),
    patient_id: clearableRefId('Paciente inválido'),
    queue_id: clearableRefId('Entrada inválida'),
    call_log_id: clearableRefId('Llamada inválida'),
    priority: z.preprocess(
      (v) => (v === null || v === '' ? undefined : v),
      priorityLevel.optional().default('Normal'),
    ),
    reason: clearableText(500, 'El motivo no puede exceder 500 caracteres'),
    notes: clearableText(2000, 'Las notas no pueden exceder 2000 caracteres'),
  })
  .refine((b) => b.to_user_id || b.patient_id || b.queue_id || b.call_log_id, TRANSFER_MESSAGES.target);
export type CreateTransferBody = z.infer<typeof createTransferBody>;
export type CreateTransferInput = z.input<typeof createTransferBody>;

/** POST /transfers/{id}/reject. */
export const rejectTransferBody = z.object({
  reason: z
    .string({ error: TRANSFER_MESSAGES.reason })
    .trim()
    .min(1, TRANSFER_MESSAGES.reason)
    .max(500, 'El motivo no puede exceder 500 caracteres'),
});
export type RejectTransferBody = z.infer<typeof rejectTransferBody>;

export const transferResponse = ok(transferDto);
export type TransferResponse = z.infer<typeof transferResponse>;
