import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createScratchDatabase, onPostgres } from '../test/helpers';
import { migratedDataDir } from '../test/pglite-snapshot';
import { startServer, waitForExit } from '../test/server-process';

const ADMIN = { email: 'durabilidad@ips.co', password: 'clave-de-durabilidad-2026' };
const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c();
});

async function targetEnv(): Promise<Record<string, string>> {
  const env: Record<string, string> = {
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    DEMO_MODE: 'false',
  };
  if (onPostgres) {
    const scratch = await createScratchDatabase();
    cleanups.push(scratch.drop);
    env.DATABASE_URL = scratch.url;
  } else {
    const dir = mkdtempSync(join(tmpdir(), 'ips-durabilidad-'));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    // The run's migrated cluster: the first start skips initdb and every migration (the restarts are the test).
    await migratedDataDir(dir);
    env.DATA_DIR = dir;
  }
  return env;
}

async function login(base: string): Promise<string> {
  const res = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(ADMIN),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { data: { token: string } }).data.token;
}

describe(`crash safety on ${onPostgres ? 'PostgreSQL' : 'PGlite'}`, () => {
  it('every acknowledged write survives kill -9 and a restart', async () => {
    const env = await targetEnv();
    const first = await startServer(env);
    cleanups.push(() => void first.child.kill('SIGKILL'));
    const token = await login(first.base);
    const acknowledged: string[] = [];
    for (let i = 0; i < 15; i++) {
      const email = `persistente${i}@ips.co`;
      const res = await fetch(`${first.base}/api/users`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ name: `Usuario Persistente ${i}`, email }),
      });
      if (res.status === 201) acknowledged.push(email);
    }
    expect(acknowledged).toHaveLength(15);
    // No graceful shutdown: the process dies right after the last acknowledgement.
    first.child.kill('SIGKILL');
    await waitForExit(first.child);

    const second = await startServer(env);
    cleanups.push(() => void second.child.kill('SIGKILL'));
    const token2 = await login(second.base);
    const res = await fetch(`${second.base}/api/users?q=persistente&limit=100`, {
      headers: { authorization: `Bearer ${token2}` },
    });
    const emails = ((await res.json()) as { data: { email: string }[] }).data
      .map((u: { email: string }) => u.email)
      .sort();
    expect(emails).toEqual([...acknowledged].sort());
    // The token issued before the crash still works: sessions and the signing key were durable too.
    const me = await fetch(`${second.base}/api/auth/me`, { headers: { authorization: `Bearer ${token}` } });
    expect(me.status).toBe(200);

    second.child.kill('SIGTERM');
    expect(await waitForExit(second.child)).toBe(0);
  }, 400_000);
});
