import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../db/schema/users';
import { signSessionToken } from '../lib/tokens';
import { signDownloadToken } from '../modules/documents/token';
import { linkFor, uploadDocument } from '../modules/documents/test-factory';
import { callers, createPatient } from './factories/patients';
import { buildTestApp, loginAs, type TestApp } from './helpers';

/**
 * Issue 33: a document's download link carries a signed token in its URL (browser history, proxy logs, a shared
 * screen). It must open that document and nothing else: never a session, on any route, by header or by `?token=`.
 * And the other way round, a session token never opens a download.
 */
let t: TestApp;
let link: { url: string; token: string };
let docId: number;
beforeAll(async () => {
  t = await buildTestApp();
  const c = await callers(t.app);
  const patientId = (await createPatient(c.reception)).id;
  docId = (await uploadDocument(c.reception, patientId)).id;
  // An administrator's link: the widest role a leaked link could lend.
  link = await linkFor(c.admin, docId);
});
afterAll(async () => t?.close());

/** Read, write, admin, audit, export and live-stream routes: what an attacker would try first. */
const SAMPLE: { method: 'GET' | 'POST'; url: string; payload?: object; query?: boolean }[] = [
  { method: 'GET', url: '/api/auth/me' },
  { method: 'GET', url: '/api/users' },
  { method: 'GET', url: '/api/patient-access-log' },
  { method: 'GET', url: '/api/patients' },
  {
    method: 'POST',
    url: '/api/users',
    payload: { name: 'Intruso', email: 'intruso@ataque.co', role: 'admin', password: 'Una-clave-larga-2026' },
  },
  { method: 'POST', url: '/api/auth/logout' },
  { method: 'GET', url: '/api/events/stream', query: true },
  { method: 'GET', url: '/api/notifications/stream', query: true },
  { method: 'GET', url: '/api/audit/export.csv', query: true },
  { method: 'GET', url: '/api/calls/history/export.csv', query: true },
];

async function tryEverywhere(token: string) {
  const seen: string[] = [];
  for (const r of SAMPLE) {
    const ways = r.query ? ['header', 'query'] : ['header'];
    for (const way of ways) {
      const res = await t.app.inject({
        method: r.method,
        url: way === 'query' ? `${r.url}?token=${encodeURIComponent(token)}` : r.url,
        headers: way === 'header' ? { authorization: `Bearer ${token}` } : {},
        ...(r.payload ? { payload: r.payload } : {}),
      });
      seen.push(`${r.method} ${r.url} (${way}) → ${res.statusCode}`);
    }
  }
  return seen;
}

const all401 = (seen: string[]) => seen.filter((s) => !s.endsWith('→ 401'));

describe('a download-link token is not a session', () => {
  it('is refused with 401 on every sampled route, by header and by ?token=, and creates no user', async () => {
    expect(all401(await tryEverywhere(link.token))).toEqual([]);
    const created = await t.app.deps.db.select().from(users).where(eq(users.email, 'intruso@ataque.co'));
    expect(created).toEqual([]);
  });

  it('is refused even when signed with the session key (its typ and audience are checked)', async () => {
    const session = (
      await t.app.inject({
        method: 'GET',
        url: '/api/auth/me',
        headers: { authorization: `Bearer ${await loginAs(t.app, t.users.admin.email)}` },
      })
    ).json().data.session.id as string;
    const misKeyed = await signDownloadToken(
      t.app.deps.tokenKeys.session,
      { documentId: docId, userId: t.users.admin.id, sessionId: session },
      new Date(Date.now() + 60_000),
    );
    expect(all401(await tryEverywhere(misKeyed))).toEqual([]);
  });

  it('still opens its own document, and a session token does not', async () => {
    expect((await t.app.inject({ method: 'GET', url: link.url })).statusCode).toBe(200);
    const session = await loginAs(t.app, t.users.admin.email);
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/documents/${docId}/download?token=${session}`,
    });
    expect(res.statusCode).toBe(401);
  });
});

describe('a session token is only valid with the session key', () => {
  it('a session-shaped token signed with the download key, or with the raw secret, is refused', async () => {
    const claims = { sub: String(t.users.admin.id), sid: 'x', role: 'admin', name: 'x' };
    const expires = new Date(Date.now() + 60_000);
    const withDownloadKey = await signSessionToken(t.app.deps.tokenKeys.download, claims, expires);
    expect(all401(await tryEverywhere(withDownloadKey))).toEqual([]);
  });

  it('a real session token opens the sampled read routes', async () => {
    const token = await loginAs(t.app, t.users.admin.email);
    for (const url of ['/api/auth/me', '/api/users', '/api/patient-access-log']) {
      const res = await t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
      expect(res.statusCode, url).toBe(200);
    }
  });
});
