import type { AppDeps } from '../../lib/context';
import { backoffSeconds, DrainLoop } from '../../lib/drain-loop';
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
  private readonly loop: DrainLoop;
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
    this.loop = new DrainLoop(() => this.drainOnce(), { batch: this.batch, pollMs: this.pollMs, onError });
  }

  start(): void {
    this.loop.start();
  }

  /** Looks at the inbox now; a run in progress runs once more. */
  kick(): void {
    this.loop.kick();
  }

  /** Resolves when no run is in progress (tests and the replay command wait on it). */
  idle(): Promise<void> {
    return this.loop.idle();
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
          backoffSeconds(e.attempts, this.retryBase),
        );
        if (final) this.onError(err);
      }
    }
    return claimed.length;
  }

  stop(): Promise<void> {
    return this.loop.stop();
  }
}
