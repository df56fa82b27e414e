import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startSmtpStandIn } from './smtp-stand-in';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const serverJs = join(root, 'apps/api/dist/server.js');
const webDist = join(root, 'apps/web/dist');

function freePort(): Promise<number> {
  return new Promise((ok, fail) => {
    const srv = createServer();
    srv.unref();
    srv.on('error', fail);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      srv.close(() =>
        typeof address === 'object' && address ? ok(address.port) : fail(new Error('sin puerto')),
      );
    });
  });
}

async function waitForHealth(
  url: string,
  child: ChildProcess,
  log: () => string,
  timeoutMs = 300_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`El servidor terminó (código ${child.exitCode}):\n${log()}`);
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`El servidor no respondió ${url} en ${timeoutMs / 1000} s:\n${log()}`);
}

/**
 * Starts the built API (which also serves the built web app) on a free port with a fresh embedded database in
 * demo mode, and hands its address to the tests through E2E_BASE_URL.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  for (const [path, what] of [
    [serverJs, 'la API (npm run build -w @ips/api)'],
    [join(webDist, 'index.html'), 'la web (npm run build -w @ips/web)'],
  ] as const) {
    if (!existsSync(path)) throw new Error(`Falta el build de ${what}: ${path}`);
  }

  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'ips-e2e-'));
  // E-mail goes to a local stand-in whose messages the flows read from E2E_MAILDIR.
  const mailDir = mkdtempSync(join(tmpdir(), 'ips-e2e-mail-'));
  const smtp = await startSmtpStandIn(mailDir);
  process.env.E2E_MAILDIR = mailDir;
  // The voice agent's secrets (decision 038): the flows sign webhooks and call its tools with them.
  process.env.E2E_VOICE_WEBHOOK_SECRET = randomBytes(24).toString('hex');
  process.env.E2E_VOICE_TOOL_SECRET = randomBytes(24).toString('hex');
  let output = '';
  const child = spawn(process.execPath, [serverJs], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      WEB_DIST: webDist,
      DEMO_MODE: 'true',
      LOG_LEVEL: 'warn',
      SMTP_URL: smtp.url,
      SMTP_FROM: 'IPS Demo <citas@ips.test>',
      // Every flow signs in from 127.0.0.1: about 100 sign-ins in 15 minutes, past the per-address login bucket
      // (60 at once, 10 a minute) that a clinic's shared address gets. The per-account lockout is not scaled.
      RATE_LIMIT_SCALE: '10',
      ELEVENLABS_WEBHOOK_SECRET: process.env.E2E_VOICE_WEBHOOK_SECRET,
      ELEVENLABS_TOOL_SECRET: process.env.E2E_VOICE_TOOL_SECRET,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);

  const baseUrl = `http://127.0.0.1:${port}`;
  try {
    await waitForHealth(`${baseUrl}/api/health`, child, () => output);
  } catch (err) {
    child.kill('SIGKILL');
    await smtp.close();
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(mailDir, { recursive: true, force: true });
    throw err;
  }
  process.env.E2E_BASE_URL = baseUrl;

  return async () => {
    if (child.exitCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
      if (child.exitCode === null) child.kill('SIGKILL');
    }
    await smtp.close();
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(mailDir, { recursive: true, force: true });
  };
}
