import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { openDatabase } from '../db/client';
import { as, buildTestApp, loginAs, onPostgres, testConfig, type TestApp } from '../test/helpers';
import { SYSTEM_CHANNEL } from '../modules/events/routes';
import { listen, openStream } from '../test/sse-client';

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
