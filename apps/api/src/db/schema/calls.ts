import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
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
import { patients } from './patients';
import { users } from './users';

/*
 * The call center (issue 17, decision 030; migration 0021 is the source: the generated search columns, the
 * storage mode of the audio and the count triggers are written there by hand; 0031 adds covering indexes). A call keeps its real instants:
 * offered (started_at), first answered (answered_at), ended (ended_at); waiting_since is when its current
 * wait began (arrival or the last hold). Every measure is computed from them (modules/calls/measures.ts).
 */

export const callStatuses = pgTable(
  'call_statuses',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    color: text('color').notNull().default('#64748b'),
    active: boolean('active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('call_statuses_name_key').on(sql`lower(${t.name})`),
    check('call_statuses_color_check', sql`${t.color} ~ '^#[0-9a-fA-F]{6}$'`),
  ],
);

export const calls = pgTable(
  'calls',
  {
    id: serial('id').primaryKey(),
    patientId: integer('patient_id'),
    patientName: text('patient_name').notNull(),
    patientPhone: text('patient_phone'),
    patientDocument: text('patient_document'),
    agentUserId: integer('agent_user_id'),
    agentName: text('agent_name'),
    callType: text('call_type').notNull().default('general'),
    direction: text('direction').notNull().default('inbound'),
    status: text('status').notNull(),
    priority: text('priority').notNull().default('normal'),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    waitingSince: timestamp('waiting_since', { withTimezone: true }),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    outcome: text('outcome'),
    transferCount: integer('transfer_count').notNull().default(0),
    conversationId: text('conversation_id'),
    webhookData: jsonb('webhook_data'),
    webhookDataEnd: jsonb('webhook_data_end'),
    transcript: jsonb('transcript'),
    createdBy: integer('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** Generated (migration 0021): immutable_unaccent(lower(patient_name)), trigram-indexed. */
    nameSearch: text('name_search').generatedAlwaysAs(sql`immutable_unaccent(lower(patient_name))`),
    /** Generated (migration 0021): the phone's digits, trigram-indexed. */
    phoneDigits: text('phone_digits').generatedAlwaysAs(
      sql`regexp_replace(coalesce(patient_phone, ''), '[^0-9]', '', 'g')`,
    ),
  },
  (t) => [
    uniqueIndex('calls_conversation_key')
      .on(t.conversationId)
      .where(sql`conversation_id is not null`),
    index('calls_started_idx').on(t.startedAt.desc(), t.id.desc()),
    index('calls_status_started_idx').on(t.status, t.startedAt.desc(), t.id.desc()),
    index('calls_priority_started_idx').on(t.priority, t.startedAt.desc(), t.id.desc()),
    index('calls_status_priority_started_idx').on(t.status, t.priority, t.startedAt.desc(), t.id.desc()),
    index('calls_live_idx')
      .on(t.status, t.waitingSince)
      .where(sql`status <> 'ended'`),
    // Covering indexes (INCLUDE columns, written in migration 0031, decision 040): calls_started_search_idx
    // (started_at desc, id desc) + status, priority, name_search, phone_digits; calls_priority_search_idx
    // (priority, started_at desc, id desc) + status, name_search, phone_digits; calls_started_measures_idx
    // (started_at) + answered_at, ended_at, status; calls_ended_measures_idx (ended_at) + started_at where ended.
    index('calls_patient_idx')
      .on(t.patientId, t.startedAt)
      .where(sql`patient_id is not null`),
    index('calls_name_trgm_idx').using('gin', sql`${t.nameSearch} gin_trgm_ops`),
    index('calls_phone_trgm_idx').using('gin', sql`${t.phoneDigits} gin_trgm_ops`),
    check('calls_status_check', sql`${t.status} in ('active','waiting','ended')`),
    check('calls_priority_check', sql`${t.priority} in ('urgencia','alta','normal','baja')`),
    check('calls_direction_check', sql`${t.direction} in ('inbound','outbound')`),
    foreignKey({ name: 'calls_patient_fk', columns: [t.patientId], foreignColumns: [patients.id] }).onDelete(
      'set null',
    ),
    foreignKey({
      name: 'calls_agent_user_fk',
      columns: [t.agentUserId],
      foreignColumns: [users.id],
    }).onDelete('set null'),
    foreignKey({ name: 'calls_created_by_fk', columns: [t.createdBy], foreignColumns: [users.id] }).onDelete(
      'set null',
    ),
  ],
);

/** Rows per (status, priority), kept exact by the triggers of migration 0021. */
export const callCounts = pgTable(
  'call_counts',
  {
    status: text('status').notNull(),
    priority: text('priority').notNull(),
    n: bigint('n', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ name: 'call_counts_pk', columns: [t.status, t.priority] })],
);

const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });

/** A call's recording (one per call), served with range requests by GET /calls/{id}/audio. */
export const callAudio = pgTable(
  'call_audio',
  {
    callId: integer('call_id').primaryKey(),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    sha256: text('sha256').notNull(),
    data: bytea('data').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    foreignKey({ name: 'call_audio_call_fk', columns: [t.callId], foreignColumns: [calls.id] }).onDelete(
      'cascade',
    ),
  ],
);
