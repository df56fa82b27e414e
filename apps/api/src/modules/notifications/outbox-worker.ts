import type { Db } from '../../db/client';
import { backoffSeconds, DrainLoop } from '../../lib/drain-loop';
import type { Mailer } from '../../lib/mailer';
import * as outbox from './outbox-repo';

export interface OutboxWorkerOptions {
  /** How often the outbox is looked at when nothing wakes the worker. */
  pollMs?: number;
  /** Messages claimed at a time. */
  batch?: number;
  /** First retry after this many seconds, doubling per attempt, at most an hour. */
  retryBaseSeconds?: number;
  /** How long a claimed message is held for its sender. */
  leaseSeconds?: number;
}

export { backoffSeconds };

/**
 * Sends what the e-mail outbox holds (decision 033). Any number of these run against one database, one per API
 * instance: each claims its rows with FOR UPDATE SKIP LOCKED, so every message is sent by one of them. A failed
 * try is retried with backoff until its last attempt, then marked failed with the SMTP error. Without SMTP
 * configured it does nothing: messages stay pending (their row says why) until a server is configured.
 */
export class OutboxWorker {
  private readonly loop: DrainLoop;
  private readonly pollMs: number;
  private readonly batch: number;
  private readonly retryBase: number;
  private readonly lease: number;

  constructor(
    private readonly db: Db,
    private readonly mailer: Mailer,
    private readonly onError: (err: unknown) => void,
    opts: OutboxWorkerOptions = {},
  ) {
    this.pollMs = opts.pollMs ?? 5_000;
    this.batch = opts.batch ?? 50;
    this.retryBase = opts.retryBaseSeconds ?? 30;
    this.lease = opts.leaseSeconds ?? 120;
    this.loop = new DrainLoop(() => this.drainOnce(), {
      batch: this.batch,
      pollMs: this.pollMs,
      onError,
      enabled: () => this.mailer.configured,
    });
  }

  start(): void {
    if (this.pollMs > 0) this.loop.start();
  }

  /** Looks at the outbox now (new messages were committed); a run in progress runs once more. */
  kick(): void {
    this.loop.kick();
  }

  /** Claims one batch and sends it; returns how many were claimed. */
  async drainOnce(): Promise<number> {
    if (!this.mailer.configured) return 0;
    const claimed = await outbox.claimDue(this.db, this.batch, this.lease);
    await Promise.all(
      claimed.map(async (m) => {
        try {
          await this.mailer.send({
            to: m.to_address,
            subject: m.subject,
            text: m.text_body,
            html: m.html_body,
          });
          await outbox.markSent(this.db, m.id);
        } catch (err) {
          const message = err instanceof Error ? err.message : String(err);
          const final = m.attempts >= m.max_attempts;
          await outbox.markAttemptFailed(
            this.db,
            m.id,
            message,
            final,
            backoffSeconds(m.attempts, this.retryBase),
          );
        }
      }),
    );
    return claimed.length;
  }

  async stop(): Promise<void> {
    await this.loop.stop();
    this.mailer.close();
  }
}
