import { bigint, date, integer, pgTable, smallint, text, unique } from 'drizzle-orm/pg-core';

/*
 * Counters behind Estadísticas Demográficas, kept exact by the statement-level triggers of migration 0009 (the
 * same pattern as patient_counts). The dialog reads a few thousand rows instead of scanning every patient:
 * ages are computed from the birth dates at query time, so the counters never go stale when a birthday passes.
 * No foreign keys: a row only counts; a combination that drops to 0 stays (the sums skip it).
 */

/** Patients per gender and birth date (at most one row per day of birth and gender). */
export const patientBirthCounts = pgTable(
  'patient_birth_counts',
  {
    gender: text('gender'),
    birthDate: date('birth_date', { mode: 'string' }),
    n: bigint('n', { mode: 'number' }).notNull(),
  },
  (t) => [unique('patient_birth_counts_key').on(t.gender, t.birthDate).nullsNotDistinct()],
);

/** Patients per blood group and estrato (a few dozen rows). */
export const patientProfileCounts = pgTable(
  'patient_profile_counts',
  {
    bloodGroupId: integer('blood_group_id'),
    estrato: smallint('estrato'),
    n: bigint('n', { mode: 'number' }).notNull(),
  },
  (t) => [unique('patient_profile_counts_key').on(t.bloodGroupId, t.estrato).nullsNotDistinct()],
);
