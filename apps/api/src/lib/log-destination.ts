import pino from 'pino';

/**
 * A destination that gathers the lines logged during one turn of the event loop and writes them together, with
 * one synchronous write(2) at the end of the turn (setImmediate), instead of one write per line. Under load one
 * turn answers several requests, so their access lines share a system call; an idle server writes each line in
 * the turn that logged it, within a millisecond.
 *
 * What is given up, stated: a line is in the process's memory until the end of its turn. If the process dies in
 * between without running its exit handlers (SIGKILL, the OOM killer, a native crash), the lines of that turn are
 * lost; lines of earlier turns are already with the kernel. Leaving through `process.exit`, a signal handled by
 * server.ts or an uncaught exception writes them on 'exit'. Order is kept: lines go out in the order logged.
 *
 * pino's `sync: false` was measured and rejected: its buffer costs more CPU per line than a write per line
 * (it measures the byte length of the growing buffer on every line, and each write goes through libuv's thread
 * pool), and on a hard kill it loses everything still queued behind a slow write.
 */
export class TurnBatchedDestination {
  private pending: string[] = [];
  private scheduled = false;

  constructor(private readonly target: { write(chunk: string): unknown }) {
    process.once('exit', () => this.flush());
  }

  write(line: string): boolean {
    this.pending.push(line);
    if (!this.scheduled) {
      this.scheduled = true;
      setImmediate(this.flush);
    }
    return true;
  }

  /** Writes what is pending now (also pino's `logger.flush(cb)`). */
  readonly flush = (cb?: (err?: Error) => void): void => {
    this.scheduled = false;
    if (this.pending.length > 0) {
      const chunk = this.pending.length === 1 ? this.pending[0]! : this.pending.join('');
      this.pending = [];
      this.target.write(chunk);
    }
    if (typeof cb === 'function') cb();
  };
}

let stdout: TurnBatchedDestination | undefined;

/**
 * Standard output for the logs (one per process: several apps in one process, as in the tests, share it). The
 * writes themselves are pino's synchronous destination on fd 1, which retries a pipe that is momentarily full.
 */
export function stdoutDestination(): TurnBatchedDestination {
  stdout ??= new TurnBatchedDestination(pino.destination({ fd: 1, sync: true }));
  return stdout;
}
