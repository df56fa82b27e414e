import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import {
  notificationConditions,
  notificationPreferences,
  notifications,
} from '../../db/schema/notifications';

export type NotificationRow = typeof notifications.$inferSelect;

export interface NewNotification {
  type: string;
  title: string;
  body: string;
  link: string | null;
  createdBy: number | null;
}

export interface Audience {
  userIds?: number[];
  roles?: string[];
  /** Left out (the author of what caused it). */
  exceptUserId?: number | null;
}

/**
 * Active users of the audience who want this type in the app (no preference row: yes), with their e-mail and
 * whether they asked for it by e-mail (no row: no).
 */
export async function recipients(db: Executor, type: string, a: Audience) {
  const ids = a.userIds ?? [];
  const roles = a.roles ?? [];
  const res = await db.execute<{ id: number; email: string; in_app: boolean; by_email: boolean }>(sql`
    select u.id, u.email, coalesce(p.in_app, true) as in_app, coalesce(p.email, false) as by_email
      from users u
      left join notification_preferences p on p.user_id = u.id and p.type = ${type}
     where u.status = 'Activo'
       and (u.id = any(string_to_array(${ids.join(',')}, ',')::int[]) or u.role = any(string_to_array(${roles.join(',')}, ',')))
       and (${a.exceptUserId ?? null}::int is null or u.id <> ${a.exceptUserId ?? null}::int)`);
  return res.rows.map((r) => ({ id: Number(r.id), email: r.email, inApp: r.in_app, byEmail: r.by_email }));
}

/** One row per user, in one statement (a broadcast to thousands stays one round trip). */
export async function insertForUsers(db: Executor, userIds: number[], n: NewNotification) {
  if (userIds.length === 0) return 0;
  const res = await db.execute(sql`
    insert into notifications (user_id, type, title, body, link, created_by)
    select u, ${n.type}, ${n.title}, ${n.body}, ${n.link}, ${n.createdBy}::int
      from unnest(string_to_array(${userIds.join(',')}, ',')::int[]) as u`);
  return Number((res as { rowCount?: number; affectedRows?: number }).rowCount ?? userIds.length);
}

export async function pageForUser(
  db: Executor,
  userId: number,
  f: { unread?: boolean; limit: number; offset: number },
) {
  const where = and(eq(notifications.userId, userId), f.unread ? isNull(notifications.readAt) : undefined);
  return db
    .select()
    .from(notifications)
    .where(where)
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(f.limit)
    .offset(f.offset);
}

export async function countForUser(db: Executor, userId: number, unreadOnly: boolean) {
  const [row] = await db
    .select({ n: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), unreadOnly ? isNull(notifications.readAt) : undefined));
  return Number(row?.n ?? 0);
}

export async function statsByType(db: Executor, userId: number) {
  const res = await db.execute<{ type: string; total: number; unread: number }>(sql`
    select type, count(*)::int as total, count(*) filter (where read_at is null)::int as unread
      from notifications where user_id = ${userId} group by type order by type`);
  return res.rows.map((r) => ({ type: r.type, total: Number(r.total), unread: Number(r.unread) }));
}

/** Marks one of the user's notifications read (kept read if it already was); null when it is not theirs. */
export async function markRead(db: Executor, userId: number, id: number) {
  const [row] = await db
    .update(notifications)
    .set({ readAt: sql`coalesce(${notifications.readAt}, now())` })
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
    .returning();
  return row ?? null;
}

export async function markAllRead(db: Executor, userId: number) {
  const rows = await db
    .update(notifications)
    .set({ readAt: sql`now()` })
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)))
    .returning({ id: notifications.id });
  return rows.length;
}

export async function preferencesOf(db: Executor, userId: number) {
  return db.select().from(notificationPreferences).where(eq(notificationPreferences.userId, userId));
}

export async function upsertPreferences(
  db: Executor,
  userId: number,
  prefs: { type: string; in_app: boolean; email: boolean }[],
) {
  await db
    .insert(notificationPreferences)
    .values(prefs.map((p) => ({ userId, type: p.type, inApp: p.in_app, email: p.email })))
    .onConflictDoUpdate({
      target: [notificationPreferences.userId, notificationPreferences.type],
      set: {
        inApp: sql`excluded.in_app`,
        email: sql`excluded.email`,
        updatedAt: sql`now()`,
      },
    });
}

/** Marks a condition raised; true only for the call that raised it (it was not raised already). */
export async function raiseCondition(db: Executor, key: string, detail: unknown) {
  const rows = await db
    .insert(notificationConditions)
    .values({ key, detail: detail ?? {} })
    .onConflictDoNothing()
    .returning({ key: notificationConditions.key });
  return rows.length > 0;
}

/** Clears a condition; true when it was raised. */
export async function clearCondition(db: Executor, key: string) {
  const rows = await db
    .delete(notificationConditions)
    .where(eq(notificationConditions.key, key))
    .returning({ key: notificationConditions.key });
  return rows.length > 0;
}

/** Active users by name or e-mail, for choosing who gets a notification (20 at most). */
export async function searchActiveUsers(db: Executor, q: string | undefined) {
  const like = `%${(q ?? '').replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const res = await db.execute<{ id: number; name: string; email: string; role: string }>(sql`
    select id, name, email, role from users
     where status = 'Activo' and (name ilike ${like} or email ilike ${like})
     order by name, id limit 20`);
  return res.rows.map((r) => ({ ...r, id: Number(r.id) }));
}

/** The patient notices an agenda's cancellation left, with their e-mail's fate, one page, and counts by status. */
export async function patientNoticesOfAgenda(db: Executor, agendaId: number, limit: number, offset: number) {
  const [rows, summary] = await Promise.all([
    db.execute<{
      id: number;
      appointment_id: number;
      patient_id: number;
      patient_name: string;
      email: string | null;
      channel: string;
      status: string;
      detail: string | null;
      created_at: Date | string;
    }>(sql`
      select n.id, n.appointment_id, n.patient_id, p.name as patient_name, nullif(trim(p.email), '') as email,
             n.channel, n.status, coalesce(n.detail, o.last_error) as detail, n.created_at
        from agenda_patient_notices n
        join appointments a on a.id = n.appointment_id
        join patients p on p.id = n.patient_id
        left join email_outbox o on o.id = n.email_outbox_id
       where a.availability_id = ${agendaId}
       order by n.id
       limit ${limit} offset ${offset}`),
    db.execute<{ status: string; n: number }>(sql`
      select n.status, count(*)::int as n from agenda_patient_notices n
        join appointments a on a.id = n.appointment_id
       where a.availability_id = ${agendaId} group by n.status`),
  ]);
  const counts = Object.fromEntries(summary.rows.map((r) => [r.status, Number(r.n)]));
  return {
    rows: rows.rows.map((r) => ({
      ...r,
      id: Number(r.id),
      appointment_id: Number(r.appointment_id),
      patient_id: Number(r.patient_id),
      created_at: new Date(r.created_at).toISOString(),
    })),
    summary: counts,
    total: Object.values(counts).reduce((s, n) => s + n, 0),
  };
}
