import { AppError } from '@ips/shared/errors';
import {
  EMAIL_NOT_CONFIGURED,
  NOTIFICATION_TYPE_LABELS,
  NOTIFICATION_TYPES,
  type NotificationDto,
  type UpdatePreferencesBody,
} from '@ips/shared/schemas/notifications';
import type { z } from 'zod';
import type { outboxQuery, sendNotificationBody } from '@ips/shared/schemas/notifications';
import { writeAudit } from '../../lib/audit';
import type { Actor, AppDeps } from '../../lib/context';
import { notify, orgName, OUTBOX_CHANNEL, publishChanged } from './notify';
import * as outbox from './outbox-repo';
import * as repo from './repo';

export const NOT_FOUND = 'Notificación no encontrada';

function dto(r: repo.NotificationRow): NotificationDto {
  return {
    id: r.id,
    type: r.type,
    title: r.title,
    body: r.body,
    link: r.link,
    read_at: r.readAt ? r.readAt.toISOString() : null,
    created_at: r.createdAt.toISOString(),
  };
}

export async function listMine(
  deps: AppDeps,
  userId: number,
  q: { page: number; limit: number; unread?: boolean },
) {
  const offset = (q.page - 1) * q.limit;
  const [rows, total, unread] = await Promise.all([
    repo.pageForUser(deps.db, userId, { unread: q.unread, limit: q.limit, offset }),
    repo.countForUser(deps.db, userId, q.unread === true),
    repo.countForUser(deps.db, userId, true),
  ]);
  return { data: rows.map(dto), total, unread, page: q.page, limit: q.limit };
}

/**
 * Another user's notification is 404 with the same message as one that does not exist, so the answer does not
 * confirm that it exists (the role matrix, issue 33).
 */
export async function markRead(deps: AppDeps, userId: number, id: number) {
  return deps.db.transaction(async (tx) => {
    const row = await repo.markRead(tx, userId, id);
    if (!row) throw new AppError('NOT_FOUND', NOT_FOUND);
    await publishChanged(tx, deps, [userId]);
    return dto(row);
  });
}

export async function markAllRead(deps: AppDeps, userId: number) {
  return deps.db.transaction(async (tx) => {
    const updated = await repo.markAllRead(tx, userId);
    if (updated > 0) await publishChanged(tx, deps, [userId]);
    return { updated };
  });
}

export async function send(deps: AppDeps, actor: Actor, body: z.output<typeof sendNotificationBody>) {
  return deps.db.transaction(async (tx) => {
    const r = await notify(tx, deps, {
      type: 'message',
      title: body.title,
      body: body.body,
      link: body.link || null,
      audience: { userIds: body.user_ids, roles: body.roles },
      createdBy: actor.userId,
    });
    if (r.recipients === 0 && r.emails === 0)
      throw new AppError(
        'VALIDATION',
        'Ningún destinatario recibe esta notificación: usuarios inactivos o con estos avisos desactivados',
      );
    await writeAudit(tx, actor, {
      table: 'notifications',
      recordId: 0,
      action: 'send',
      newValues: {
        title: body.title,
        user_ids: body.user_ids,
        roles: body.roles,
        recipients: r.recipients,
        emails: r.emails,
      },
    });
    return { recipients: r.recipients };
  });
}

export async function preferences(deps: AppDeps, userId: number) {
  const rows = new Map((await repo.preferencesOf(deps.db, userId)).map((p) => [p.type, p]));
  return NOTIFICATION_TYPES.map((type) => ({
    type,
    label: NOTIFICATION_TYPE_LABELS[type],
    in_app: rows.get(type)?.inApp ?? true,
    email: rows.get(type)?.email ?? false,
  }));
}

export async function updatePreferences(
  deps: AppDeps,
  actor: Actor & { userId: number },
  body: UpdatePreferencesBody,
) {
  const types = body.preferences.map((p) => p.type);
  if (new Set(types).size !== types.length)
    throw new AppError('VALIDATION', 'Cada tipo de notificación puede aparecer una sola vez');
  await deps.db.transaction(async (tx) => {
    const before = await preferences({ ...deps, db: tx as AppDeps['db'] }, actor.userId);
    await repo.upsertPreferences(tx, actor.userId, body.preferences);
    await writeAudit(tx, actor, {
      table: 'notification_preferences',
      recordId: actor.userId,
      action: 'update',
      oldValues: before.filter((b) => types.includes(b.type)),
      newValues: body.preferences,
    });
  });
  return preferences(deps, actor.userId);
}

export async function stats(deps: AppDeps, userId: number) {
  const byType = await repo.statsByType(deps.db, userId);
  return {
    total: byType.reduce((s, t) => s + t.total, 0),
    unread: byType.reduce((s, t) => s + t.unread, 0),
    by_type: byType,
  };
}

export function emailConfigured(deps: AppDeps) {
  return Boolean(deps.config.smtpUrl && deps.config.smtpFrom);
}

export async function listOutbox(deps: AppDeps, q: z.output<typeof outboxQuery>) {
  const { rows, total } = await outbox.page(deps.db, {
    status: q.status,
    limit: q.limit,
    offset: (q.page - 1) * q.limit,
  });
  return {
    data: rows.map((r) => ({
      id: r.id,
      kind: r.kind,
      to_address: r.toAddress,
      subject: r.subject,
      status: r.status as 'pending' | 'sent' | 'failed',
      attempts: r.attempts,
      last_error: r.lastError,
      next_attempt_at: r.nextAttemptAt.toISOString(),
      sent_at: r.sentAt ? r.sentAt.toISOString() : null,
      created_at: r.createdAt.toISOString(),
    })),
    total,
    page: q.page,
    limit: q.limit,
    email_configured: emailConfigured(deps),
  };
}

/** 'Enviar correo de prueba': through the outbox like every e-mail; refused when e-mail is not configured. */
export async function sendTestEmail(deps: AppDeps, actor: Actor, to: string) {
  if (!emailConfigured(deps)) throw new AppError('CONFLICT', EMAIL_NOT_CONFIGURED);
  const org = orgName(deps);
  return deps.db.transaction(async (tx) => {
    const [row] = await outbox.enqueue(tx, [
      {
        kind: 'test',
        to,
        subject: `${org}: correo de prueba`,
        text: `Este es un correo de prueba de ${org}.\n\nSi lo recibió, el envío de correos electrónicos está configurado correctamente.`,
        createdBy: actor.userId,
      },
    ]);
    await writeAudit(tx, actor, {
      table: 'email_outbox',
      recordId: row!.id,
      action: 'test-email',
      newValues: { to },
    });
    await deps.events.publish(tx, OUTBOX_CHANNEL, 'enqueued', {});
    return { id: row!.id, status: 'pending' as const };
  });
}

export function recipients(deps: AppDeps, q: string | undefined) {
  return repo.searchActiveUsers(deps.db, q);
}

export async function patientNotices(
  deps: AppDeps,
  q: { availability_id: number; page: number; limit: number },
) {
  const r = await repo.patientNoticesOfAgenda(deps.db, q.availability_id, q.limit, (q.page - 1) * q.limit);
  return { data: r.rows, total: r.total, summary: r.summary, page: q.page, limit: q.limit };
}
