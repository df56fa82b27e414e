/** Seconds before retry number `attempts` (1 → base, 2 → 2×base, …), capped at an hour. */
export function backoffSeconds(attempts: number, base: number): number {
  return Math.min(3600, base * 2 ** Math.max(0, attempts - 1));
}

/**
 * The loop of a worker that drains a table in batches (claimed with FOR UPDATE SKIP LOCKED by its `drainOnce`):
 * polled every `pollMs` and woken by `kick()`; a kick during a run makes it run once more; a full batch is
 * followed by another at once. Errors go to `onError`; `stop()` waits for the run in progress.
 */
export class DrainLoop {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private again = false;
  private stopped = false;

  constructor(
    private readonly drainOnce: () => Promise<number>,
    private readonly opts: {
      batch: number;
      pollMs: number;
      onError: (err: unknown) => void;
      /** Checked before each run (e.g. e-mail with no SMTP server does nothing). */
      enabled?: () => boolean;
    },
  ) {}

  private get enabled() {
    return this.opts.enabled?.() ?? true;
  }

  start(): void {
    if (!this.enabled) return;
    if (this.opts.pollMs > 0) {
      this.timer = setInterval(() => this.kick(), this.opts.pollMs);
      this.timer.unref();
    }
    this.kick();
  }

  kick(): void {
    if (this.stopped || !this.enabled) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = (async () => {
      try {
        do {
          this.again = false;
          while (!this.stopped && (await this.drainOnce()) === this.opts.batch);
        } while (this.again && !this.stopped);
      } catch (err) {
        this.opts.onError(err);
      } finally {
        this.running = null;
      }
    })();
  }

  /** Resolves when no run is in progress. */
  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running?.catch(() => {});
  }
}
