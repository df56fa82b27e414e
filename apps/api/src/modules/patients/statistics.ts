import { ageInYears, localDate, startOfLocalDay } from '@ips/shared/format';
import type { PatientStatisticsDto, PatientSummaryDto } from '@ips/shared/schemas/patients-response';
import type { AppDeps } from '../../lib/context';
import * as stats from './stats-repo';

const UNSPECIFIED = 'No especificado';
const genderCounts = (rows: { gender: string | null; n: number }[]) =>
  rows.map((r) => ({ gender: r.gender ?? UNSPECIFIED, count: r.n })).sort((a, b) => b.count - a.count);

/**
 * The four cards of the patient page. 'Nuevos Hoy' starts at local midnight in the organisation's timezone,
 * whatever the server's own TZ.
 */
export async function patientSummary(deps: AppDeps, now: Date = new Date()): Promise<PatientSummaryDto> {
  const since = startOfLocalDay(localDate(now, deps.config.orgTimezone), deps.config.orgTimezone);
  const [byGender, newToday, top] = await Promise.all([
    stats.countByGenderAndStatus(deps.db),
    stats.countCreatedSince(deps.db, since),
    stats.topEps(deps.db, 3),
  ]);
  const active = byGender.reduce((sum, r) => sum + r.active, 0);
  const inactive = byGender.reduce((sum, r) => sum + r.inactive, 0);
  return {
    total: active + inactive,
    active,
    inactive,
    new_today: newToday,
    by_gender: genderCounts(byGender.map((r) => ({ gender: r.gender, n: r.active + r.inactive }))),
    top_eps: top.map((e) => ({ id: e.id, name: e.name, count: e.n })),
  };
}

/** Spec §3 "Patient statistics response"; ages in whole years on today's local date. */
export async function patientStatistics(
  deps: AppDeps,
  now: Date = new Date(),
): Promise<PatientStatisticsDto> {
  const today = localDate(now, deps.config.orgTimezone);
  const db = deps.db;
  const [ages, byBlood, byEstrato, byEps] = await Promise.all([
    stats.ageFiguresByGender(db, today),
    stats.countByBloodGroup(db),
    stats.countByEstrato(db),
    stats.topEps(db, 10),
  ]);
  const sum = (pick: (r: (typeof ages)[number]) => number) => ages.reduce((s, r) => s + pick(r), 0);
  const aged = sum((r) => r.aged);
  const births = ages
    .flatMap((r) => [r.oldestBirth, r.youngestBirth])
    .filter((b): b is string => b !== null)
    .sort();
  const ageOf = (birth: string) => ageInYears(birth, now, deps.config.orgTimezone);
  return {
    total_patients: sum((r) => r.total),
    average_age: aged ? Math.round((sum((r) => Number(r.ageSum ?? 0)) / aged) * 10) / 10 : null,
    min_age: births.length ? ageOf(births[births.length - 1]!) : null,
    max_age: births.length ? ageOf(births[0]!) : null,
    elderly_count: sum((r) => r.elderly),
    by_gender: genderCounts(ages.map((r) => ({ gender: r.gender, n: r.total }))),
    by_age_range: stats.AGE_RANGES.map(([label], k) => ({
      age_range: label,
      count: sum((r) => (r as unknown as Record<string, number>)[`r${k}`] ?? 0),
    })),
    by_blood_group: byBlood.map((r) => ({ name: r.name, count: r.n })),
    by_estrato: byEstrato.map((r) => ({ estrato: r.estrato, count: r.n })),
    by_eps: byEps.map((r) => ({ name: r.name, count: r.n })),
    children_by_gender: genderCounts(
      ages.filter((r) => r.children > 0).map((r) => ({ gender: r.gender, n: r.children })),
    ),
  };
}
