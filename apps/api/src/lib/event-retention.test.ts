import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { loadConfig } from '../config';
import { buildTestApp, loginAs, onPostgres, type TestApp } from '../test/helpers';
import { frames, listen, openStream } from '../test/sse-client';
import { SYSTEM_CHANNEL } from '../modules/events/routes';
import { pruneEventLog, startEventRetention } from './event-retention';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t?.close());

const RETENTION = 168;

async function publish(channel: string, n: number, ageHours = 0): Promise<number[]> {
  const seqs: number[] = [];
  for (let i = 0; i < n; i++)
    seqs.push((await t.app.deps.events.publish(t.app.deps.db, channel, 'prueba', { i }))!);
  if (ageHours > 0)
    await t.app.deps.db.execute(
      sql`update event_log set created_at = now() - ${ageHours}::double precision * interval '1 hour'
          where seq = any(${`{${seqs.join(',')}}`}::bigint[])`,
    );
  return seqs;
}

async function seqsOf(channel: string): Promise<number[]> {
  const res = await t.app.deps.db.execute<{ seq: number }>(
    sql`select seq::int as seq from event_log where channel = ${channel} order by seq`,
  );
  return res.rows.map((r) => Number(r.seq));
}

const noLog = { info: () => {}, warn: () => {} } as never;

describe('event_log retention (decision 017)', () => {
  it('deletes events older than the retention and keeps the recent ones', async () => {
    const old = await publish('ret-a', 3, RETENTION + 1);
    const edge = await publish('ret-a', 1, RETENTION - 1);
    const recent = await publish('ret-a', 2);
    expect(await seqsOf('ret-a')).toEqual([...old, ...edge, ...recent]);
    const r = await pruneEventLog(t.app.deps.db, { retentionHours: RETENTION });
    expect(r).toEqual({ deleted: 3, batches: 1 });
    expect(await seqsOf('ret-a')).toEqual([...edge, ...recent]);
    // Nothing left to delete: a second run is a no-op.
    expect(await pruneEventLog(t.app.deps.db, { retentionHours: RETENTION })).toEqual({
      deleted: 0,
      batches: 1,
    });
  });

  it('deletes in batches until a batch deletes fewer than the batch size', async () => {
    await pruneEventLog(t.app.deps.db, { retentionHours: RETENTION });
    await publish('ret-b', 13, RETENTION * 2);
    const kept = await publish('ret-b', 2);
    const r = await pruneEventLog(t.app.deps.db, { retentionHours: RETENTION, batchSize: 5 });
    expect(r).toEqual({ deleted: 13, batches: 3 });
    expect(await seqsOf('ret-b')).toEqual(kept);
    // An exact multiple ends with an empty batch.
    await publish('ret-b', 10, RETENTION * 2);
    expect(await pruneEventLog(t.app.deps.db, { retentionHours: RETENTION, batchSize: 5 })).toEqual({
      deleted: 10,
      batches: 3,
    });
    expect(await seqsOf('ret-b')).toEqual(kept);
  });

  it('replay after pruning returns the newer events in order, from any Last-Event-ID', async () => {
    const ch = SYSTEM_CHANNEL;
    const old = await publish(ch, 3, RETENTION + 5);
    const recent = await publish(ch, 3);
    await pruneEventLog(t.app.deps.db, { retentionHours: RETENTION });
    const fromOld = await t.app.deps.events.replay([ch], old[0]!);
    expect(fromOld.map((e) => e.id)).toEqual(recent);
    expect(fromOld.map((e) => (e.payload as { i: number }).i)).toEqual([0, 1, 2]);
    expect((await t.app.deps.events.replay([ch], recent[0]!)).map((e) => e.id)).toEqual(recent.slice(1));

    // A client reconnecting with a pruned Last-Event-ID gets what is left, in order, then live events.
    const base = await listen(t.app);
    const token = await loginAs(t.app, 'agent@test.ips.co');
    const s = await openStream(base, token, old[1]);
    await s.waitFor((x) => x.includes(`id: ${recent[2]}\n`));
    const live = await t.app.deps.events.publish(t.app.deps.db, ch, 'vivo', {});
    const text = await s.waitFor((x) => x.includes(`id: ${live}\n`));
    await s.close();
    const mine = new Set([...old, ...recent, live]);
    expect(
      frames(text)
        .map((f) => f.id)
        .filter((id) => mine.has(id)),
    ).toEqual([...recent, live]);
  });

  it('runs shortly after start and on its interval, and stops for good', async () => {
    await pruneEventLog(t.app.deps.db, { retentionHours: RETENTION });
    await publish('ret-c', 4, RETENTION + 1);
    const kept = await publish('ret-c', 1);
    const stop = startEventRetention(t.app.deps, noLog, { firstRunMs: 10, everyMs: 50, batchSize: 3 });
    for (let i = 0; i < 100 && (await seqsOf('ret-c')).length > 1; i++)
      await new Promise((r) => setTimeout(r, 20));
    expect(await seqsOf('ret-c')).toEqual(kept);
    // Again on the interval.
    await publish('ret-c', 2, RETENTION + 1);
    for (let i = 0; i < 100 && (await seqsOf('ret-c')).length > 1; i++)
      await new Promise((r) => setTimeout(r, 20));
    expect(await seqsOf('ret-c')).toEqual(kept);
    await stop();
    const after = await publish('ret-c', 2, RETENTION + 1);
    await new Promise((r) => setTimeout(r, 200));
    expect(await seqsOf('ret-c')).toEqual([...kept, ...after]);
  });
});

describe('EVENT_RETENTION_HOURS', () => {
  const base = { NODE_ENV: 'test' };
  it('defaults to 7 days and accepts whole hours from 1', () => {
    expect(loadConfig(base).eventRetentionHours).toBe(168);
    expect(loadConfig({ ...base, EVENT_RETENTION_HOURS: '24' }).eventRetentionHours).toBe(24);
  });
  it.each(['0', '-3', '1.5', 'siete', '100000'])('refuses %s', (v) => {
    expect(() => loadConfig({ ...base, EVENT_RETENTION_HOURS: v })).toThrow(
      /Configuración inválida:\nEVENT_RETENTION_HOURS/,
    );
  });
});

describe.runIf(onPostgres)('several instances on one PostgreSQL', () => {
  it('a run while another instance holds the retention lock leaves the work to it', async () => {
    await pruneEventLog(t.app.deps.db, { retentionHours: RETENTION });
    await publish('ret-d', 2, RETENTION + 1);
    const other = new pg.Client({ connectionString: t.databaseUrl });
    await other.connect();
    try {
      await other.query('select pg_advisory_lock(8241500913)');
      expect(await pruneEventLog(t.app.deps.db, { retentionHours: RETENTION })).toBeNull();
      expect(await seqsOf('ret-d')).toHaveLength(2);
      await other.query('select pg_advisory_unlock(8241500913)');
      expect((await pruneEventLog(t.app.deps.db, { retentionHours: RETENTION }))!.deleted).toBe(2);
      expect(await seqsOf('ret-d')).toEqual([]);
    } finally {
      await other.end();
    }
  });
});
