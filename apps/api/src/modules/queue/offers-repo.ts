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

export async function hasOpenOffer(db: Executor, queueEntryId: number) {
  const [row] = await db
    .select({ id: queueSlotOffers.id })
    .from(queueSlotOffers)
    .where(
      and(
        eq(queueSlotOffers.queueEntryId, queueEntryId),
        eq(queueSlotOffers.status, 'offered'),
        sql`${queueSlotOffers.scheduledAt} > now()`,
      ),
    )
    .limit(1);
  return Boolean(row);
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
