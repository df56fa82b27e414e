import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  check,
  customType,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { appointments } from './appointments';
import { callLogs } from './call-center';
import { calls } from './calls';
import { patients } from './patients';
import { queueEntries } from './queue';

/*
 * The AI voice agent (issue 18, decision 038, migration 0029). Webhooks land verified in the inbox and are
 * processed after they are acknowledged; a finished conversation is a consultation; the agent's booking and
 * waiting-list tools record what they produced per conversation (idempotency).
 */

const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });

export const voiceWebhookInbox = pgTable(
  'voice_webhook_inbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    eventKey: text('event_key').notNull(),
    eventType: text('event_type').notNull(),
    conversationId: text('conversation_id'),
    payload: jsonb('payload').notNull(),
    audio: bytea('audio'),
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastError: text('last_error'),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    processedAt: timestamp('processed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('voice_webhook_inbox_event_key').on(t.eventKey),
    index('voice_webhook_inbox_due_idx')
      .on(t.nextAttemptAt, t.id)
      .where(sql`status = 'pending'`),
    index('voice_webhook_inbox_received_idx').on(t.receivedAt.desc()),
    check(
      'voice_webhook_inbox_type_check',
      sql`${t.eventType} in ('post_call_transcription','post_call_audio','call_initiation_failure')`,
    ),
    check('voice_webhook_inbox_status_check', sql`${t.status} in ('pending','done','failed')`),
  ],
);

/** A large recording's decoded pieces, joined into the inbox row's audio within one transaction (0032). */
export const voiceWebhookAudioChunks = pgTable(
  'voice_webhook_audio_chunks',
  {
    inboxId: bigint('inbox_id', { mode: 'number' }).notNull(),
    seq: integer('seq').notNull(),
    data: bytea('data').notNull(),
  },
  (t) => [
    primaryKey({ name: 'voice_webhook_audio_chunks_pkey', columns: [t.inboxId, t.seq] }),
    foreignKey({
      name: 'voice_webhook_audio_chunks_inbox_fk',
      columns: [t.inboxId],
      foreignColumns: [voiceWebhookInbox.id],
    }).onDelete('cascade'),
  ],
);

export const voiceConsultations = pgTable(
  'voice_consultations',
  {
    id: serial('id').primaryKey(),
    conversationId: text('conversation_id').notNull(),
    callId: integer('call_id'),
    patientId: integer('patient_id'),
    agentId: text('agent_id'),
    direction: text('direction').notNull().default('inbound'),
    callerNumber: text('caller_number'),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    durationSecs: integer('duration_secs').notNull().default(0),
    outcome: text('outcome').notNull().default('unknown'),
    terminationReason: text('termination_reason'),
    summary: text('summary'),
    transcript: jsonb('transcript').notNull().default([]),
    dataCollected: jsonb('data_collected').notNull().default({}),
    analysis: jsonb('analysis'),
    appointmentId: integer('appointment_id'),
    queueId: integer('queue_id'),
    callLogId: integer('call_log_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('voice_consultations_conversation_key').on(t.conversationId),
    index('voice_consultations_started_idx').on(t.startedAt.desc(), t.id.desc()),
    index('voice_consultations_patient_idx')
      .on(t.patientId, t.startedAt.desc())
      .where(sql`patient_id is not null`),
    check('voice_consultations_direction_check', sql`${t.direction} in ('inbound','outbound')`),
    check('voice_consultations_outcome_check', sql`${t.outcome} in ('success','failure','unknown')`),
    check('voice_consultations_duration_check', sql`${t.durationSecs} >= 0`),
    foreignKey({
      name: 'voice_consultations_call_fk',
      columns: [t.callId],
      foreignColumns: [calls.id],
    }).onDelete('set null'),
    foreignKey({
      name: 'voice_consultations_patient_fk',
      columns: [t.patientId],
      foreignColumns: [patients.id],
    }).onDelete('set null'),
    foreignKey({
      name: 'voice_consultations_appointment_fk',
      columns: [t.appointmentId],
      foreignColumns: [appointments.id],
    }).onDelete('set null'),
    foreignKey({
      name: 'voice_consultations_queue_fk',
      columns: [t.queueId],
      foreignColumns: [queueEntries.id],
    }).onDelete('set null'),
    foreignKey({
      name: 'voice_consultations_call_log_fk',
      columns: [t.callLogId],
      foreignColumns: [callLogs.id],
    }).onDelete('set null'),
  ],
);

export const voiceToolResults = pgTable(
  'voice_tool_results',
  {
    conversationId: text('conversation_id').notNull(),
    tool: text('tool').notNull(),
    appointmentId: integer('appointment_id'),
    queueId: integer('queue_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'voice_tool_results_pk', columns: [t.conversationId, t.tool] }),
    check('voice_tool_results_tool_check', sql`${t.tool} in ('book','waiting_list')`),
    foreignKey({
      name: 'voice_tool_results_appointment_fk',
      columns: [t.appointmentId],
      foreignColumns: [appointments.id],
    }).onDelete('set null'),
    foreignKey({
      name: 'voice_tool_results_queue_fk',
      columns: [t.queueId],
      foreignColumns: [queueEntries.id],
    }).onDelete('set null'),
  ],
);
