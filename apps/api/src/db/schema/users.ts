import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  bigserial,
} from 'drizzle-orm/pg-core';

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phone: text('phone'),
    department: text('department'),
    role: text('role').notNull().default('agent'),
    status: text('status').notNull().default('Activo'),
    passwordHash: text('password_hash').notNull(),
    /** Set when someone else chose the password (generated or reset by an administrator); decision 021. */
    mustChangePassword: boolean('must_change_password').notNull().default(false),
    /** An account of the embedded demo mode, disabled at start whenever demo mode is off (decision 021). */
    isDemo: boolean('is_demo').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_email_key').on(sql`lower(${t.email})`),
    check('users_role_check', sql`${t.role} in ('admin','supervisor','agent','doctor','reception')`),
    check('users_status_check', sql`${t.status} in ('Activo','Inactivo')`),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedReason: text('revoked_reason'),
    ip: text('ip'),
    userAgent: text('user_agent'),
  },
  (t) => [index('sessions_user_idx').on(t.userId, t.revokedAt)],
);

export const loginAttempts = pgTable(
  'login_attempts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    email: text('email').notNull(),
    success: boolean('success').notNull(),
    ip: text('ip'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** A failure stops counting towards a lock once cleared (a success from its address, an admin's unlock). */
    clearedAt: timestamp('cleared_at', { withTimezone: true }),
  },
  (t) => [
    index('login_attempts_email_idx').on(t.email, t.createdAt),
    index('login_attempts_open_failures_idx')
      .on(t.createdAt)
      .where(sql`not ${t.success} and ${t.clearedAt} is null`),
    index('login_attempts_success_idx')
      .on(t.email, t.ip, t.createdAt)
      .where(sql`${t.success}`),
  ],
);
