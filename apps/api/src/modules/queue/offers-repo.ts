import { and, eq, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { queueSlotOffers } from '../../db/schema/queue';

/** Freed slots offered to waiting patients (queue_slot_offers): who got which slot and why. */

export type SlotOfferRow = typeof queueSlotOffers.$inferSelect;
export type NewSlotOffer = typeof queueSlotOffers.$inferInsert;

export async function insert(db: Executor, values: NewSlotOffer) {
  const [row] = await db.insert(queueSlotOffers).values(values).returning();
  return row!;
}

/**
 * An open offer (alias `so`, its agenda `a`) still stands while its slot is free: not yet begun, the agenda Activa
 * with a place left, and no live appointment of the doctor at that time. A notify-mode offer is only a notice;
 * when someone else books the slot first, the offer is withdrawn from view (and no longer blocks a new one).
 */
export const OPEN_OFFER_STILL_FREE = `so.status = 'offered' and so.scheduled_at > now()
      and a.status = 'Activa' and a.booked_slots < a.capacity
      and not exists (
        select 1 from appointments ap
         where ap.doctor_id = a.doctor_id and ap.status <> 'Cancelada'
           and tstzrange(ap.scheduled_at, ap.ends_at)
               && tstzrange(so.scheduled_at, so.scheduled_at + make_interval(mins => so.duration_minutes)))`;

export async function hasOpenOffer(db: Executor, queueEntryId: number) {
  const rows = await db.execute(
    sql`select 1 from queue_slot_offers so join availabilities a on a.id = so.availability_id
         where so.queue_entry_id = ${queueEntryId} and ${sql.raw(OPEN_OFFER_STILL_FREE)} limit 1`,
  );
  return (Array.isArray(rows) ? rows : (rows as { rows: unknown[] }).rows).length > 0;
}

/**
 * Resolves the entry's open offers when it leaves the queue: the one for the agenda it was booked into is
 * accepted (with the appointment), the others expire.
 */
export async function resolveForEntry(
  db: Executor,
  queueEntryId: number,
  booked: { availabilityId: number | null; appointmentId: number | null },
) {
  const open = and(eq(queueSlotOffers.queueEntryId, queueEntryId), eq(queueSlotOffers.status, 'offered'));
  const accepted = booked.availabilityId
    ? await db
        .update(queueSlotOffers)
        .set({ status: 'accepted', appointmentId: booked.appointmentId, resolvedAt: sql`now()` })
        .where(and(open, eq(queueSlotOffers.availabilityId, booked.availabilityId)))
        .returning()
    : [];
  const expired = await db
    .update(queueSlotOffers)
    .set({ status: 'expired', resolvedAt: sql`now()` })
    .where(
      booked.availabilityId ? and(open, ne(queueSlotOffers.availabilityId, booked.availabilityId)) : open,
    )
    .returning();
  return { accepted, expired };
}
