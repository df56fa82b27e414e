import { and, asc, count, eq, gte, inArray, lt, ne, notInArray, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { appointments } from '../../db/schema/appointments';
import { eps } from '../../db/schema/catalogs';
import { patients } from '../../db/schema/patients';
import { doctors, locations, specialties } from '../../db/schema/resources';

export type AppointmentRow = typeof appointments.$inferSelect;
export type AppointmentValues = typeof appointments.$inferInsert;

/** An appointment with the names the screens show beside it. */
const withNames = {
  a: appointments,
  patientName: patients.name,
  patientDocument: patients.document,
  patientPhone: patients.phone,
  patientEmail: patients.email,
  patientBirthDate: patients.birthDate,
  patientEps: eps.name,
  doctorName: doctors.name,
  specialtyName: specialties.name,
  locationName: locations.name,
};

export function selectWithNames(db: Executor) {
  return db
    .select(withNames)
    .from(appointments)
    .innerJoin(patients, eq(patients.id, appointments.patientId))
    .innerJoin(doctors, eq(doctors.id, appointments.doctorId))
    .innerJoin(specialties, eq(specialties.id, appointments.specialtyId))
    .innerJoin(locations, eq(locations.id, appointments.locationId))
    .leftJoin(eps, eq(eps.id, patients.insuranceEpsId));
}
export type AppointmentWithNames = Awaited<ReturnType<ReturnType<typeof selectWithNames>['execute']>>[number];

export interface AppointmentFilter {
  status?: string;
  /** Instants bounding scheduled_at: [from, to). */
  from?: Date;
  to?: Date;
  availabilityId?: number;
  patientId?: number;
  doctorId?: number;
}

function where(f: AppointmentFilter): SQL | undefined {
  return and(
    f.status ? eq(appointments.status, f.status) : undefined,
    f.from ? gte(appointments.scheduledAt, f.from) : undefined,
    f.to ? lt(appointments.scheduledAt, f.to) : undefined,
    f.availabilityId ? eq(appointments.availabilityId, f.availabilityId) : undefined,
    f.patientId ? eq(appointments.patientId, f.patientId) : undefined,
    f.doctorId ? eq(appointments.doctorId, f.doctorId) : undefined,
  );
}

export async function list(db: Executor, f: AppointmentFilter, limit: number, offset: number) {
  const [rows, [total]] = await Promise.all([
    selectWithNames(db)
      .where(where(f))
      .orderBy(asc(appointments.scheduledAt), asc(appointments.id))
      .limit(limit)
      .offset(offset),
    countMatching(db, f),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** How many appointments match: the list's total (the Panel's counts of a period, by status). */
export function countMatching(db: Executor, f: AppointmentFilter) {
  return db.select({ n: count() }).from(appointments).where(where(f));
}

/** All appointments matching, with names, oldest first (agenda details, exports). */
export function listAll(db: Executor, f: AppointmentFilter) {
  return selectWithNames(db).where(where(f)).orderBy(asc(appointments.scheduledAt), asc(appointments.id));
}

export async function findByIdForUpdate(db: Executor, id: number) {
  const [row] = await db.select().from(appointments).where(eq(appointments.id, id)).for('update');
  return row ?? null;
}

export async function findWithNames(db: Executor, id: number) {
  const [row] = await selectWithNames(db).where(eq(appointments.id, id));
  return row ?? null;
}

export async function insert(db: Executor, values: AppointmentValues) {
  const [row] = await db.insert(appointments).values(values).returning();
  return row!;
}

export async function update(db: Executor, id: number, values: Partial<AppointmentValues>) {
  const [row] = await db
    .update(appointments)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(appointments.id, id))
    .returning();
  return row ?? null;
}

/** The agenda's appointments that are still to happen (neither Cancelada nor Completada), locked. */
export function openOfAgendaForUpdate(db: Executor, availabilityId: number) {
  return db
    .select()
    .from(appointments)
    .where(
      and(
        eq(appointments.availabilityId, availabilityId),
        notInArray(appointments.status, ['Cancelada', 'Completada']),
      ),
    )
    .orderBy(asc(appointments.scheduledAt), asc(appointments.id))
    .for('update');
}

/** The agenda's non-cancelled appointments (Completada included), locked, in time order. */
export function nonCancelledOfAgendaForUpdate(db: Executor, availabilityId: number) {
  return db
    .select()
    .from(appointments)
    .where(and(eq(appointments.availabilityId, availabilityId), ne(appointments.status, 'Cancelada')))
    .orderBy(asc(appointments.scheduledAt), asc(appointments.id))
    .for('update');
}

export async function countNonCancelledOfAgenda(db: Executor, availabilityId: number) {
  const [row] = await db
    .select({ n: count() })
    .from(appointments)
    .where(and(eq(appointments.availabilityId, availabilityId), ne(appointments.status, 'Cancelada')));
  return row?.n ?? 0;
}

/** Sets the given appointments Cancelada with a reason; returns them as they were before. */
export async function cancelMany(db: Executor, ids: number[], reason: string) {
  if (ids.length === 0) return [];
  return db
    .update(appointments)
    .set({ status: 'Cancelada', cancellationReason: reason, cancelledAt: sql`now()`, updatedAt: sql`now()` })
    .where(and(inArray(appointments.id, ids), ne(appointments.status, 'Cancelada')))
    .returning({ id: appointments.id, patientId: appointments.patientId });
}

/**
 * `[scheduled_at, ends_at)` overlaps `[from, to)`, written as the range of the exclusion constraints
 * (0005_agendas_constraints) so that their GiST indexes bound the scan by time as well as by doctor, patient or
 * room. The equivalent `scheduled_at < to and ends_at > from` bounds no index from below: it read every earlier
 * appointment of the doctor or patient (or of the whole table under an OR), a cost that grew with the history.
 */
export const overlapsInterval = (from: Date, to: Date) =>
  sql`tstzrange(${appointments.scheduledAt}, ${appointments.endsAt}) && tstzrange(${from}::timestamptz, ${to}::timestamptz)`;

/** The busy intervals of a doctor between two instants (non-cancelled appointments). */
export function doctorBusy(db: Executor, doctorId: number, from: Date, to: Date, excludeId?: number) {
  return db
    .select({ id: appointments.id, scheduledAt: appointments.scheduledAt, endsAt: appointments.endsAt })
    .from(appointments)
    .where(
      and(
        eq(appointments.doctorId, doctorId),
        ne(appointments.status, 'Cancelada'),
        overlapsInterval(from, to),
        excludeId ? ne(appointments.id, excludeId) : undefined,
      ),
    );
}

/**
 * Non-cancelled appointments per local day between two instants, for the calendar summary. Counted per instant
 * first, in the order of appointments_scheduled_status_idx (read alone: the status is in it), and only those
 * instants (a few hundred a month) turned into local days: a local date per row cost more than the read itself
 * (bench/schedule-reads.ts, a month of 146,040 rows: 80 ms with a date per row, 33 ms per instant first).
 */
export function countPerLocalDay(db: Executor, tz: string, from: Date, to: Date) {
  const perInstant = db
    .select({ at: appointments.scheduledAt, n: sql<number>`count(*)`.as('n') })
    .from(appointments)
    .where(
      and(
        ne(appointments.status, 'Cancelada'),
        gte(appointments.scheduledAt, from),
        lt(appointments.scheduledAt, to),
      ),
    )
    .groupBy(appointments.scheduledAt)
    .as('per_instant');
  const day = sql<string>`to_char(${perInstant.at} at time zone ${tz}, 'YYYY-MM-DD')`;
  return (
    db
      .select({ date: day, n: sql<number>`sum(${perInstant.n})::int` })
      .from(perInstant)
      // By position: the expression carries a parameter, and two placeholders never compare equal in GROUP BY.
      .groupBy(sql`1`)
  );
}

/** The busy intervals of a patient between two instants (non-cancelled appointments). */
export function patientBusy(db: Executor, patientId: number, from: Date, to: Date, excludeId?: number) {
  return db
    .select({ id: appointments.id, scheduledAt: appointments.scheduledAt, endsAt: appointments.endsAt })
    .from(appointments)
    .where(
      and(
        eq(appointments.patientId, patientId),
        ne(appointments.status, 'Cancelada'),
        overlapsInterval(from, to),
        excludeId ? ne(appointments.id, excludeId) : undefined,
      ),
    );
}
