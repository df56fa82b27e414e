import { NOTIFICATION_EVENT, type NotificationType } from '@ips/shared/schemas/notifications';
import type { Executor } from '../../db/client';
import type { AppDeps } from '../../lib/context';
import * as outbox from './outbox-repo';
import * as repo from './repo';

/** The per-user live channel: payloads name the users whose notifications changed, nothing else. */
export const NOTIFICATIONS_CHANNEL = 'notifications';
/** Committed outbox messages wake the outbox worker of every instance. */
export const OUTBOX_CHANNEL = 'email-outbox';

export interface NotifyInput {
  type: NotificationType;
  title: string;
  body: string;
  link?: string | null;
  audience: repo.Audience;
  createdBy?: number | null;
  /** An alert of the e-mail alerts card: also to notifications_email when those alerts are on. */
  alertEmail?: boolean;
}

export function publishChanged(tx: Executor, deps: Pick<AppDeps, 'events'>, userIds: number[]) {
  return deps.events.publish(tx, NOTIFICATIONS_CHANNEL, NOTIFICATION_EVENT, { user_ids: userIds });
}

export function orgName(deps: Pick<AppDeps, 'settings'>): string {
  const v = deps.settings.get('org_name');
  return typeof v === 'string' && v.trim() ? v.trim() : 'IPS';
}

/**
 * Raises a notification in the caller's transaction: one row per recipient who wants it in the app, an outbox
 * e-mail for each who asked for this type by e-mail, and (alerts) one to the alerts address when the e-mail
 * alerts are on; the recipients' bells hear of it when the transaction commits.
 */
export async function notify(tx: Executor, deps: AppDeps, n: NotifyInput) {
  const people = await repo.recipients(tx, n.type, n.audience);
  const inApp = people.filter((p) => p.inApp).map((p) => p.id);
  const inserted = await repo.insertForUsers(tx, inApp, {
    type: n.type,
    title: n.title,
    body: n.body,
    link: n.link ?? null,
    createdBy: n.createdBy ?? null,
  });
  const to = new Set(people.filter((p) => p.byEmail).map((p) => p.email.toLowerCase()));
  const alertTo = deps.settings.get('notifications_email');
  if (
    n.alertEmail &&
    deps.settings.get('notifications_email_enabled') === true &&
    typeof alertTo === 'string'
  )
    if (alertTo.trim()) to.add(alertTo.trim().toLowerCase());
  if (to.size > 0) {
    const org = orgName(deps);
    const text = `${n.title}\n\n${n.body}\n\n${org} · Sistema Médico Avanzado\nEste es un mensaje automático; no responda a este correo.`;
    await outbox.enqueue(
      tx,
      [...to].map((address) => ({
        kind: n.alertEmail ? ('alert' as const) : ('notification' as const),
        to: address,
        subject: `${org}: ${n.title}`,
        text,
        createdBy: n.createdBy ?? null,
      })),
    );
    await deps.events.publish(tx, OUTBOX_CHANNEL, 'enqueued', {});
  }
  if (inApp.length > 0) await publishChanged(tx, deps, inApp);
  return { recipients: inserted, emails: to.size };
}
