import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import { containsPattern } from '@ips/shared/schemas/resources-common';
import type { Executor } from '../../db/client';
import { queueEntries } from '../../db/schema/queue';
import {
  doctorSpecialties,
  epsAuthorizations,
  locationSpecialties,
  services,
  specialties,
} from '../../db/schema/resources';

export type SpecialtyRow = typeof specialties.$inferSelect;

export async function findById(db: Executor, id: number) {
  const [row] = await db.select().from(specialties).where(eq(specialties.id, id));
  return row ?? null;
}

export async function findByIdForUpdate(db: Executor, id: number) {
  const [row] = await db.select().from(specialties).where(eq(specialties.id, id)).for('update');
  return row ?? null;
}

/** Whether a service exists and is active, read under a share lock so it is not deactivated meanwhile. */
export async function serviceActive(db: Executor, id: number): Promise<boolean | null> {
  const [row] = await db
    .select({ active: services.active })
    .from(services)
    .where(eq(services.id, id))
    .for('share');
  return row ? row.active : null;
}

export function list(db: Executor, filter: { q?: string; active?: boolean }) {
  const like = filter.q ? containsPattern(filter.q) : undefined;
  return db
    .select()
    .from(specialties)
    .where(
      and(
        like ? sql`immutable_unaccent(${specialties.name}) ilike immutable_unaccent(${like})` : undefined,
        filter.active === undefined ? undefined : eq(specialties.active, filter.active),
      ),
    )
    .orderBy(asc(specialties.name), asc(specialties.id));
}

export async function insert(db: Executor, values: typeof specialties.$inferInsert) {
  const [row] = await db.insert(specialties).values(values).returning();
  return row!;
}

export async function update(db: Executor, id: number, values: Partial<typeof specialties.$inferInsert>) {
  const [row] = await db
    .update(specialties)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(specialties.id, id))
    .returning();
  return row ?? null;
}

export async function remove(db: Executor, id: number) {
  await db.delete(specialties).where(eq(specialties.id, id));
}

/** Queue entries still in the queue: waiting, or taken by an agent and not yet scheduled. */
const IN_QUEUE = ['waiting', 'assigned'];

/** Doctors and locations that offer the specialty, and the patients in its waiting queue. */
export async function usage(db: Executor, id: number) {
  const [[d], [l], [q]] = await Promise.all([
    db.select({ n: count() }).from(doctorSpecialties).where(eq(doctorSpecialties.specialtyId, id)),
    db.select({ n: count() }).from(locationSpecialties).where(eq(locationSpecialties.specialtyId, id)),
    db
      .select({ n: count() })
      .from(queueEntries)
      .where(and(eq(queueEntries.specialtyId, id), inArray(queueEntries.status, IN_QUEUE))),
  ]);
  return { doctors: d?.n ?? 0, locations: l?.n ?? 0, queue: q?.n ?? 0 };
}

export async function authorizationIds(db: Executor, id: number) {
  const rows = await db
    .select({ id: epsAuthorizations.id })
    .from(epsAuthorizations)
    .where(eq(epsAuthorizations.specialtyId, id));
  return rows.map((r) => r.id);
}
