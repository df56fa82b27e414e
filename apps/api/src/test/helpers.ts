import { randomBytes } from 'node:crypto';
import type { FastifyInstance, InjectOptions } from 'fastify';
import pg from 'pg';
import type { Role } from '@ips/shared/catalogs/roles';
import { ROLES } from '@ips/shared/catalogs/roles';
import { buildApp } from '../app';
import { loadConfig, type AppConfig } from '../config';
import { openDatabase } from '../db/client';
import { users } from '../db/schema/users';
import { hashPassword } from '../lib/passwords';
import { databaseUrlFor, migratedTemplate, testDatabasePrefix } from './pg-template';
import { migratedSnapshot } from './pglite-snapshot';

export const TEST_PASSWORD = 'Clave-de-prueba-2026';
let passwordHash: Promise<string> | null = null;

/** PostgreSQL when TEST_DATABASE_URL is set (a fresh copy of the migrated template per app), else in-memory PGlite. */
export const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

export function testConfig(overrides: Partial<AppConfig> = {}): AppConfig {
  return {
    ...loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DEMO_MODE: 'false' }),
    dataDir: 'memory://',
    demoMode: false,
    // The fuzzing and matrix tests send hundreds of requests per route; rate-limit.test.ts uses 1.
    rateLimitScale: 50,
    ...overrides,
  };
}

/**
 * Creates a database on the test server for one test app: a copy of this run's migrated template
 * (pg-template.ts), or an empty one outside a Vitest run. Returns its URL and a function that drops it.
 */
export async function createScratchDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const base = process.env.TEST_DATABASE_URL!;
  const template = await migratedTemplate(base);
  const name = `${testDatabasePrefix()}${Date.now()}_${randomBytes(3).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  try {
    await admin.query(template ? `CREATE DATABASE ${name} TEMPLATE ${template}` : `CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  return {
    url: databaseUrlFor(base, name),
    drop: async () => {
      const c = new pg.Client({ connectionString: base });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

export interface TestApp {
  app: FastifyInstance;
  /** One active user per role, all with TEST_PASSWORD. */
  users: Record<Role, { id: number; email: string }>;
  close: () => Promise<void>;
  /** For a second instance on the same database (PostgreSQL only). */
  databaseUrl?: string;
}

export async function buildTestApp(overrides: Partial<AppConfig> = {}): Promise<TestApp> {
  let drop: (() => Promise<void>) | undefined;
  let databaseUrl: string | undefined;
  if (onPostgres) {
    const scratch = await createScratchDatabase();
    databaseUrl = scratch.url;
    drop = scratch.drop;
  }
  const config = testConfig({ databaseUrl, ...overrides });
  const database = await openDatabase({
    databaseUrl,
    dataDir: 'memory://',
    loadDataDir: databaseUrl ? undefined : await migratedSnapshot(),
  });
  const app = await buildApp(config, { database });
  passwordHash ??= hashPassword(TEST_PASSWORD);
  const hash = await passwordHash;
  const rows = await app.deps.db
    .insert(users)
    .values(
      ROLES.map((role) => ({
        name: `Usuario ${role}`,
        email: `${role}@test.ips.co`,
        role,
        passwordHash: hash,
      })),
    )
    .returning({ id: users.id, email: users.email, role: users.role });
  const byRole = Object.fromEntries(
    rows.map((r) => [r.role, { id: r.id, email: r.email }]),
  ) as TestApp['users'];
  return {
    app,
    users: byRole,
    databaseUrl,
    close: async () => {
      await app.close();
      await drop?.();
    },
  };
}

export async function loginAs(
  app: FastifyInstance,
  email: string,
  password = TEST_PASSWORD,
): Promise<string> {
  const res = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
  if (res.statusCode !== 200) throw new Error(`login ${email} → ${res.statusCode} ${res.body}`);
  return res.json().data.token as string;
}

/** app.inject with a bearer token. */
export function as(app: FastifyInstance, token: string) {
  return (opts: InjectOptions) =>
    app.inject({ ...opts, headers: { ...(opts.headers ?? {}), authorization: `Bearer ${token}` } });
}
