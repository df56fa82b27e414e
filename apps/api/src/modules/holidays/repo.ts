import { and, asc, eq, gte, lte, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { holidays } from '../../db/schema/holidays';
import { ensureHolidayYears } from './calendar';

export type HolidayRow = typeof holidays.$inferSelect;

/** The holidays of a range, the years it reaches computed first when never seeded (calendar.ts). */
export async function list(db: Executor, f: { start?: string; end?: string }) {
  if (f.start && f.end) await ensureHolidayYears(db, f.start, f.end);
  return db
    .select()
    .from(holidays)
    .where(
      and(f.start ? gte(holidays.date, f.start) : undefined, f.end ? lte(holidays.date, f.end) : undefined),
    )
    .orderBy(asc(holidays.date));
}

/** The holiday dates between two days, for the working-day arithmetic of the quota distribution. */
export async function datesBetween(db: Executor, start: string, end: string): Promise<Set<string>> {
  const rows = await list(db, { start, end });
  return new Set(rows.map((r) => r.date));
}

export async function findByDate(db: Executor, date: string) {
  const [row] = await db.select().from(holidays).where(eq(holidays.date, date));
  return row ?? null;
}

export async function insert(db: Executor, values: { date: string; name: string }) {
  const [row] = await db.insert(holidays).values(values).onConflictDoNothing().returning();
  return row ?? null;
}

export async function rename(db: Executor, date: string, name: string) {
  const [row] = await db
    .update(holidays)
    .set({ name, updatedAt: sql`now()` })
    .where(eq(holidays.date, date))
    .returning();
  return row ?? null;
}

export async function remove(db: Executor, date: string) {
  const [row] = await db.delete(holidays).where(eq(holidays.date, date)).returning();
  return row ?? null;
}
