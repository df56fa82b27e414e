import { count, desc, eq, gt, gte, isNotNull, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { bloodGroups, eps } from '../../db/schema/catalogs';
import { patientBirthCounts, patientProfileCounts } from '../../db/schema/patient-demographics';
import { patientCounts, patients } from '../../db/schema/patients';

/*
 * Whole-directory aggregates, read from counters that triggers keep exact: the cards (summary) from
 * patient_counts and the created_at index, the statistics dialog from patient_birth_counts and
 * patient_profile_counts. None of them scans the patients table.
 */

/**
 * Per gender, active and inactive: the status totals and the gender card, summed from the counters that
 * patient_counts keeps exact (a few thousand rows instead of every patient).
 */
export function countByGenderAndStatus(db: Executor) {
  const c = patientCounts;
  return db
    .select({
      gender: c.gender,
      active: sql<number>`coalesce(sum(${c.n}) filter (where ${c.status} = 'Activo'), 0)::int`,
      inactive: sql<number>`coalesce(sum(${c.n}) filter (where ${c.status} = 'Inactivo'), 0)::int`,
    })
    .from(c)
    .groupBy(c.gender)
    .having(sql`sum(${c.n}) > 0`);
}

export async function countCreatedSince(db: Executor, since: Date) {
  const [row] = await db.select({ n: count() }).from(patients).where(gte(patients.createdAt, since));
  return row?.n ?? 0;
}

/** EPS with the most patients, from the counters (an EPS counts once it has a patient, as with a join). */
export function topEps(db: Executor, limit: number) {
  const n = sql<number>`sum(${patientCounts.n})::int`;
  return db
    .select({ id: eps.id, name: eps.name, n })
    .from(patientCounts)
    .innerJoin(eps, eq(eps.id, patientCounts.insuranceEpsId))
    .groupBy(eps.id, eps.name)
    .having(sql`sum(${patientCounts.n}) > 0`)
    .orderBy(desc(n), eps.name)
    .limit(limit);
}

/** Life-course stages of the Colombian care model (Resolución 3280 de 2018): [label, from, to]. */
export const AGE_RANGES: readonly [label: string, from: number, to: number | null][] = [
  ['0-5', 0, 5],
  ['6-11', 6, 11],
  ['12-17', 12, 17],
  ['18-28', 18, 28],
  ['29-59', 29, 59],
  ['60+', 60, null],
];

/**
 * The last birth date of someone who is at least `years` old on `today`: the same date `years` earlier, or
 * 28 February when that year has no 29th (the whole-years rule of ageInYears).
 */
export function bornOnOrBefore(today: string, years: number): string {
  const [y, m, d] = today.split('-').map(Number) as [number, number, number];
  const year = y - years;
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  const day = m === 2 && d === 29 && !leap ? 28 : d;
  return `${String(year).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/**
 * Age figures per gender, from the birth-date counters (one row per gender and day of birth, each weighted by
 * its n). Every "age ≥ N" is a comparison of the birth date with a date computed here, and the sum of ages reads
 * the date once as yyyymmdd ((today − birth) div 10000 is the age in whole years).
 */
export function ageFiguresByGender(db: Executor, today: string) {
  const c = patientBirthCounts;
  const b = c.birthDate;
  const t = Number(today.replaceAll('-', ''));
  const atLeast = (years: number) => sql`${b} <= ${bornOnOrBefore(today, years)}::date`;
  const total = (where?: SQL) =>
    sql<number>`(coalesce(sum(${c.n})${where ? sql` filter (where ${where})` : sql``}, 0))::int`;
  const ranges = Object.fromEntries(
    AGE_RANGES.map(([, from, to], k) => [
      `r${k}`,
      total(to === null ? atLeast(from) : sql`${atLeast(from)} and not ${atLeast(to + 1)}`),
    ]),
  ) as Record<`r${number}`, SQL<number>>;
  const yyyymmdd = sql`(date_part('year', ${b}) * 10000 + date_part('month', ${b}) * 100 + date_part('day', ${b}))`;
  return db
    .select({
      gender: c.gender,
      total: total(),
      aged: total(atLeast(0)),
      ageSum: sql<
        string | null
      >`sum(${c.n} * floor((${t} - ${yyyymmdd}) / 10000)) filter (where ${atLeast(0)})`,
      oldestBirth: sql<string | null>`min(${b})::text`,
      youngestBirth: sql<string | null>`(max(${b}) filter (where ${atLeast(0)}))::text`,
      children: total(sql`${atLeast(0)} and not ${atLeast(18)}`),
      elderly: total(atLeast(60)),
      ...ranges,
    })
    .from(c)
    .where(gt(c.n, 0))
    .groupBy(c.gender);
}

const profileTotal = sql<number>`sum(${patientProfileCounts.n})::int`;

export function countByBloodGroup(db: Executor) {
  return db
    .select({ name: bloodGroups.name, n: profileTotal })
    .from(patientProfileCounts)
    .innerJoin(bloodGroups, eq(bloodGroups.id, patientProfileCounts.bloodGroupId))
    .groupBy(bloodGroups.id, bloodGroups.name)
    .having(sql`sum(${patientProfileCounts.n}) > 0`)
    .orderBy(bloodGroups.id);
}

export function countByEstrato(db: Executor) {
  return db
    .select({ estrato: sql<number>`${patientProfileCounts.estrato}::int`, n: profileTotal })
    .from(patientProfileCounts)
    .where(isNotNull(patientProfileCounts.estrato))
    .groupBy(patientProfileCounts.estrato)
    .having(sql`sum(${patientProfileCounts.n}) > 0`)
    .orderBy(patientProfileCounts.estrato);
}
