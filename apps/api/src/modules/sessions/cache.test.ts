import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { openDatabase } from '../../db/client';
import { as, buildTestApp, loginAs, onPostgres, testConfig, type TestApp } from '../../test/helpers';
import { SessionCache, sessionCache, type ActiveSession } from './cache';
import { revoke } from './repo';

const row = (id: string, userId = 1): ActiveSession => ({
  id,
  userId,
  expiresAt: new Date(Date.now() + 3_600_000),
  lastSeenAt: new Date(),
  userName: 'x',
  userEmail: 'x@x.co',
  userRole: 'agent',
  userStatus: 'Activo',
  mustChangePassword: false,
});

describe('SessionCache', () => {
  it('serves a fresh entry without reading, and reads again after the TTL', async () => {
    let now = 1_000;
    const c = new SessionCache(5_000, () => now);
    let reads = 0;
    const load = async () => (reads++, row('a'));
    await c.get('a', load);
    await c.get('a', load);
    expect(reads).toBe(1);
    now += 5_001;
    await c.get('a', load);
    expect(reads).toBe(2);
  });

  it('does not store a read that was in flight when the session was ended', async () => {
    const c = new SessionCache(60_000);
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const inFlight = c.get('a', async () => (await gate, row('a')));
    c.endSessions(['a'], false);
    release();
    expect(await inFlight).not.toBeNull();
    let reads = 0;
    await c.get('a', async () => (reads++, null));
    expect(reads).toBe(1);
  });

  it('an end announced in this process bypasses the cache until its event comes back', async () => {
    const c = new SessionCache(60_000);
    let reads = 0;
    const load = async () => (reads++, row('a', 7));
    await c.get('a', load);
    c.endSessions(['a'], true);
    // Before the commit the database still says active; it is read each time and not stored.
    await c.get('a', load);
    await c.get('a', load);
    expect(reads).toBe(3);
    c.endSessions(['a'], false); // the event, after the commit
    await c.get('a', load);
    await c.get('a', load);
    expect(reads).toBe(4);
    c.userChanged(7, true);
    await c.get('a', load);
    await c.get('a', load);
    expect(reads).toBe(6);
  });
});

describe('SessionCache.peek (the auth hook without a promise)', () => {
  it('answers only what get would answer from memory: fresh, unexpired, not ended or changed', async () => {
    let now = 1_000;
    const c = new SessionCache(5_000, () => now);
    const load = async () => row('a', 7);
    expect(c.peek('a')).toBeUndefined();
    await c.get('a', load);
    expect(c.peek('a')?.id).toBe('a');
    now += 5_001; // past the TTL
    expect(c.peek('a')).toBeUndefined();
    await c.get('a', load);
    c.endSessions(['a'], true);
    expect(c.peek('a')).toBeUndefined();
    c.endSessions(['a'], false);
    await c.get('a', load);
    expect(c.peek('a')?.id).toBe('a');
    c.userChanged(7, true);
    expect(c.peek('a')).toBeUndefined();
    c.userChanged(7, false);
    await c.get('a', async () => ({ ...row('a', 7), expiresAt: new Date(now + 1_000) }));
    expect(c.peek('a')?.id).toBe('a');
    now += 1_001; // past the session's own expiry, within the TTL
    expect(c.peek('a')).toBeUndefined();
  });
});

describe('revocation through the session cache, same instance', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
    // Long enough that only an invalidation, never the TTL, can explain what these tests see.
    sessionCache(t.app.deps).ttlMs = 60_000;
  });
  afterAll(async () => t?.close());

  it('the cache is used: a revocation written behind the API is not seen before the TTL', async () => {
    const token = await loginAs(t.app, 'doctor@test.ips.co');
    const me = await as(t.app, token)({ method: 'GET', url: '/api/auth/me' });
    expect(me.statusCode).toBe(200);
    const hits = sessionCache(t.app.deps).hits;
    await revoke(t.app.deps.db, { id: me.json().data.session.id }, 'prueba');
    // Documented window (decision 016): only writes outside the services rely on the TTL.
    expect((await as(t.app, token)({ method: 'GET', url: '/api/auth/me' })).statusCode).toBe(200);
    expect(sessionCache(t.app.deps).hits).toBe(hits + 1);
  });

  it('logout, forced end and deactivation apply to the very next request', async () => {
    const a = await loginAs(t.app, 'agent@test.ips.co');
    expect((await as(t.app, a)({ method: 'GET', url: '/api/auth/me' })).statusCode).toBe(200);
    expect((await as(t.app, a)({ method: 'POST', url: '/api/auth/logout' })).statusCode).toBe(200);
    expect((await as(t.app, a)({ method: 'GET', url: '/api/auth/me' })).statusCode).toBe(401);

    const admin = as(t.app, await loginAs(t.app, 'admin@test.ips.co'));
    const b = await loginAs(t.app, 'agent@test.ips.co');
    expect((await as(t.app, b)({ method: 'GET', url: '/api/auth/me' })).statusCode).toBe(200);
    const forced = await admin({ method: 'DELETE', url: `/api/sessions/user/${t.users.agent.id}` });
    expect(forced.statusCode).toBe(200);
    expect((await as(t.app, b)({ method: 'GET', url: '/api/auth/me' })).statusCode).toBe(401);

    const c = await loginAs(t.app, 'supervisor@test.ips.co');
    expect((await as(t.app, c)({ method: 'GET', url: '/api/auth/me' })).statusCode).toBe(200);
    const off = await admin({
      method: 'PUT',
      url: `/api/users/${t.users.supervisor.id}`,
      payload: { status: 'Inactivo' },
    });
    expect(off.statusCode).toBe(200);
    expect((await as(t.app, c)({ method: 'GET', url: '/api/auth/me' })).statusCode).toBe(401);
    await admin({ method: 'PUT', url: `/api/users/${t.users.supervisor.id}`, payload: { status: 'Activo' } });
  });

  it('a role change applies to the very next request of an open session', async () => {
    const admin = as(t.app, await loginAs(t.app, 'admin@test.ips.co'));
    const reception = as(t.app, await loginAs(t.app, 'reception@test.ips.co'));
    expect((await reception({ method: 'GET', url: '/api/auth/me' })).json().data.user.role).toBe('reception');
    expect((await reception({ method: 'GET', url: '/api/sessions/active' })).statusCode).toBe(403);
    const up = await admin({
      method: 'PUT',
      url: `/api/users/${t.users.reception.id}`,
      payload: { role: 'admin' },
    });
    expect(up.statusCode).toBe(200);
    expect((await reception({ method: 'GET', url: '/api/auth/me' })).json().data.user.role).toBe('admin');
    expect((await reception({ method: 'GET', url: '/api/sessions/active' })).statusCode).toBe(200);
    await admin({ method: 'PUT', url: `/api/users/${t.users.reception.id}`, payload: { role: 'reception' } });
    expect((await reception({ method: 'GET', url: '/api/sessions/active' })).statusCode).toBe(403);
  });
});

describe.runIf(onPostgres)('revocation across API instances (PostgreSQL)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => t?.close());

  /** Polls until `check` holds; fails after `ms`, far below the 60 s TTL set on both instances. */
  async function within(ms: number, check: () => Promise<boolean>) {
    const deadline = Date.now() + ms;
    for (;;) {
      if (await check()) return Date.now() - (deadline - ms);
      if (Date.now() > deadline) throw new Error(`not within ${ms} ms`);
      await new Promise((r) => setTimeout(r, 10));
    }
  }

  it('an end or a role change made through one instance reaches the cache of the other through NOTIFY', async () => {
    const database = await openDatabase({ databaseUrl: t.databaseUrl, dataDir: '' });
    const other = await buildApp(testConfig({ databaseUrl: t.databaseUrl }), { database });
    try {
      sessionCache(t.app.deps).ttlMs = 60_000;
      sessionCache(other.deps).ttlMs = 60_000;
      const admin = as(t.app, await loginAs(t.app, 'admin@test.ips.co'));

      const token = await loginAs(t.app, 'doctor@test.ips.co');
      const onB = as(other, token);
      expect((await onB({ method: 'GET', url: '/api/auth/me' })).statusCode).toBe(200);
      const hits = sessionCache(other.deps).hits;
      expect((await onB({ method: 'GET', url: '/api/auth/me' })).statusCode).toBe(200);
      expect(sessionCache(other.deps).hits).toBe(hits + 1); // B serves it from its cache
      const forced = await admin({ method: 'DELETE', url: `/api/sessions/user/${t.users.doctor.id}` });
      expect(forced.statusCode).toBe(200);
      await within(2_000, async () => (await onB({ method: 'GET', url: '/api/auth/me' })).statusCode === 401);

      const agent = as(other, await loginAs(t.app, 'agent@test.ips.co'));
      expect((await agent({ method: 'GET', url: '/api/sessions/active' })).statusCode).toBe(403);
      expect(
        (await admin({ method: 'PUT', url: `/api/users/${t.users.agent.id}`, payload: { role: 'admin' } }))
          .statusCode,
      ).toBe(200);
      await within(
        2_000,
        async () => (await agent({ method: 'GET', url: '/api/sessions/active' })).statusCode === 200,
      );
    } finally {
      await other.close();
    }
  });
});
