import {
  bigint,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';

/*
 * Facts of appointments kept exact by triggers (migration 0033, decision 041), in the timezone of
 * `analytics_rollup_settings`; analytics_rollups_rebuild(tz) recounts them too. The Res. 256 oportunidad indicators:
 * one fact per appointment they count (a first-time visit, not cancelled, not backdated), moved by a new EPS of the
 * patient and by holidays, and their sums per request day, specialty, site and EPS (0: none).
 */
/**
 * Each changed appointment row's counted values with a sign (+1 new, -1 old), until analytics_drain() applies them to
 * every rollup and fact (decision 041): a booking records, the reads apply.
 */
export const appointmentChanges = pgTable('appointment_changes', {
  s: smallint('s').notNull(),
  patientId: integer('patient_id').notNull(),
  specialtyId: integer('specialty_id').notNull(),
  doctorId: integer('doctor_id').notNull(),
  status: text('status').notNull(),
  scheduledAt: timestamp('scheduled_at', { withTimezone: true }).notNull(),
  durationMinutes: integer('duration_minutes').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
});

export const oportunidadFacts = pgTable(
  'oportunidad_facts',
  {
    appointmentId: integer('appointment_id').primaryKey(),
    patientId: integer('patient_id').notNull(),
    specialtyId: integer('specialty_id').notNull(),
    locationId: integer('location_id').notNull(),
    epsId: integer('eps_id').notNull(),
    reqDay: date('req_day', { mode: 'string' }).notNull(),
    givenDay: date('given_day', { mode: 'string' }).notNull(),
    desiredDate: date('desired_date', { mode: 'string' }),
    workingDays: integer('working_days').notNull(),
  },
  (t) => [
    index('oportunidad_facts_group_idx').on(t.patientId, t.specialtyId, t.givenDay),
    index('oportunidad_facts_req_idx').on(t.reqDay),
  ],
);

export const oportunidadDayRollups = pgTable(
  'oportunidad_day_rollups',
  {
    reqDay: date('req_day', { mode: 'string' }).notNull(),
    specialtyId: integer('specialty_id').notNull(),
    locationId: integer('location_id').notNull(),
    epsId: integer('eps_id').notNull(),
    n: integer('n').notNull(),
    lagSum: bigint('lag_sum', { mode: 'number' }).notNull(),
    nDesired: integer('n_desired').notNull(),
    desiredLagSum: bigint('desired_lag_sum', { mode: 'number' }).notNull(),
    workingDaysSum: bigint('working_days_sum', { mode: 'number' }).notNull(),
  },
  (t) => [
    primaryKey({
      name: 'oportunidad_day_rollups_pk',
      columns: [t.reqDay, t.specialtyId, t.locationId, t.epsId],
    }),
  ],
);

/**
 * Each patient's local days with a consultation (an appointment not Cancelada) and the one before ('-infinity':
 * none), and their count per (day, prev_day): the distinct patients of days [F, T] are the rows of [F, T] whose
 * prev_day is before F (migration 0033, decision 041).
 */
export const patientVisitDays = pgTable(
  'patient_visit_days',
  {
    patientId: integer('patient_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    prevDay: date('prev_day', { mode: 'string' }).notNull(),
  },
  (t) => [primaryKey({ name: 'patient_visit_days_pk', columns: [t.patientId, t.day] })],
);

export const patientVisitDayRollups = pgTable(
  'patient_visit_day_rollups',
  {
    day: date('day', { mode: 'string' }).notNull(),
    prevDay: date('prev_day', { mode: 'string' }).notNull(),
    n: integer('n').notNull(),
  },
  (t) => [primaryKey({ name: 'patient_visit_day_rollups_pk', columns: [t.day, t.prevDay] })],
);

/** Appointments per local day, doctor and status (Métricas' doctors), kept with the Análisis rollups. */
export const appointmentDoctorDayRollups = pgTable(
  'appointment_doctor_day_rollups',
  {
    day: date('day', { mode: 'string' }).notNull(),
    doctorId: integer('doctor_id').notNull(),
    status: text('status').notNull(),
    n: integer('n').notNull(),
  },
  (t) => [primaryKey({ name: 'appointment_doctor_day_rollups_pk', columns: [t.day, t.doctorId, t.status] })],
);
