import type { appointments } from '../../db/schema/appointments';
import type { World } from '../availabilities/test-factory';

/** Helpers for the rollup tests (not a test file itself). */

/** A Bogotá local time ('2026-03-16T08:00') as an instant. */
export const at = (local: string) => new Date(`${local}:00-05:00`);

/** A 30-minute Confirmada appointment row of Medicina General with doctor A at Sede Norte, `fields` over it. */
export const appointmentRow =
  (w: World) =>
  (patientId: number, local: string, fields: Partial<typeof appointments.$inferInsert> = {}) => ({
    patientId,
    specialtyId: w.generalId,
    doctorId: w.drA,
    locationId: w.northId,
    scheduledAt: at(local),
    endsAt: new Date(at(local).getTime() + 30 * 60_000),
    durationMinutes: 30,
    status: 'Confirmada' as const,
    ...fields,
  });
