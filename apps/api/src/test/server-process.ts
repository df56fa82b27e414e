import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const API_ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      srv.close(() =>
        typeof addr === 'object' && addr ? resolve(addr.port) : reject(new Error('sin puerto')),
      );
    });
  });
}

export interface ServerProcess {
  base: string;
  child: ChildProcess;
  output: () => string;
}

/**
 * Starts the real server (src/server.ts through tsx) as a child process and waits for /api/health.
 * SERVER_NODE_ARGS adds Node options to the server only, e.g. to profile it under a benchmark:
 * `SERVER_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof" npx tsx bench/booking.ts --no-results`.
 */
export async function startServer(env: Record<string, string>): Promise<ServerProcess> {
  const port = await freePort();
  let out = '';
  const nodeArgs = process.env.SERVER_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
  const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', 'src/server.ts'], {
    cwd: API_ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
      PORT: String(port),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // Only the tail is kept (for error messages): a benchmark's server logs every request.
  const keep = (d: Buffer) => {
    out += d;
    if (out.length > 131_072) out = out.slice(-65_536);
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 150_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`el servidor terminó al iniciar:\n${out}`);
    try {
      const res = await fetch(`${base}/api/health`);
      if (res.ok) break;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) throw new Error(`el servidor no respondió a tiempo:\n${out}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return { base, child, output: () => out };
}

export function waitForExit(child: ChildProcess): Promise<number | null> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve(child.exitCode);
    child.once('exit', (code) => resolve(code));
  });
}
