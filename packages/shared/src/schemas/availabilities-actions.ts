import { z } from 'zod';
import {
  AGENDA_MESSAGES as M,
  checkTimesAndDistribution,
  normaliseAgendaKeys,
  requiredDay,
  requiredTime,
} from './availabilities';

/** Bodies of the agenda actions: transfer, simple reschedule and cancel (spec part 1 §5). */

export const TRANSFER_MODES = ['move', 'copy'] as const;
export type TransferMode = (typeof TRANSFER_MODES)[number];
export const transferAvailabilityBody = z.preprocess(
  (v) => {
    if (!v || typeof v !== 'object' || Array.isArray(v)) return v;
    const o = { ...(v as Record<string, unknown>) };
    o.new_date ??= o.newDate ?? o.date;
    return o;
  },
  z.object({
    new_date: requiredDay(M.transferDate),
    mode: z.preprocess(
      (v) => (typeof v === 'string' ? ({ mover: 'move', copiar: 'copy' }[v.trim()] ?? v.trim()) : v),
      z.enum(TRANSFER_MODES, { error: 'Modo de transferencia inválido (move o copy)' }).default('move'),
    ),
  }),
);
export type TransferAvailabilityBody = z.infer<typeof transferAvailabilityBody>;

export const rescheduleAvailabilityBody = z.preprocess(
  normaliseAgendaKeys,
  z
    .object({
      date: requiredDay(M.date),
      start_time: requiredTime(M.startTime),
      end_time: requiredTime(M.endTime),
    })
    .superRefine(checkTimesAndDistribution),
);
export type RescheduleAvailabilityBody = z.infer<typeof rescheduleAvailabilityBody>;

export const NOTICE_CHANNELS = ['sistema', 'email', 'sms', 'whatsapp', 'llamada'] as const;
export const cancelAvailabilityBody = z.object({
  message: z
    .string({ error: M.cancelMessage })
    .trim()
    .min(1, M.cancelMessage)
    .max(1000, 'El mensaje no puede exceder 1000 caracteres'),
  channel: z.enum(NOTICE_CHANNELS, { error: 'Canal inválido' }).default('sistema'),
});
export type CancelAvailabilityBody = z.infer<typeof cancelAvailabilityBody>;
