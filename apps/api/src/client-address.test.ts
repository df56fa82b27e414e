import { afterEach, describe, expect, it } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import { buildApp } from './app';
import { loadConfig, parseTrustProxy, type AppConfig } from './config';
import { openDatabase } from './db/client';
import { loginAttempts, sessions, users } from './db/schema/users';
import { hashPassword } from './lib/passwords';
import { createScratchDatabase, onPostgres, testConfig } from './test/helpers';
import { migratedSnapshot } from './test/pglite-snapshot';

/**
 * Which address a request is recorded with (sessions, login attempts, the access log) and which request id it is
 * logged under: a client may claim anything in X-Forwarded-For and X-Request-Id; only a configured proxy is
 * believed, and only a plain id is kept.
 */
const PASSWORD = 'Clave-de-prueba-2026';
const SPOOFED = '203.0.113.66';

let close: (() => Promise<void>) | undefined;
afterEach(async () => {
  await close?.();
  close = undefined;
});

async function start(overrides: Partial<AppConfig> = {}) {
  const lines: string[] = [];
  let drop: (() => Promise<void>) | undefined;
  let databaseUrl: string | undefined;
  if (onPostgres) ({ url: databaseUrl, drop } = await createScratchDatabase());
  // On PGlite, from the run's migrated cluster, as buildTestApp does (not initdb and every migration per app).
  const database = await openDatabase({
    databaseUrl,
    dataDir: 'memory://',
    loadDataDir: databaseUrl ? undefined : await migratedSnapshot(),
  });
  const app = await buildApp(testConfig({ databaseUrl, logLevel: 'info', ...overrides }), {
    database,
    logStream: { write: (l: string) => void lines.push(l) },
  });
  close = async () => {
    await app.close();
    await drop?.();
  };
  await app.deps.db.insert(users).values({
    name: 'Dirección',
    email: 'direccion@ips.co',
    role: 'admin',
    passwordHash: await hashPassword(PASSWORD),
  });
  const login = (headers: Record<string, string>) =>
    app.inject({
      method: 'POST',
      url: '/api/auth/login',
      remoteAddress: '10.0.0.5',
      headers,
      payload: { email: 'direccion@ips.co', password: PASSWORD },
    });
  const recorded = async () => {
    const [attempt] = await app.deps.db
      .select({ ip: loginAttempts.ip })
      .from(loginAttempts)
      .orderBy(desc(loginAttempts.id))
      .limit(1);
    const [session] = await app.deps.db
      .select({ ip: sessions.ip })
      .from(sessions)
      .orderBy(desc(sessions.createdAt))
      .limit(1);
    return { attempt: attempt?.ip, session: session?.ip };
  };
  const accessLine = (reqId: string) =>
    lines
      .map((l) => JSON.parse(l) as { msg: string; req?: { reqId: string; remoteAddress: string } })
      .find((l) => l.msg === 'request completed' && l.req?.reqId === reqId);
  return { app, login, recorded, accessLine, lines };
}

describe('client address', () => {
  it('ignores X-Forwarded-For by default: the socket address is recorded and logged', async () => {
    const { login, recorded, accessLine } = await start();
    const res = await login({ 'x-forwarded-for': SPOOFED });
    expect(res.statusCode).toBe(200);
    expect(await recorded()).toEqual({ attempt: '10.0.0.5', session: '10.0.0.5' });
    expect(accessLine(String(res.headers['x-request-id']))?.req?.remoteAddress).toBe('10.0.0.5');
  });

  it('believes the proxy with TRUST_PROXY=1 (one hop)', async () => {
    const { login, recorded, accessLine } = await start({ trustProxy: 1 });
    const res = await login({ 'x-forwarded-for': `198.51.100.7, ${SPOOFED}` });
    expect(res.statusCode).toBe(200);
    // One hop: the proxy at 10.0.0.5 added the last address; what the client wrote before it is not believed.
    expect(await recorded()).toEqual({ attempt: SPOOFED, session: SPOOFED });
    expect(accessLine(String(res.headers['x-request-id']))?.req?.remoteAddress).toBe(SPOOFED);
  });

  it('believes only the listed proxies with TRUST_PROXY=<addresses>', async () => {
    const { app } = await start({ trustProxy: ['10.0.0.0/8'] });
    const ipOf = async (remoteAddress: string) => {
      const res = await app.inject({
        method: 'POST',
        url: '/api/auth/login',
        remoteAddress,
        headers: { 'x-forwarded-for': SPOOFED },
        payload: { email: 'nadie@ips.co', password: 'Otra-clave-cualquiera-1' },
      });
      expect(res.statusCode).toBe(401);
      const [row] = await app.deps.db
        .select({ ip: loginAttempts.ip })
        .from(loginAttempts)
        .where(eq(loginAttempts.email, 'nadie@ips.co'))
        .orderBy(desc(loginAttempts.id))
        .limit(1);
      return row?.ip;
    };
    expect(await ipOf('10.1.2.3')).toBe(SPOOFED);
    expect(await ipOf('192.0.2.10')).toBe('192.0.2.10');
  });
});

describe('request id', () => {
  it('keeps a plain id from the client and replaces a hostile one in the header and the log', async () => {
    const { app, accessLine, lines } = await start();
    const plain = 'req-2026.11-abc_DEF';
    const kept = await app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': plain } });
    expect(kept.headers['x-request-id']).toBe(plain);
    expect(accessLine(plain)).toBeDefined();

    const hostile = [
      'abc\r\nX-Inyectado: 1',
      'a'.repeat(500),
      'petición-ñandú-✓',
      '../../etc/passwd id',
      'short',
    ];
    for (const given of hostile) {
      // Headers cannot carry CR/LF over a socket; inject passes them through as a proxy bug might.
      const res = await app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': given } });
      const answered = String(res.headers['x-request-id']);
      expect(answered).not.toBe(given);
      expect(answered).toMatch(/^[0-9a-f-]{36}$/);
      expect(accessLine(answered)).toBeDefined();
      expect(lines.some((l) => l.includes(given))).toBe(false);
    }
  });
});

describe('TRUST_PROXY', () => {
  it('is off by default and reads hops or a list of addresses', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(parseTrustProxy('false')).toBe(false);
    expect(parseTrustProxy('2')).toBe(2);
    expect(parseTrustProxy('127.0.0.1, 10.0.0.0/8,::1,fd00::/8,loopback')).toEqual([
      '127.0.0.1',
      '10.0.0.0/8',
      '::1',
      'fd00::/8',
      'loopback',
    ]);
  });

  it('refuses anything else at start-up with a Spanish message', () => {
    for (const bad of ['true', 'proxy.local', '10.0.0.0/33', '1.2.3', '10.0.0.1,,']) {
      expect(() => loadConfig({ TRUST_PROXY: bad }), bad).toThrow(/^Configuración inválida: TRUST_PROXY/);
    }
  });
});
