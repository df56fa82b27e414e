import { asc, count, eq, gte, lte, and } from 'drizzle-orm';
import { localDate, parseLocalDateTime } from '@ips/shared/format';
import { addDays, fromMinutes, isoWeekday, toMinutes } from '@ips/shared/scheduling/calendar-days';
import { distributeCapacity, workingDays } from '@ips/shared/scheduling/distribution';
import type { Db, Tx } from '../client';
import { availabilities, availabilityDistributions } from '../schema/agendas';
import { appointments } from '../schema/appointments';
import { holidays } from '../schema/holidays';
import { patients } from '../schema/patients';
import { fitsSpecialty, reasonsFor, type DemoPatient } from './clinical-fit';
import { assignRequestTimes } from './request-times';
import {
  doctorLocations,
  doctors,
  doctorSpecialties,
  locationSpecialties,
  specialties,
} from '../schema/resources';

/*
 * Demo agendas (demo mode only): the seeded doctors' agendas over the past 2 weeks and the next 4 on working
 * days, mornings or afternoons at their sites, some with quota distribution, and appointments of demo
 * patients; before those two weeks, a year of history (from the first day of the month twelve months back), each
 * doctor one day a week, so Oportunidad's 12-month trend and first visits against controls mean something while
 * the first start stays fast. Each appointment is requested before its date (request-times.ts). Deterministic
 * (fixed seeds), and run only while no agenda exists, so a restart changes nothing. booked_slots is written as
 * the count of Confirmada appointments, the invariant the API keeps.
 */

const DEMO_SEED = 20_261_121;
const HISTORY_SEED = 20_251_201;
const REQUEST_SEED = 20_261_207;
/** The specialties whose first visits are given within days (primary care), the others' within weeks. */
const PRIMARY_CARE = new Set(['Medicina General', 'Odontología General', 'Optometría']);
function rng(seed: number) {
  return () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
    return seed / 2 ** 31;
  };
}

const CANCEL_REASONS = [
  'El paciente no puede asistir',
  'Solicitud del paciente',
  'Cita reprogramada por el paciente',
];

/** Sessions: a morning and an afternoon block; which one a doctor works depends on the weekday. */
const BLOCKS = [
  { start: '07:00', end: '11:00' },
  { start: '14:00', end: '18:00' },
] as const;

interface DoctorPlan {
  id: number;
  specialtyId: number;
  specialtyName: string;
  duration: number;
  locationIds: number[];
}

async function doctorPlans(tx: Tx): Promise<DoctorPlan[]> {
  const [docs, ds, dl, ls, specs] = await Promise.all([
    tx.select({ id: doctors.id }).from(doctors).where(eq(doctors.active, true)).orderBy(asc(doctors.id)),
    tx.select().from(doctorSpecialties).orderBy(asc(doctorSpecialties.specialtyId)),
    tx.select().from(doctorLocations).orderBy(asc(doctorLocations.locationId)),
    tx.select().from(locationSpecialties),
    tx
      .select({ id: specialties.id, name: specialties.name, minutes: specialties.defaultDurationMinutes })
      .from(specialties),
  ]);
  return docs.flatMap((d) => {
    const specialtyId = ds.find((x) => x.doctorId === d.id)?.specialtyId;
    if (!specialtyId) return [];
    const locationIds = dl
      .filter((x) => x.doctorId === d.id)
      .map((x) => x.locationId)
      .filter((l) => ls.some((x) => x.locationId === l && x.specialtyId === specialtyId));
    const specialty = specs.find((s) => s.id === specialtyId);
    const minutes = specialty?.minutes ?? 30;
    // Agenda durations are 15–240 in steps of 5.
    const duration = Math.min(240, Math.max(15, Math.round(minutes / 5) * 5));
    const specialtyName = specialty?.name ?? '';
    return locationIds.length ? [{ id: d.id, specialtyId, specialtyName, duration, locationIds }] : [];
  });
}

type AgendaInsert = typeof availabilities.$inferInsert;
type AppointmentInsert = Omit<typeof appointments.$inferInsert, 'availabilityId'>;
interface PlannedAgenda {
  agenda: AgendaInsert;
  quotas: { dayDate: string; quota: number; assigned: number }[];
  appointments: AppointmentInsert[];
}

function pickStatus(past: boolean, r: number): string {
  if (past) return r < 0.68 ? 'Completada' : r < 0.8 ? 'Confirmada' : r < 0.86 ? 'Pendiente' : 'Cancelada';
  return r < 0.75 ? 'Confirmada' : r < 0.9 ? 'Pendiente' : 'Cancelada';
}

/** Everything decided in memory first, so the writes are a few multi-row inserts (a fast first start). */
function planAgendas(
  plans: DoctorPlan[],
  days: string[],
  today: string,
  tz: string,
  holidaySet: ReadonlySet<string>,
  patients: DemoPatient[],
  returning: Map<string, number[]>,
  history = false,
): PlannedAgenda[] {
  const random = rng(history ? HISTORY_SEED : DEMO_SEED);
  // Its own draw, so the choice of returning patients leaves the plan's other draws where they were.
  const returnDraw = rng(history ? HISTORY_SEED + 1 : DEMO_SEED + 1);
  // Beyond the next few days a booked appointment is mostly a control: a first visit is given within days.
  const horizon = addDays(today, 3);
  // The history's agendas are all closed: the open ones of the expired-agenda dialog are the last working day's.
  const lastPastDay = history ? undefined : days.filter((d) => d < today).at(-1);
  const future = days.filter((d) => d >= today);
  // Each specialty books from the patients it would see (clinical-fit.ts), in turn.
  const pools = new Map<string, number[]>();
  const poolOf = (specialty: string) => {
    let pool = pools.get(specialty);
    if (!pool) {
      // Fit on the first and the last day, so nobody comes of age in between.
      pool = patients
        // Born by the first day: a year of history must not see a baby before its birth.
        .filter(
          (p) =>
            (!p.birthDate || p.birthDate <= days[0]!) &&
            fitsSpecialty(specialty, p, days[0]!) &&
            fitsSpecialty(specialty, p, days.at(-1)!),
        )
        .map((p) => p.id);
      pools.set(specialty, pool);
    }
    return pool;
  };
  const cursors = new Map<string, number>();
  const nextOf = (specialty: string, pool: number[]) => {
    const k = cursors.get(specialty) ?? 0;
    cursors.set(specialty, k + 1);
    return pool[k % pool.length]!;
  };
  const out: PlannedAgenda[] = [];
  for (const day of days) {
    const weekday = isoWeekday(day);
    const past = day < today;
    // One appointment per patient per day keeps the patient overlap constraint out of the way.
    const bookedToday = new Set<number>();
    for (const [i, plan] of plans.entries()) {
      // Three days a week per doctor, alternating morning and afternoon and rotating through the sites.
      // In the history, one day every other week.
      if ((weekday + i) % 5 >= (history ? 1 : 3)) continue;
      if (history && (Math.floor(Date.parse(day) / (7 * 86_400_000)) + i) % 2) continue;
      const block = BLOCKS[(weekday + i) % 2]!;
      const locationId = plan.locationIds[(weekday + i) % plan.locationIds.length]!;
      const capacity = Math.floor((toMinutes(block.end) - toMinutes(block.start)) / plan.duration);
      // A few of the last working day's agendas stay open so the expired-agenda dialog has something to show.
      const status = past && !(day === lastPastDay && i % 4 === 0) ? 'Completa' : 'Activa';
      const distribute = !past && !history && i % 6 === 0 && weekday === 1;
      // Past days were busy; the near future is fuller than the far future.
      const fill = history
        ? 0.45 + random() * 0.35
        : past
          ? 0.55 + random() * 0.35
          : Math.max(0.05, 0.7 - future.indexOf(day) * 0.03 + random() * 0.2);
      const appointmentsOf: AppointmentInsert[] = [];
      const pool = poolOf(plan.specialtyName);
      const reasons = reasonsFor(plan.specialtyName);
      for (let k = 0; k < Math.min(capacity, Math.round(capacity * fill)) && pool.length; k++) {
        // Patients come back: in the history two thirds of the visits are of someone already seen in the
        // specialty, so new patients last the year; far ahead nearly all are.
        let seen = returning.get(plan.specialtyName);
        if (!seen) returning.set(plan.specialtyName, (seen = []));
        const back = history ? 0.65 : day > horizon ? 0.97 : 0;
        let patientId = -1;
        if (back && seen.length >= 10 && returnDraw() < back)
          patientId = seen[Math.floor(returnDraw() * seen.length)]!;
        // Someone seen in the history may since have come of age for the specialty: only its current pool.
        if (patientId < 0 || bookedToday.has(patientId) || !pool.includes(patientId)) {
          patientId = nextOf(plan.specialtyName, pool);
          for (let tries = 0; bookedToday.has(patientId) && tries < pool.length; tries++)
            patientId = nextOf(plan.specialtyName, pool);
        }
        if (bookedToday.has(patientId)) break;
        bookedToday.add(patientId);
        if (!seen.includes(patientId)) seen.push(patientId);
        const status = pickStatus(past, random());
        const at = parseLocalDateTime(
          `${day} ${fromMinutes(toMinutes(block.start) + k * plan.duration)}`,
          tz,
        )!;
        appointmentsOf.push({
          patientId,
          locationId,
          specialtyId: plan.specialtyId,
          doctorId: plan.id,
          scheduledAt: at,
          endsAt: new Date(at.getTime() + plan.duration * 60_000),
          durationMinutes: plan.duration,
          status,
          appointmentType: random() < 0.9 ? 'Presencial' : 'Teleconsulta',
          reason: reasons[Math.floor(random() * reasons.length)]!,
          insuranceType: random() < 0.85 ? 'EPS' : 'Particular',
          cancellationReason:
            status === 'Cancelada' ? CANCEL_REASONS[Math.floor(random() * CANCEL_REASONS.length)]! : null,
          // request-times.ts sets when it was requested and cancelled.
          cancelledAt: null,
        });
      }
      const distributionEnd = distribute ? addDays(day, 11) : null;
      const quotas = distribute
        ? distributeCapacity(
            capacity,
            workingDays(day, distributionEnd!, { excludeWeekends: true, holidays: holidaySet }),
            random,
          ).map((q, n) => ({ dayDate: q.date, quota: q.quota, assigned: n === 0 ? Math.min(q.quota, 1) : 0 }))
        : [];
      out.push({
        agenda: {
          locationId,
          specialtyId: plan.specialtyId,
          doctorId: plan.id,
          date: day,
          startTime: block.start,
          endTime: block.end,
          capacity,
          bookedSlots: appointmentsOf.filter((a) => a.status === 'Confirmada').length,
          durationMinutes: plan.duration,
          status,
          autoDistribute: distribute,
          distributionStartDate: distribute ? day : null,
          distributionEndDate: distributionEnd,
          excludeWeekends: true,
          notes: i % 7 === 0 && !history ? 'Agenda de demostración' : null,
        },
        quotas,
        appointments: appointmentsOf,
      });
    }
  }
  return out;
}

function chunks<T>(rows: T[], size = 500): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += size) out.push(rows.slice(i, i + size));
  return out;
}

export async function seedAgendasDemo(db: Db, tz: string, now: Date = new Date()): Promise<number> {
  const [existing] = await db.select({ n: count() }).from(availabilities);
  if ((existing?.n ?? 0) > 0) return 0;
  return db.transaction(async (tx) => {
    const plans = await doctorPlans(tx);
    if (plans.length === 0) return 0;
    const today = localDate(now, tz);
    const first = addDays(today, -14);
    const last = addDays(today, 28);
    // The first day of the month twelve months back: the trend's twelve months are all held.
    const historyStart = `${Number(today.slice(0, 4)) - 1}${today.slice(4, 8)}01`;
    const holidaySet = new Set(
      (
        await tx
          .select({ date: holidays.date })
          .from(holidays)
          .where(and(gte(holidays.date, historyStart), lte(holidays.date, addDays(last, 14))))
      ).map((h) => h.date),
    );
    const days = workingDays(first, last, { excludeWeekends: true, holidays: holidaySet });
    const demoPatients = await tx
      .select({ id: patients.id, birthDate: patients.birthDate, gender: patients.gender })
      .from(patients)
      .orderBy(asc(patients.id));
    const historyDays = workingDays(historyStart, addDays(first, -1), {
      excludeWeekends: true,
      holidays: holidaySet,
    });
    const returning = new Map<string, number[]>();
    const planned = [
      ...planAgendas(plans, historyDays, today, tz, holidaySet, demoPatients, returning, true),
      ...planAgendas(plans, days, today, tz, holidaySet, demoPatients, returning),
    ];
    const primaryCare = new Set(
      plans.filter((p) => PRIMARY_CARE.has(p.specialtyName)).map((p) => p.specialtyId),
    );
    assignRequestTimes(
      planned.flatMap((p) => p.appointments),
      { now, tz, primaryCare, random: rng(REQUEST_SEED) },
    );
    // A doctor has one agenda per day and block, so (doctor, date, start) finds each inserted row's plan.
    const key = (doctorId: number, date: string, start: string) => `${doctorId}|${date}|${start.slice(0, 5)}`;
    const byKey = new Map(planned.map((p) => [key(p.agenda.doctorId, p.agenda.date, p.agenda.startTime), p]));
    const quotas: (typeof availabilityDistributions.$inferInsert)[] = [];
    const rows: (typeof appointments.$inferInsert)[] = [];
    for (const part of chunks(planned.map((p) => p.agenda))) {
      const inserted = await tx.insert(availabilities).values(part).returning({
        id: availabilities.id,
        doctorId: availabilities.doctorId,
        date: availabilities.date,
        startTime: availabilities.startTime,
      });
      for (const r of inserted) {
        const p = byKey.get(key(r.doctorId, r.date, r.startTime))!;
        quotas.push(...p.quotas.map((q) => ({ ...q, availabilityId: r.id })));
        rows.push(...p.appointments.map((a) => ({ ...a, availabilityId: r.id })));
      }
    }
    for (const part of chunks(quotas)) await tx.insert(availabilityDistributions).values(part);
    for (const part of chunks(rows)) await tx.insert(appointments).values(part);
    return planned.length;
  });
}
