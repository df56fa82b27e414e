import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import { as } from '../../test/helpers';
import { migratedDataDir } from '../../test/pglite-snapshot';
import { DEMO_PASSWORD } from './users';

// Real restarts of the embedded database on disk (a DATA_DIR), as an installation lives them.
const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});
/** A data folder holding the run's migrated cluster (no seed yet: the first start is still a first start). */
async function dataDir() {
  const dir = mkdtempSync(join(tmpdir(), 'ips-demo-'));
  dirs.push(dir);
  await migratedDataDir(dir);
  return dir;
}

async function withApp<T>(env: Record<string, string>, fn: (app: FastifyInstance) => Promise<T>): Promise<T> {
  const app = await buildApp(loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', ...env }));
  try {
    return await fn(app);
  } finally {
    await app.close();
  }
}

const login = (app: FastifyInstance, email: string, password: string) =>
  app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
const publicDemo = async (app: FastifyInstance) =>
  (await app.inject({ method: 'GET', url: '/api/settings/public' })).json().data.demo_mode as boolean;

describe('demo mode across restarts', () => {
  it('turning it off switches the demo accounts off and ends their sessions; it stays off', async () => {
    const DATA_DIR = await dataDir();
    const token = await withApp({ DATA_DIR }, async (app) => {
      expect(app.deps.config.demoMode).toBe(true);
      expect(await publicDemo(app)).toBe(true);
      const res = await login(app, 'admin@demo.ips.co', DEMO_PASSWORD);
      expect(res.statusCode).toBe(200);
      return res.json().data.token as string;
    });

    await withApp({ DATA_DIR, DEMO_MODE: 'false' }, async (app) => {
      expect(await publicDemo(app)).toBe(false);
      expect((await as(app, token)({ method: 'GET', url: '/api/auth/me' })).statusCode).toBe(401);
      // Inactive: the generic 401 of a wrong password (decision 019), not a sign-in.
      for (const email of ['admin@demo.ips.co', 'recepcion@demo.ips.co'])
        expect((await login(app, email, DEMO_PASSWORD)).statusCode).toBe(401);
    });

    // Not set again: the installation's choice holds, the accounts stay off.
    await withApp({ DATA_DIR }, async (app) => {
      expect(app.deps.config.demoMode).toBe(false);
      expect(await publicDemo(app)).toBe(false);
      expect((await login(app, 'admin@demo.ips.co', DEMO_PASSWORD)).statusCode).toBe(401);
    });

    // Asked for again explicitly: the demo accounts listed on the login page work again.
    await withApp({ DATA_DIR, DEMO_MODE: 'true' }, async (app) => {
      expect(await publicDemo(app)).toBe(true);
      expect((await login(app, 'admin@demo.ips.co', DEMO_PASSWORD)).statusCode).toBe(200);
    });
  }, 180_000);

  it('a first start with ADMIN_EMAIL is not a demo, and does not become one later', async () => {
    const DATA_DIR = await dataDir();
    const admin = { ADMIN_EMAIL: 'direccion@clinica.co', ADMIN_PASSWORD: 'Orquideas-de-Pance-93' };
    await withApp({ DATA_DIR, ...admin }, async (app) => {
      expect(await publicDemo(app)).toBe(false);
      const [row] = await app.deps.database.query<{ n: number }>(
        `select count(*)::int as n from users where email like '%@demo.ips.co'`,
      );
      expect(row!.n).toBe(0);
      const res = await login(app, admin.ADMIN_EMAIL, admin.ADMIN_PASSWORD);
      // The operator chose this password: it is not forced to change.
      expect(res.json().data.user.must_change_password).toBe(false);
    });
    await withApp({ DATA_DIR }, async (app) => {
      expect(await publicDemo(app)).toBe(false);
      expect((await login(app, 'admin@demo.ips.co', DEMO_PASSWORD)).statusCode).toBe(401);
    });
  }, 120_000);
});
