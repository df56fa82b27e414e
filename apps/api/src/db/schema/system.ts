import {
  bigint,
  bigserial,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './users';

/** Who changed what, written in the same transaction as the change (ARCHITECTURE rule 7). */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    tableName: text('table_name').notNull(),
    recordId: text('record_id').notNull(),
    action: text('action').notNull(),
    oldValues: jsonb('old_values'),
    newValues: jsonb('new_values'),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    requestId: text('request_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // The audit viewer's filters, newest first (migration 0020, decision 029).
  (t) => [
    index('audit_log_record_idx').on(t.tableName, t.recordId, t.createdAt.desc(), t.id.desc()),
    index('audit_log_table_idx').on(t.tableName, t.createdAt.desc(), t.id.desc()),
    index('audit_log_user_idx').on(t.userId, t.createdAt.desc(), t.id.desc()),
    index('audit_log_action_idx').on(t.action, t.createdAt.desc(), t.id.desc()),
    index('audit_log_created_idx').on(t.createdAt.desc(), t.id.desc()),
  ],
);

/**
 * Every published event, so a reconnecting stream can replay what it missed (Last-Event-ID). Kept for
 * EVENT_RETENTION_HOURS only (lib/event-retention.ts, decision 017), which deletes by created_at.
 */
export const eventLog = pgTable(
  'event_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    channel: text('channel').notNull(),
    type: text('type').notNull(),
    payload: jsonb('payload').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * The stream position (SSE id), assigned at commit in commit order by a deferred trigger (migration
     * 0012, decision 012), so Last-Event-ID replay never skips an event that committed late. Null only
     * inside the publishing transaction.
     */
    seq: bigint('seq', { mode: 'number' }),
  },
  (t) => [
    // Replay reads by (channel, seq); the retention deletes the oldest by created_at.
    index('event_log_created_idx').on(t.createdAt),
    uniqueIndex('event_log_seq_key').on(t.seq),
    index('event_log_channel_seq_idx').on(t.channel, t.seq),
  ],
);

/** Organisation settings as key/value (spec part 2 §3 "Settings"). */
export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Secrets generated on first start when none is configured (the JWT key of the embedded mode). */
export const appSecrets = pgTable('app_secrets', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
