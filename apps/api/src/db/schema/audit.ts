import { check, date, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';

/**
 * The audit summary's daily rollup (migration 0020, decision 029): counts of each closed local day per table,
 * per action and per user ('' for changes without a user), filled by the summary for the days it needs.
 */
export const auditDailyCounts = pgTable(
  'audit_daily_counts',
  {
    tz: text('tz').notNull(),
    day: date('day').notNull(),
    dimension: text('dimension').notNull(),
    key: text('key').notNull(),
    n: integer('n').notNull(),
  },
  (t) => [
    primaryKey({ name: 'audit_daily_counts_pk', columns: [t.tz, t.day, t.dimension, t.key] }),
    check('audit_daily_counts_dimension', sql`${t.dimension} IN ('table', 'action', 'user')`),
  ],
);

/** The local days already counted in audit_daily_counts (a day without changes is done all the same). */
export const auditDailyDays = pgTable(
  'audit_daily_days',
  { tz: text('tz').notNull(), day: date('day').notNull() },
  (t) => [primaryKey({ name: 'audit_daily_days_pk', columns: [t.tz, t.day] })],
);

/** The same counts per closed UTC hour of the day still open (migration 0020, decision 029). */
export const auditHourlyCounts = pgTable(
  'audit_hourly_counts',
  {
    hour: timestamp('hour', { withTimezone: true }).notNull(),
    dimension: text('dimension').notNull(),
    key: text('key').notNull(),
    n: integer('n').notNull(),
  },
  (t) => [
    primaryKey({ name: 'audit_hourly_counts_pk', columns: [t.hour, t.dimension, t.key] }),
    check('audit_hourly_counts_dimension', sql`${t.dimension} IN ('table', 'action', 'user')`),
  ],
);

/** The UTC hours already counted in audit_hourly_counts. */
export const auditHourlyHours = pgTable(
  'audit_hourly_hours',
  { hour: timestamp('hour', { withTimezone: true }).notNull() },
  (t) => [primaryKey({ name: 'audit_hourly_hours_pk', columns: [t.hour] })],
);
