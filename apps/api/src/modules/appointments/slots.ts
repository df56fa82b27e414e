import { and, eq, inArray, sql } from 'drizzle-orm';
import { AppError } from '@ips/shared/errors';
import type { Executor } from '../../db/client';
import { availabilities } from '../../db/schema/agendas';
import { appointments } from '../../db/schema/appointments';

/*
 * Slot accounting of agendas (ARCHITECTURE rule 5). booked_slots is the number of the agenda's Confirmada
 * appointments; every change of that number goes through these functions, inside the caller's transaction,
 * so the appointment and its slot commit together. The conditional UPDATE is the capacity check itself: two
 * bookings racing for the last slot cannot both get a row back, and the CHECK (booked_slots <= capacity)
 * stands behind it.
 */

export const NO_SLOTS_MESSAGE = 'No hay cupos disponibles en esta agenda';

/** Takes one slot of an Activa agenda with room left, or throws 409. */
export async function takeSlot(tx: Executor, availabilityId: number) {
  const [row] = await tx
    .update(availabilities)
    .set({ bookedSlots: sql`${availabilities.bookedSlots} + 1`, updatedAt: sql`now()` })
    .where(
      and(
        eq(availabilities.id, availabilityId),
        eq(availabilities.status, 'Activa'),
        sql`${availabilities.bookedSlots} < ${availabilities.capacity}`,
      ),
    )
    .returning({
      id: availabilities.id,
      bookedSlots: availabilities.bookedSlots,
      capacity: availabilities.capacity,
    });
  if (!row) throw new AppError('CONFLICT', NO_SLOTS_MESSAGE);
  return row;
}

/** Gives back `count` slots (one by default); never below zero, whatever the agenda's status. */
export async function releaseSlot(tx: Executor, availabilityId: number, count = 1) {
  if (count <= 0) return null;
  const [row] = await tx
    .update(availabilities)
    .set({ bookedSlots: sql`greatest(${availabilities.bookedSlots} - ${count}, 0)`, updatedAt: sql`now()` })
    .where(eq(availabilities.id, availabilityId))
    .returning({ id: availabilities.id, bookedSlots: availabilities.bookedSlots });
  return row ?? null;
}

/** The Confirmada appointments of each agenda (agendas without any are absent from the map). */
export async function confirmedCounts(tx: Executor, availabilityIds: number[]): Promise<Map<number, number>> {
  if (availabilityIds.length === 0) return new Map();
  const rows = await tx
    .select({ id: appointments.availabilityId, n: sql<number>`count(*)::int` })
    .from(appointments)
    .where(and(inArray(appointments.availabilityId, availabilityIds), eq(appointments.status, 'Confirmada')))
    .groupBy(appointments.availabilityId);
  return new Map(rows.map((r) => [r.id!, r.n]));
}

export interface SlotDrift {
  id: number;
  before: number;
  after: number;
  capacity: number;
}

/**
 * Agendas whose booked_slots differs from their Confirmada count (all agendas, or the given ones), locked
 * for update. A count above capacity cannot be stored (the CHECK refuses it) and is reported, not fixed.
 */
export async function findDrift(tx: Executor, availabilityIds?: number[]): Promise<SlotDrift[]> {
  if (availabilityIds && availabilityIds.length === 0) return [];
  const only = availabilityIds
    ? sql`and a.id in (${sql.join(
        availabilityIds.map((id) => sql`${id}`),
        sql`, `,
      )})`
    : sql``;
  const res = await tx.execute<{ id: number; before: number; after: number; capacity: number }>(sql`
    select a.id, a.booked_slots as before, a.capacity,
      (select count(*)::int from appointments p where p.availability_id = a.id and p.status = 'Confirmada') as after
    from availabilities a
    where true ${only}
    order by a.id
    for update of a`);
  return res.rows.filter((r) => r.before !== r.after);
}

export async function setBookedSlots(tx: Executor, availabilityId: number, bookedSlots: number) {
  await tx
    .update(availabilities)
    .set({ bookedSlots, updatedAt: sql`now()` })
    .where(eq(availabilities.id, availabilityId));
}
