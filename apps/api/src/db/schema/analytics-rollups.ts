import {
  bigint,
  integer,
  numeric,
  pgTable,
  primaryKey,
  date,
  smallint,
  text,
  index,
} from 'drizzle-orm/pg-core';

/*
 * Rollups of appointments for Análisis (migration 0030, decision 039), kept exact by statement-level triggers on
 * appointments and row triggers on patients (zone or municipality changed, patient deleted). Days and hours are
 * local to `analytics_rollup_settings.tz`; analytics_rollups_rebuild(tz) recounts them all.
 */
export const analyticsRollupSettings = pgTable('analytics_rollup_settings', {
  id: integer('id').primaryKey().default(1),
  tz: text('tz').notNull(),
});

export const appointmentDayRollups = pgTable(
  'appointment_day_rollups',
  {
    day: date('day').notNull(),
    status: text('status').notNull(),
    specialtyId: integer('specialty_id').notNull(),
    n: integer('n').notNull(),
    durationSum: bigint('duration_sum', { mode: 'number' }).notNull(),
    leadDaysSum: bigint('lead_days_sum', { mode: 'number' }).notNull(),
    cancelTimed: integer('cancel_timed').notNull(),
    cancelLeadSeconds: numeric('cancel_lead_seconds').notNull(),
  },
  (t) => [primaryKey({ name: 'appointment_day_rollups_pk', columns: [t.day, t.status, t.specialtyId] })],
);

export const appointmentHourRollups = pgTable(
  'appointment_hour_rollups',
  {
    day: date('day').notNull(),
    hour: smallint('hour').notNull(),
    n: integer('n').notNull(),
  },
  (t) => [primaryKey({ name: 'appointment_hour_rollups_pk', columns: [t.day, t.hour] })],
);

export const appointmentGeoRollups = pgTable(
  'appointment_geo_rollups',
  {
    day: date('day').notNull(),
    zoneId: integer('zone_id').notNull(),
    municipalityId: integer('municipality_id').notNull(),
    n: integer('n').notNull(),
  },
  (t) => [
    primaryKey({ name: 'appointment_geo_rollups_pk', columns: [t.day, t.zoneId, t.municipalityId] }),
    index('appointment_geo_rollups_zone_idx').on(t.zoneId, t.day),
    index('appointment_geo_rollups_municipality_idx').on(t.municipalityId, t.day),
  ],
);
