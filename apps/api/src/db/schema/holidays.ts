import { date, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Public holidays (Colombia): seeded from `date-holidays`, then the administrator's to edit. */
export const holidays = pgTable('holidays', {
  date: date('date', { mode: 'string' }).primaryKey(),
  name: text('name').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Years already seeded. A year is seeded once, so a holiday the administrator deleted or renamed stays that
 * way after a restart, while each new year still arrives by itself.
 */
export const holidaySeededYears = pgTable('holiday_seeded_years', {
  year: integer('year').primaryKey(),
  seededAt: timestamp('seeded_at', { withTimezone: true }).notNull().defaultNow(),
});
