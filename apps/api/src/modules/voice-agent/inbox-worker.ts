import type { AppDeps } from '../../lib/context';
import * as inbox from './inbox-repo';
import { applyEvent } from './process';

export interface InboxWorkerOptions {
  pollMs?: number;
  batch?: number;
  /** Attempts before an event is marked failed. */
  maxAttempts?: number;
  retryBaseSeconds?: number;
  leaseSeconds?: number;
}

/**
 * Processes the voice webhooks stored in the inbox (decision 038). One runs on every API instance; each claims
 * its rows with FOR UPDATE SKIP LOCKED, so an event is applied by one of them, in one transaction that also
 * marks it done. A failing event is retried with backoff and marked failed (with its error) after the last try.
 */
export class InboxWorker {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private again = false;
  private stopped = false;
  private readonly pollMs: number;
  private readonly batch: number;
  private readonly maxAttempts: number;
  private readonly retryBase: number;
  private readonly lease: number;

  constructor(
    private readonly deps: AppDeps,
    private readonly onError: (err: unknown) => void,
    opts: InboxWorkerOptions = {},
  ) {
    this.pollMs = opts.pollMs ?? 2_000;
    this.batch = opts.batch ?? 20;
    this.maxAttempts = opts.maxAttempts ?? 5;
    this.retryBase = opts.retryBaseSeconds ?? 5;
    this.lease = opts.leaseSeconds ?? 120;
  }

  start(): void {
    if (this.pollMs > 0) {
      this.timer = setInterval(() => this.kick(), this.pollMs);
      this.timer.unref();
    }
    this.kick();
  }

  /** Looks at the inbox now; a run in progress runs once more. */
  kick(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = (async () => {
      try {
        do {
          this.again = false;
          while (!this.stopped && (await this.drainOnce()) === this.batch);
        } while (this.again && !this.stopped);
      } catch (err) {
        this.onError(err);
      } finally {
        this.running = null;
      }
    })();
  }

  /** Resolves when no run is in progress (tests and the replay command wait on it). */
  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  async drainOnce(): Promise<number> {
    const claimed = await inbox.claimDue(this.deps.db, this.batch, this.lease);
    for (const e of claimed) {
      try {
        await this.deps.db.transaction(async (tx) => {
          await applyEvent(tx, this.deps, e.payload, e.id);
          await inbox.markDone(tx, e.id);
        });
      } catch (err) {
        const message = err instanceof Error ? err.message : String(err);
        const final = e.attempts >= this.maxAttempts;
        await inbox.markAttemptFailed(
          this.deps.db,
          e.id,
          message,
          final,
          Math.min(3600, this.retryBase * 2 ** (e.attempts - 1)),
        );
        if (final) this.onError(err);
      }
    }
    return claimed.length;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running?.catch(() => {});
  }
}
