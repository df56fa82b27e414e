import { bigint, date, index, integer, pgTable, primaryKey } from 'drizzle-orm/pg-core';

/*
 * The Res. 256 oportunidad indicators' facts and rollups (migration 0033, decision 041), kept exact by triggers on
 * appointments, patients (EPS) and holidays, in the timezone of `analytics_rollup_settings`:
 * one fact per appointment the indicators count (a first-time visit, not cancelled, not backdated), and their sums
 * per request day, specialty, site and EPS (0: none). analytics_rollups_rebuild(tz) recounts them too.
 */
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
