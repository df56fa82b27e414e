import { sql } from 'drizzle-orm';
import {
  check,
  foreignKey,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { appointments } from './appointments';
import { callStatuses } from './calls';
import { patients } from './patients';
import { queueEntries } from './queue';
import { specialties } from './resources';
import { users } from './users';

/*
 * Call logs and transfers between agents (spec part 2 §3 "call log", §4 "Call" transfers). The voice-agent
 * calls themselves (calls table, webhooks) come with the call-center issue; a call log is what the agents
 * and the queue record: a call made, or an automated outbound call requested and still pending.
 */

export const callLogs = pgTable(
  'call_logs',
  {
    id: serial('id').primaryKey(),
    patientId: integer('patient_id').notNull(),
    specialtyId: integer('specialty_id'),
    queueId: integer('queue_id'),
    appointmentId: integer('appointment_id'),
    userId: integer('user_id'),
    direction: text('direction').notNull(),
    channel: text('channel').notNull().default('phone'),
    callType: text('call_type').notNull().default('general'),
    status: text('status').notNull().default('completed'),
    outcome: text('outcome'),
    notes: text('notes'),
    explanation: text('explanation'),
    /** The clinic's own status of the log (catalogue call_statuses, migration 0021). */
    statusId: integer('status_id'),
    /** The voice provider's conversation of an automated call (migration 0029, decision 038). */
    conversationId: text('conversation_id'),
    /** Dispatch attempts of an automated call, when the next may run and the last one's error. */
    dispatchAttempts: integer('dispatch_attempts').notNull().default(0),
    nextDispatchAt: timestamp('next_dispatch_at', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('call_logs_patient_idx').on(t.patientId, t.createdAt),
    index('call_logs_created_idx').on(t.createdAt),
    index('call_logs_queue_idx').on(t.queueId),
    // The voice agent's work list, and "a pending automated call already exists for this patient".
    index('call_logs_pending_outbound_idx')
      .on(t.patientId)
      .where(sql`status = 'pending' and direction = 'outbound'`),
    check('call_logs_direction_check', sql`${t.direction} in ('inbound','outbound')`),
    check('call_logs_channel_check', sql`${t.channel} in ('phone','ai_voice','whatsapp','sms','email')`),
    check(
      'call_logs_type_check',
      sql`${t.callType} in ('queue_schedule','automated_outreach','follow_up','confirmation','general')`,
    ),
    check(
      'call_logs_status_check',
      sql`${t.status} in ('pending','in_progress','completed','failed','cancelled')`,
    ),
    // A pending call has not started: it cannot carry the times of a call that happened.
    check(
      'call_logs_pending_check',
      sql`${t.status} <> 'pending' or (${t.startedAt} is null and ${t.endedAt} is null)`,
    ),
    foreignKey({
      name: 'call_logs_patient_fk',
      columns: [t.patientId],
      foreignColumns: [patients.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'call_logs_specialty_fk',
      columns: [t.specialtyId],
      foreignColumns: [specialties.id],
    }).onDelete('set null'),
    foreignKey({
      name: 'call_logs_queue_fk',
      columns: [t.queueId],
      foreignColumns: [queueEntries.id],
    }).onDelete('set null'),
    foreignKey({
      name: 'call_logs_appointment_fk',
      columns: [t.appointmentId],
      foreignColumns: [appointments.id],
    }).onDelete('set null'),
    foreignKey({ name: 'call_logs_user_fk', columns: [t.userId], foreignColumns: [users.id] }).onDelete(
      'set null',
    ),
    foreignKey({
      name: 'call_logs_status_id_fk',
      columns: [t.statusId],
      foreignColumns: [callStatuses.id],
    }).onDelete('restrict'),
    uniqueIndex('call_logs_conversation_key')
      .on(t.conversationId)
      .where(sql`conversation_id is not null`),
    index('call_logs_status_id_idx')
      .on(t.statusId)
      .where(sql`status_id is not null`),
  ],
);

export const transfers = pgTable(
  'transfers',
  {
    id: serial('id').primaryKey(),
    status: text('status').notNull().default('pending'),
    patientId: integer('patient_id'),
    queueId: integer('queue_id'),
    callLogId: integer('call_log_id'),
    specialtyId: integer('specialty_id'),
    priority: text('priority').notNull().default('Normal'),
    fromUserId: integer('from_user_id'),
    /** null: offered to every agent. */
    toUserId: integer('to_user_id'),
    acceptedBy: integer('accepted_by'),
    reason: text('reason'),
    notes: text('notes'),
    rejectionReason: text('rejection_reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    rejectedAt: timestamp('rejected_at', { withTimezone: true }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('transfers_status_created_idx').on(t.status, t.createdAt),
    index('transfers_to_user_idx').on(t.toUserId, t.status),
    index('transfers_from_user_idx').on(t.fromUserId, t.status),
    check('transfers_status_check', sql`${t.status} in ('pending','accepted','rejected','completed')`),
    check('transfers_priority_check', sql`${t.priority} in ('Urgente','Alta','Normal','Baja')`),
    // Each status carries what got it there (spec part 2 §4: a rejection carries a reason).
    check(
      'transfers_status_fields_check',
      sql`(${t.status} <> 'rejected' or (${t.rejectionReason} is not null and ${t.rejectedAt} is not null))
        and (${t.status} not in ('accepted','completed') or ${t.acceptedAt} is not null)
        and (${t.status} <> 'completed' or ${t.completedAt} is not null)`,
    ),
    foreignKey({
      name: 'transfers_patient_fk',
      columns: [t.patientId],
      foreignColumns: [patients.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'transfers_queue_fk',
      columns: [t.queueId],
      foreignColumns: [queueEntries.id],
    }).onDelete('set null'),
    foreignKey({
      name: 'transfers_call_log_fk',
      columns: [t.callLogId],
      foreignColumns: [callLogs.id],
    }).onDelete('set null'),
    foreignKey({
      name: 'transfers_specialty_fk',
      columns: [t.specialtyId],
      foreignColumns: [specialties.id],
    }).onDelete('set null'),
    foreignKey({
      name: 'transfers_from_user_fk',
      columns: [t.fromUserId],
      foreignColumns: [users.id],
    }).onDelete('set null'),
    foreignKey({ name: 'transfers_to_user_fk', columns: [t.toUserId], foreignColumns: [users.id] }).onDelete(
      'set null',
    ),
    foreignKey({
      name: 'transfers_accepted_by_fk',
      columns: [t.acceptedBy],
      foreignColumns: [users.id],
    }).onDelete('set null'),
  ],
);
