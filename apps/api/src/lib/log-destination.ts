import pino from 'pino';

/** The longest a line waits in memory, and how much is written at most before that. */
export const LOG_FLUSH_MS = 10;
const FLUSH_CHARS = 16 * 1024;

/**
 * A destination that gathers log lines and writes them together: one synchronous write(2) when 16 KiB have
 * gathered or 10 ms after the first waiting line, whichever comes first, instead of one write per line. Under
 * load (a few thousand requests a second) one write carries dozens of access lines; an idle server writes each
 * line within 10 ms of logging it.
 *
 * What is given up, stated: a line is in the process's memory for up to 10 ms. If the process dies without
 * running its exit handlers (SIGKILL, the OOM killer, a native crash), the lines of those last 10 ms are lost;
 * earlier ones are already with the kernel. Leaving through `process.exit`, a signal handled by server.ts
 * (SIGTERM, SIGINT) or an uncaught exception writes them on 'exit'. Lines keep the order they were logged in.
 *
 * pino's `sync: false` was measured and not taken: its buffer cost more CPU per line than a write per line on
 * this machine (it measures the byte length of the growing buffer on every line, and each write goes through
 * libuv's thread pool), and what it loses on a hard kill is unbounded behind a slow write.
 */
export class BatchedDestination {
  private pending: string[] = [];
  private chars = 0;
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly target: { write(chunk: string): unknown },
    private readonly delayMs = LOG_FLUSH_MS,
  ) {
    process.once('exit', () => this.flush());
  }

  write(line: string): boolean {
    this.pending.push(line);
    this.chars += line.length;
    if (this.chars >= FLUSH_CHARS) this.flush();
    else if (this.timer === undefined) this.timer = setTimeout(this.flush, this.delayMs);
    return true;
  }

  /** Writes what is waiting now (also pino's `logger.flush(cb)`). */
  readonly flush = (cb?: (err?: Error) => void): void => {
    if (this.timer !== undefined) {
      clearTimeout(this.timer);
      this.timer = undefined;
    }
    if (this.pending.length > 0) {
      const chunk = this.pending.length === 1 ? this.pending[0]! : this.pending.join('');
      this.pending = [];
      this.chars = 0;
      this.target.write(chunk);
    }
    if (typeof cb === 'function') cb();
  };
}

let stdout: BatchedDestination | undefined;

/**
 * Standard output for the logs (one per process: several apps in one process, as in the tests, share it). The
 * writes themselves are pino's synchronous destination on fd 1, which retries a pipe that is momentarily full.
 */
export function stdoutDestination(): BatchedDestination {
  stdout ??= new BatchedDestination(pino.destination({ fd: 1, sync: true }));
  return stdout;
}
