import { and, asc, eq, getTableName, gt, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import { APPOINTMENT_DURATION } from '@ips/shared/schemas/appointments';
import { containsPattern } from '@ips/shared/schemas/resources-common';
import type { Db, Executor } from '../../db/client';
import { appointments } from '../../db/schema/appointments';
import { patients } from '../../db/schema/patients';
import { doctors, specialties } from '../../db/schema/resources';
import { selectWithNames } from './repo';

/*
 * Cola Diaria's reads (GET /appointments/daily-queue). A day of a large clinic holds thousands of appointments
 * (8,250 at 300 doctors); the screen shows one page of them, so the page's ids are read from appointments alone
 * and only those rows get their names. The day's counts read appointments_scheduled_status_idx alone, and they
 * are also the list's total unless a search narrows it.
 */

export interface DayFilter {
  /** The organisation's day as instants: [from, to). */
  from: Date;
  to: Date;
  doctorId?: number;
  specialtyId?: number;
  locationId?: number;
}

export interface DailyListFilter extends DayFilter {
  status?: string;
  /** Patient name or document, doctor or specialty, accents and case ignored. */
  q?: string;
}

/** The stable order of the queue, which every page follows: time, then id. */
const ORDER = [asc(appointments.scheduledAt), asc(appointments.id)] as const;

function dayWhere(f: DayFilter): SQL {
  return and(
    gte(appointments.scheduledAt, f.from),
    lt(appointments.scheduledAt, f.to),
    f.doctorId ? eq(appointments.doctorId, f.doctorId) : undefined,
    f.specialtyId ? eq(appointments.specialtyId, f.specialtyId) : undefined,
    f.locationId ? eq(appointments.locationId, f.locationId) : undefined,
  )!;
}

/**
 * A column of an enclosing query, named with its table. Drizzle leaves a column's table out when a statement
 * reads one table, so inside a subquery of the same or another table the bare name would bind to the subquery's
 * own column instead.
 */
const outer = (table: string, column: { name: string }) =>
  sql`${sql.identifier(table)}.${sql.identifier(column.name)}`;

/** Folds a parameter as immutable_unaccent(lower()) folds a column, so 'jose' finds 'José'. */
const fold = (text: string) => sql`immutable_unaccent(lower(${text}))`;

/**
 * The search over a day's appointments: the patient's folded name (patients.name_sort) or document, or a
 * doctor or specialty whose name matches (both tables are small: their matching ids are read once). The patient
 * is checked row by row through its primary key, a scalar subquery that the planner cannot turn into a join or a
 * hashed list, so a search costs one lookup per appointment of the day however many of the clinic's patients
 * match. Joined (or as an EXISTS, which it hashes), the count read the whole patients table: 1.2 s at 10⁶
 * patients against 77 ms for the day's 8,250 lookups (bench/schedule-reads.ts, this machine under load).
 */
function searchWhere(q: string): SQL {
  const like = fold(containsPattern(q));
  return sql`((select ${patients.nameSort} like ${like} or lower(${patients.document}) like ${like}
         from ${patients} where ${patients.id} = ${outer(getTableName(appointments), appointments.patientId)})
    or ${appointments.doctorId} in (select ${doctors.id} from ${doctors}
         where immutable_unaccent(lower(${doctors.name})) like ${like})
    or ${appointments.specialtyId} in (select ${specialties.id} from ${specialties}
         where immutable_unaccent(lower(${specialties.name})) like ${like}))`;
}

function listWhere(f: DailyListFilter): SQL {
  return and(
    dayWhere(f),
    f.status ? eq(appointments.status, f.status) : undefined,
    f.q ? searchWhere(f.q) : undefined,
  )!;
}

/**
 * Runs a search's reads with PostgreSQL's JIT compilation off. A search checks each appointment of the day
 * through a subquery, which the planner prices near or above jit_above_cost (100,000 by default) for a large
 * clinic's day; it then compiled the statement (145 functions, ~170 ms on the bench machine) to run a few
 * milliseconds of work.
 */
export function withoutJit<T>(db: Db, reads: (tx: Executor) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local jit = off`);
    return reads(tx);
  });
}

/** The day's appointments per status (the screen's cards). */
export async function countByStatus(db: Executor, f: DayFilter): Promise<Map<string, number>> {
  const rows = await db
    .select({ status: appointments.status, n: sql<number>`count(*)::int` })
    .from(appointments)
    .where(dayWhere(f))
    .groupBy(appointments.status);
  return new Map(rows.map((r) => [r.status, Number(r.n)]));
}

/**
 * The next appointment to attend: the earliest Confirmada of the day that has not ended at `now`, with its
 * 0-based place among the appointments that match every filter of the list (null when they leave it out), in
 * one statement. One that has not ended began at most the longest duration ago (a check constraint of the
 * table), which bounds the index scan: late in the day it reads nothing instead of the whole day. The place is
 * counted in two parts (earlier instants, then the same instant by id) so that the larger count can be read from
 * the (scheduled_at, status) index alone.
 */
const NEXT = 'next_to_attend';

export async function nextToAttend(db: Executor, f: DailyListFilter, now: Date) {
  const earliest = new Date(now.getTime() - APPOINTMENT_DURATION.max * 60_000);
  const next = db.$with(NEXT).as(
    db
      .select({ id: appointments.id, scheduledAt: appointments.scheduledAt, patientName: patients.name })
      .from(appointments)
      .innerJoin(patients, eq(patients.id, appointments.patientId))
      .where(
        and(
          dayWhere(f),
          eq(appointments.status, 'Confirmada'),
          gt(appointments.scheduledAt, earliest),
          gt(appointments.endsAt, now),
        ),
      )
      .orderBy(...ORDER)
      .limit(1),
  );
  const listed = listWhere(f);
  const at = outer(NEXT, appointments.scheduledAt);
  const id = outer(NEXT, appointments.id);
  const [row] = await db
    .with(next)
    .select({
      id: next.id,
      scheduledAt: next.scheduledAt,
      patientName: next.patientName,
      earlier: sql<number>`(select count(*)::int from ${appointments}
        where ${listed} and ${appointments.scheduledAt} < ${at})`,
      sameInstant: sql<number>`(select count(*)::int from ${appointments}
        where ${listed} and ${appointments.scheduledAt} = ${at} and ${appointments.id} < ${id})`,
      listed: sql<boolean>`exists (select 1 from ${appointments} where ${listed} and ${appointments.id} = ${id})`,
    })
    .from(next);
  if (!row) return null;
  return {
    id: row.id,
    scheduledAt: row.scheduledAt,
    patientName: row.patientName,
    place: row.listed ? Number(row.earlier) + Number(row.sameInstant) : null,
  };
}

/**
 * One page of the filtered list with the names the screen shows, in queue order: the page's ids are chosen from
 * appointments alone (a LIMIT/OFFSET subquery), and only those rows are joined to their names.
 */
export function pageRows(db: Executor, f: DailyListFilter, limit: number, offset: number) {
  const ids = db
    .select({ id: appointments.id })
    .from(appointments)
    .where(listWhere(f))
    .orderBy(...ORDER)
    .limit(limit)
    .offset(offset);
  return selectWithNames(db)
    .where(inArray(appointments.id, ids))
    .orderBy(...ORDER);
}

const countWhere = (db: Executor, where: SQL | undefined) =>
  db
    .select({ n: sql<number>`count(*)::int` })
    .from(appointments)
    .where(where)
    .then(([row]) => Number(row?.n ?? 0));

/**
 * A page of a search and the number of matches, from one read of the day: the match is checked row by row (see
 * searchWhere), so counting apart would check every row a second time. The total comes with each row (a window
 * count); a page past the end has no row to carry it and is counted apart.
 */
export async function searchPage(db: Executor, f: DailyListFilter, limit: number, offset: number) {
  const where = listWhere(f);
  const hits = await db
    .select({ id: appointments.id, total: sql<number>`(count(*) over ())::int` })
    .from(appointments)
    .where(where)
    .orderBy(...ORDER)
    .limit(limit)
    .offset(offset);
  if (hits.length === 0) return { rows: [], total: await countWhere(db, where) };
  const ids = hits.map((h) => h.id);
  const rows = await selectWithNames(db)
    .where(inArray(appointments.id, ids))
    .orderBy(...ORDER);
  return { rows, total: Number(hits[0]!.total) };
}

/** Every appointment that matches, with names, in queue order (the unpaged answer). */
export function allMatching(db: Executor, f: DailyListFilter) {
  return selectWithNames(db)
    .where(listWhere(f))
    .orderBy(...ORDER);
}
