import { sql } from 'drizzle-orm';
import { bigserial, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Who read which patient's record, when, from where (Ley 1581 de 2012; decision 020). Append-only (a trigger
 * in migration 0017 refuses UPDATE and DELETE); no foreign keys, so it outlives the users and patients it names.
 */
export const patientAccessLog = pgTable(
  'patient_access_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    patientId: integer('patient_id').notNull(),
    userId: integer('user_id'),
    /** The route read: method and URL pattern, e.g. 'GET /api/patients/:id'. */
    action: text('action').notNull(),
    ip: text('ip'),
    requestId: text('request_id'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('patient_access_log_patient_idx').on(t.patientId, sql`${t.at} desc`, sql`${t.id} desc`),
    index('patient_access_log_user_idx').on(t.userId, sql`${t.at} desc`, sql`${t.id} desc`),
    index('patient_access_log_at_idx').on(sql`${t.at} desc`, sql`${t.id} desc`),
  ],
);
