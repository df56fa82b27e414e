import { inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { holidaySeededYears, holidays } from '../../db/schema/holidays';
import { colombianHolidays } from '../../db/seed/holidays';

/*
 * The Colombian holidays of any year, on demand (issue 34 item 18, decision 043). The start-up seeding covers
 * last year to three years ahead; a read that reaches another year (a template generated for 2030, a business-day
 * range across a new year, an old period of the analytics) first writes that year's computed holidays (Ley 51 de
 * 1983: fixed days, days moved to the next Monday, and the Easter-based ones, by `date-holidays`) and marks the
 * year seeded. From then on the table is the truth: what an administrator adds, renames or deletes stays so.
 */

/** Ley 51 de 1983 ("ley Emiliani") rules the calendar from 1984; years far ahead are not written. */
const FIRST_YEAR = 1984;
const LAST_YEAR = 2199;

/** Makes sure every year between two dates (YYYY-MM-DD, either order) has its holidays in the table. */
export async function ensureHolidayYears(db: Executor, start: string, end: string): Promise<void> {
  let from = Number(start.slice(0, 4));
  let to = Number(end.slice(0, 4));
  if (from > to) [from, to] = [to, from];
  from = Math.max(from, FIRST_YEAR);
  to = Math.min(to, LAST_YEAR);
  if (!Number.isInteger(from) || !Number.isInteger(to) || from > to) return;
  const years = Array.from({ length: to - from + 1 }, (_, i) => from + i);
  const done = new Set(
    (
      await db
        .select({ year: holidaySeededYears.year })
        .from(holidaySeededYears)
        .where(inArray(holidaySeededYears.year, years))
    ).map((r) => r.year),
  );
  for (const year of years) {
    if (done.has(year)) continue;
    // Both writes ignore a concurrent reader that seeded the year first; a date already in the table (an
    // administrator's own holiday) is kept as it is.
    const rows = colombianHolidays(year);
    if (rows.length) await db.insert(holidays).values(rows).onConflictDoNothing();
    await db.insert(holidaySeededYears).values({ year }).onConflictDoNothing();
  }
}
