import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import { sql } from 'drizzle-orm';
import { buildApp } from '../app';
import { openDatabase } from '../db/client';
import { as, buildTestApp, loginAs, onPostgres, testConfig, type TestApp } from '../test/helpers';
import { SYSTEM_CHANNEL } from '../modules/events/routes';
import { sessionCache } from '../modules/sessions/cache';
import { listen, openStream } from '../test/sse-client';
import { openEventStream } from './sse';

let t: TestApp;
let base: string;
beforeAll(async () => {
  t = await buildTestApp();
  base = await listen(t.app);
});
afterAll(async () => t?.close());

describe('SSE stream', () => {
  it('delivers published events, with the token in the query string', async () => {
    const token = await loginAs(t.app, 'agent@test.ips.co');
    const s = await openStream(base, token);
    expect(s.status).toBe(200);
    expect(s.contentType).toMatch(/text\/event-stream/);
    await s.waitFor((x) => x.includes('retry: 1000'));
    const id = await t.app.deps.events.publish(t.app.deps.db, SYSTEM_CHANNEL, 'prueba', { n: 1 });
    const text = await s.waitFor((x) => x.includes(`id: ${id}`));
    expect(text).toContain('event: prueba');
    expect(text).toContain('"payload":{"n":1}');
    await s.close();
  });

  it('delivers an event too big for a NOTIFY whole, read back from event_log', async () => {
    const received: unknown[] = [];
    const off = t.app.deps.events.subscribe(SYSTEM_CHANNEL, (e) => received.push(e.payload));
    const big = { text: 'á'.repeat(6000), n: 2 };
    await t.app.deps.events.publish(t.app.deps.db, SYSTEM_CHANNEL, 'grande', big);
    await t.app.deps.events.publish(t.app.deps.db, SYSTEM_CHANNEL, 'pequeño', { n: 3 });
    for (let i = 0; i < 100 && received.length < 2; i++) await new Promise((r) => setTimeout(r, 50));
    off();
    // The big one is read back from the table first, so the two may arrive in either order.
    expect(received).toHaveLength(2);
    expect(received).toEqual(expect.arrayContaining([big, { n: 3 }]));
  });

  it('refuses a stream without a valid token', async () => {
    const res = await fetch(`${base}/api/events/stream?token=basura`);
    expect(res.status).toBe(401);
    expect(((await res.json()) as { success: boolean }).success).toBe(false);
  });

  it('an event published in a rolled-back transaction never arrives', async () => {
    const token = await loginAs(t.app, 'agent@test.ips.co');
    const s = await openStream(base, token);
    await s.waitFor((x) => x.includes('retry'));
    await t.app.deps.db
      .transaction(async (tx) => {
        await t.app.deps.events.publish(tx, SYSTEM_CHANNEL, 'fantasma', {});
        throw new Error('rollback');
      })
      .catch(() => {});
    const after = await t.app.deps.events.publish(t.app.deps.db, SYSTEM_CHANNEL, 'real', {});
    const text = await s.waitFor((x) => x.includes(`id: ${after}`));
    expect(text).not.toContain('fantasma');
    await s.close();
  });

  it('replays what a reconnecting client missed (Last-Event-ID), in order, without duplicates', async () => {
    const token = await loginAs(t.app, 'agent@test.ips.co');
    const first = await t.app.deps.events.publish(t.app.deps.db, SYSTEM_CHANNEL, 'antes', { k: 0 });
    const missed1 = await t.app.deps.events.publish(t.app.deps.db, SYSTEM_CHANNEL, 'perdido', { k: 1 });
    const missed2 = await t.app.deps.events.publish(t.app.deps.db, SYSTEM_CHANNEL, 'perdido', { k: 2 });
    const s = await openStream(base, token, first!);
    const text = await s.waitFor((x) => x.includes(`id: ${missed2}`));
    expect(text).not.toContain(`id: ${first}\n`);
    expect(text.indexOf(`id: ${missed1}`)).toBeLessThan(text.indexOf(`id: ${missed2}`));
    const live = await t.app.deps.events.publish(t.app.deps.db, SYSTEM_CHANNEL, 'vivo', {});
    const all = await s.waitFor((x) => x.includes(`id: ${live}`));
    expect(all.split(`id: ${missed1}\n`).length).toBe(2);
    await s.close();
  });

  it('closes the stream at once when its session is revoked', async () => {
    const token = await loginAs(t.app, 'doctor@test.ips.co');
    const s = await openStream(base, token);
    await s.waitFor((x) => x.includes('retry'));
    await as(t.app, token)({ method: 'POST', url: '/api/auth/logout' });
    const text = await s.waitFor((x) => x.includes('event: session-ended'));
    expect(text).toContain('"reason":"revoked"');
    const start = Date.now();
    while (!s.ended && Date.now() - start < 3000) await new Promise((r) => setTimeout(r, 20));
    expect(s.ended).toBe(true);
  });
});

/** A server with one stream route whose heartbeat is `heartbeatMs` (the app's routes use the 15 s default). */
async function heartbeatServer(heartbeatMs: number) {
  const app = Fastify({ forceCloseConnections: true });
  app.decorate('deps', t.app.deps);
  app.decorate('streamSessions', t.app.streamSessions);
  app.decorateRequest('user', null);
  app.get('/stream', async (request, reply) => {
    request.user = await t.app.authenticate((request.query as { token: string }).token);
    await openEventStream(app, request, reply, { channels: [SYSTEM_CHANNEL], heartbeatMs });
  });
  return { app, base: await listen(app) };
}

const sessionIdOf = (token: string) =>
  (JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { sid: string }).sid;
const pings = (text: string) => text.split(': ping').length - 1;
const waitEnded = async (s: { ended: boolean }) => {
  const start = Date.now();
  while (!s.ended && Date.now() - start < 3000) await new Promise((r) => setTimeout(r, 20));
  return s.ended;
};

describe('the heartbeat re-checks the session through the session cache (decision 016)', () => {
  it('costs no query while the cached session is fresh', async () => {
    const cache = sessionCache(t.app.deps);
    const { app, base } = await heartbeatServer(40);
    try {
      const token = await loginAs(t.app, 'reception@test.ips.co');
      const s = await openStream(base, token, undefined, '/stream');
      await s.waitFor((x) => x.includes('retry'));
      // Opening the stream read the session (auth), and the cache keeps it for SESSION_CACHE_TTL_MS.
      const { hits, misses } = cache;
      await s.waitFor((x) => pings(x) >= 5);
      expect(cache.misses).toBe(misses);
      expect(cache.hits - hits).toBeGreaterThanOrEqual(5);
      expect(s.ended).toBe(false);
      await s.close();
    } finally {
      await app.close();
    }
  });

  it('ends the stream when the session is revoked without an event, once the cached row is stale', async () => {
    const cache = sessionCache(t.app.deps);
    const ttl = cache.ttlMs;
    cache.ttlMs = 300;
    const { app, base } = await heartbeatServer(40);
    try {
      const token = await loginAs(t.app, 'reception@test.ips.co');
      const s = await openStream(base, token, undefined, '/stream');
      await s.waitFor((x) => pings(x) >= 2);
      // Written by hand (no `sessions` event): only the heartbeat's re-read can notice it.
      await t.app.deps.db.execute(
        sql`update sessions set revoked_at = now(), revoked_reason = 'prueba' where id = ${sessionIdOf(token)}`,
      );
      const text = await s.waitFor((x) => x.includes('event: session-ended'), 3000);
      expect(text).toContain('"reason":"expired"');
      expect(await waitEnded(s)).toBe(true);
    } finally {
      cache.ttlMs = ttl;
      await app.close();
    }
  });

  it('ends the stream when the session expires, even while its row is cached', async () => {
    const cache = sessionCache(t.app.deps);
    const { app, base } = await heartbeatServer(40);
    try {
      const token = await loginAs(t.app, 'reception@test.ips.co');
      await t.app.deps.db.execute(
        sql`update sessions set expires_at = now() + interval '1 second' where id = ${sessionIdOf(token)}`,
      );
      const s = await openStream(base, token, undefined, '/stream');
      await s.waitFor((x) => x.includes('retry'));
      const { hits } = cache;
      const text = await s.waitFor((x) => x.includes('event: session-ended'), 4000);
      expect(text).toContain('"reason":"expired"');
      // Before the expiry the heartbeats were answered by the cache (the row is fresh for 5 s).
      expect(cache.hits - hits).toBeGreaterThanOrEqual(3);
      expect(await waitEnded(s)).toBe(true);
    } finally {
      await app.close();
    }
  });
});

describe.runIf(onPostgres)('two API instances on one PostgreSQL', () => {
  it('an event published on one reaches a client of the other', async () => {
    const database = await openDatabase({ databaseUrl: t.databaseUrl, dataDir: '' });
    const other = await buildApp(testConfig({ databaseUrl: t.databaseUrl }), { database });
    try {
      const otherBase = await listen(other);
      // Both instances share the signing key kept in the database, so a token from one works on the other.
      const token = await loginAs(t.app, 'supervisor@test.ips.co');
      const s = await openStream(otherBase, token);
      await s.waitFor((x) => x.includes('retry'));
      const id = await t.app.deps.events.publish(t.app.deps.db, SYSTEM_CHANNEL, 'entre-instancias', {
        from: 'A',
      });
      const text = await s.waitFor((x) => x.includes(`id: ${id}`));
      expect(text).toContain('"from":"A"');
      // A logout on instance A closes the stream held by instance B.
      await as(t.app, token)({ method: 'POST', url: '/api/auth/logout' });
      await s.waitFor((x) => x.includes('event: session-ended'));
      await s.close();
    } finally {
      await other.close();
    }
  });
});
