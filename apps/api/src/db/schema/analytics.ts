import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Which specialty answers which Res. 256 "oportunidad" indicator (P.3.1 … P.3.7); migration 0024, decision 032.
 * The check constraint on `indicator` and the foreign key (cascade) live in the migration.
 */
export const specialtyIndicators = pgTable('specialty_indicators', {
  specialtyId: integer('specialty_id').primaryKey(),
  indicator: text('indicator').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
