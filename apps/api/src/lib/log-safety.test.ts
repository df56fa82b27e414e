import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { openDatabase } from '../db/client';
import { users } from '../db/schema/users';
import { hashPassword } from './passwords';
import { safeErrorMessage, safeUrl } from './log-safety';
import { createScratchDatabase, onPostgres, testConfig } from '../test/helpers';
import { migratedSnapshot } from '../test/pglite-snapshot';
import type { FastifyInstance } from 'fastify';

/**
 * Runs real traffic through an app whose logger writes to memory at the most verbose level, then reads
 * every line: no password, no token, no patient document may appear.
 */
const lines: string[] = [];
let app: FastifyInstance;
let drop: (() => Promise<void>) | undefined;
const PASSWORD = 'Clave-Secreta-De-Registro-77';
const DOCUMENT = '1098765432';

beforeAll(async () => {
  let databaseUrl: string | undefined;
  if (onPostgres) ({ url: databaseUrl, drop } = await createScratchDatabase());
  // On PGlite, from the run's migrated cluster, as buildTestApp does (not initdb and every migration per app).
  const database = await openDatabase({
    databaseUrl,
    dataDir: 'memory://',
    loadDataDir: databaseUrl ? undefined : await migratedSnapshot(),
  });
  app = await buildApp(testConfig({ databaseUrl, logLevel: 'trace' }), {
    database,
    logStream: { write: (l: string) => void lines.push(l) },
  });
  await app.deps.db.insert(users).values({
    name: 'Registro',
    email: 'registro@ips.co',
    role: 'admin',
    passwordHash: await hashPassword(PASSWORD),
  });
});
afterAll(async () => {
  await app?.close();
  await drop?.();
});

describe('logs', () => {
  it('never contain passwords, tokens or patient documents', async () => {
    const login = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'registro@ips.co', password: PASSWORD },
    });
    const token = login.json().data.token as string;
    await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'registro@ips.co', password: `${PASSWORD}-mal` },
    });
    const auth = { authorization: `Bearer ${token}` };
    await app.inject({
      method: 'POST',
      url: '/api/patients',
      headers: auth,
      payload: { document: DOCUMENT, name: 'Paciente Registro', phone: '3001234567' },
    });
    await app.inject({
      method: 'POST',
      url: '/api/patients',
      headers: auth,
      payload: { document: DOCUMENT, name: 'Duplicado Registro', phone: '3001234567' },
    });
    await app.inject({
      method: 'GET',
      url: `/api/patients/search/quicksearch?query=${DOCUMENT}`,
      headers: auth,
    });
    await app.inject({ method: 'GET', url: `/api/patients-v2?search=${DOCUMENT}&page=1`, headers: auth });
    await app.inject({ method: 'GET', url: `/api/events/stream?token=${token}&last_event_id=abc` });
    await app.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization: `Bearer ${token}x` } });

    const log = lines.join('');
    // One access line per request (8 above), each with its URL made safe.
    expect(lines.filter((l) => l.includes('"msg":"request completed"'))).toHaveLength(8);
    expect(log).toContain('/api/patients/search/quicksearch?query=…');
    expect(log).not.toContain(PASSWORD);
    expect(log).not.toContain(token);
    expect(log).not.toContain(token.split('.')[2]!);
    expect(log).not.toContain(DOCUMENT);
  });

  it('strip query values and SQL parameters', () => {
    expect(safeUrl('/api/x?token=abc&q=123')).toBe('/api/x?token=…&q=…');
    expect(safeUrl('/api/x')).toBe('/api/x');
    expect(safeErrorMessage('Failed query: insert into t values ($1)\nparams: 1098765432')).toBe(
      'Failed query: insert into t values ($1) [parámetros omitidos]',
    );
  });
});
