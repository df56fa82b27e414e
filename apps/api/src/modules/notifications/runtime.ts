import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps } from '../../lib/context';
import { createMailer, type Mailer } from '../../lib/mailer';
import { checkAlerts } from './alerts';
import { OUTBOX_CHANNEL } from './notify';
import { OutboxWorker } from './outbox-worker';

/** How often the alert conditions are checked on each instance. */
export const ALERT_CHECK_MS = 30_000;

export interface NotificationsRuntime {
  mailer: Mailer;
  worker: OutboxWorker;
}

const runtimes = new WeakMap<object, NotificationsRuntime>();

/** The mailer and outbox worker of an app (keyed by its event bus, one per app). */
export function runtimeOf(deps: Pick<AppDeps, 'events'>): NotificationsRuntime | undefined {
  return runtimes.get(deps.events);
}

/**
 * Starts this instance's outbox worker (woken by every committed outbox message on any instance, and every few
 * seconds) and the alert checks; the returned function stops both and waits for a send in progress.
 */
export function startNotifications(
  deps: AppDeps,
  log: FastifyBaseLogger,
  opts: { alertCheckMs?: number; pollMs?: number } = {},
) {
  const mailer = createMailer({ smtpUrl: deps.config.smtpUrl, smtpFrom: deps.config.smtpFrom });
  const worker = new OutboxWorker(deps.db, mailer, (err) => log.error({ err }, 'outbox de correo'), {
    pollMs: opts.pollMs,
  });
  runtimes.set(deps.events, { mailer, worker });
  worker.start();
  const unsubscribe = deps.events.subscribe(OUTBOX_CHANNEL, () => worker.kick());
  const alertMs = opts.alertCheckMs ?? (deps.config.env === 'test' ? 0 : ALERT_CHECK_MS);
  let checking: Promise<unknown> | null = null;
  const timer =
    alertMs > 0
      ? setInterval(() => {
          if (checking) return;
          checking = checkAlerts(deps)
            .catch((err) => log.error({ err }, 'alertas de notificaciones'))
            .finally(() => (checking = null));
        }, alertMs)
      : null;
  timer?.unref();
  return async () => {
    if (timer) clearInterval(timer);
    unsubscribe();
    await checking;
    await worker.stop();
  };
}
