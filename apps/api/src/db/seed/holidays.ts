import Holidays from 'date-holidays';
import { inArray } from 'drizzle-orm';
import type { Db } from '../client';
import { holidaySeededYears, holidays } from '../schema/holidays';

/**
 * Colombian public holidays of one year from `date-holidays` (Ley 51 de 1983 and Ley 2578 de 2026, which the
 * library applies from 2026 on). Only `public` ones: Easter Sunday ('Pascua') is listed by the library as
 * public but is a Sunday anyway and no day off, so it is left out. The library calls the Ascension Monday
 * 'La Asunción', which reads like the 15 August holiday; it is renamed.
 */
export function colombianHolidays(year: number): { date: string; name: string }[] {
  const byDate = new Map<string, string[]>();
  for (const h of new Holidays('CO').getHolidays(year)) {
    if (h.type !== 'public' || h.name === 'Pascua') continue;
    const date = h.date.slice(0, 10);
    const month = Number(date.slice(5, 7));
    const name =
      h.name === 'La Asunción' && (month === 5 || month === 6) ? 'Ascensión del Señor' : fixCase(h.name);
    const names = byDate.get(date) ?? [];
    if (!names.includes(name)) names.push(name);
    byDate.set(date, names);
  }
  // Two holidays can fall on one Monday (2025-06-30); the date is the key, so their names are joined.
  return [...byDate].map(([date, names]) => ({ date, name: names.join(' / ') }));
}

const CASE_FIXES: Record<string, string> = {
  'La inmaculada concepción': 'La Inmaculada Concepción',
  'La virgen de Chiquinquirá': 'La Virgen de Chiquinquirá',
};
const fixCase = (name: string) => CASE_FIXES[name] ?? name;

/**
 * Seeds last year through three years ahead. Each year is seeded once (holiday_seeded_years), so what an
 * administrator deleted or renamed stays so after a restart, and a new year arrives by itself as time passes.
 */
export async function seedHolidays(db: Db, today: string): Promise<number> {
  const current = Number(today.slice(0, 4));
  const years = [current - 1, current, current + 1, current + 2, current + 3];
  return db.transaction(async (tx) => {
    const done = new Set(
      (
        await tx
          .select({ year: holidaySeededYears.year })
          .from(holidaySeededYears)
          .where(inArray(holidaySeededYears.year, years))
      ).map((r) => r.year),
    );
    let inserted = 0;
    for (const year of years.filter((y) => !done.has(y))) {
      const rows = colombianHolidays(year);
      if (rows.length) {
        const added = await tx
          .insert(holidays)
          .values(rows)
          .onConflictDoNothing()
          .returning({ d: holidays.date });
        inserted += added.length;
      }
      await tx.insert(holidaySeededYears).values({ year }).onConflictDoNothing();
    }
    return inserted;
  });
}
