import { beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { openDatabase } from '../../db/client';
import { as, loginAs, onPostgres, testConfig, type TestApp } from '../../test/helpers';
import { frames, listen, openStream } from '../../test/sse-client';
import { createAgenda, worldFixture, type World } from '../../test/factories/world';
import { QUEUE_CHANNEL } from './events';
import { enqueue } from './test-factory';

const ctx = worldFixture();
let t: TestApp;
let w: World;
let base: string;
beforeAll(async () => {
  ({ t, w } = ctx);
  base = await listen(t.app);
});

const queueStream = (b: string, token: string, last?: number) =>
  openStream(b, token, last, '/api/queue/stream');

describe('GET /queue/stream', () => {
  it('carries the queue events (enqueue, assign, scheduled, cancelled) to any signed-in user', async () => {
    const token = await loginAs(t.app, 'doctor@test.ips.co');
    const s = await queueStream(base, token);
    expect(s.status).toBe(200);
    await s.waitFor((x) => x.includes('retry'));
    const e = await enqueue(w);
    await w.c.agent({ method: 'POST', url: `/api/queue/${e.id}/assign` });
    await w.c.agent({ method: 'POST', url: `/api/queue/${e.id}/schedule`, payload: {} });
    const f = await enqueue(w);
    await w.c.agent({ method: 'DELETE', url: `/api/queue/${f.id}` });
    await s.waitFor((x) => frames(x).filter((fr) => fr.event === 'cancelled').length === 1);
    const got = frames(s.text).filter((fr) => fr.data.channel === QUEUE_CHANNEL);
    expect(got.map((fr) => [fr.event, fr.data.payload.id])).toEqual([
      ['enqueue', e.id],
      ['assign', e.id],
      ['scheduled', e.id],
      ['enqueue', f.id],
      ['cancelled', f.id],
    ]);
    expect(got[1]!.data.payload).toMatchObject({
      specialty_id: w.generalId,
      patient_id: e.patient_id,
      assigned_user_id: t.users.agent.id,
    });
    // The daily queue follows appointment changes on the same stream.
    const agenda = await createAgenda(w, { doctor_id: w.drB });
    const g = await enqueue(w);
    const assigned = await w.c.agent({
      method: 'POST',
      url: '/api/appointments/waiting-list/assign',
      payload: { waiting_list_id: g.id, availability_id: agenda.id },
    });
    expect(assigned.statusCode, assigned.body).toBe(200);
    const appointmentId = assigned.json().data.appointment.id;
    await s.waitFor((x) =>
      frames(x).some((fr) => fr.event === 'appointment.created' && fr.data.payload.id === appointmentId),
    );
    await s.close();
  });

  it('a reconnect with Last-Event-ID replays exactly what was missed, in order, then goes live', async () => {
    const token = await loginAs(t.app, 'agent@test.ips.co');
    const s1 = await queueStream(base, token);
    await s1.waitFor((x) => x.includes('retry'));
    const first = await enqueue(w);
    const seen = await s1.waitFor((x) => frames(x).length >= 1);
    const lastId = frames(seen).at(-1)!.id;
    await s1.close();

    const missed = [];
    for (let i = 0; i < 3; i++) missed.push((await enqueue(w)).id);
    await w.c.agent({ method: 'DELETE', url: `/api/queue/${first.id}` });

    const s2 = await queueStream(base, token, lastId);
    await s2.waitFor((x) => frames(x).length >= 4);
    const live = await enqueue(w);
    await s2.waitFor((x) => frames(x).some((fr) => fr.data.payload.id === live.id));
    const got = frames(s2.text);
    expect(got.map((fr) => [fr.event, fr.data.payload.id])).toEqual([
      ...missed.map((id) => ['enqueue', id]),
      ['cancelled', first.id],
      ['enqueue', live.id],
    ]);
    const ids = got.map((fr) => fr.id);
    expect(ids.every((id, i) => i === 0 || id > ids[i - 1]!)).toBe(true);
    expect(ids[0]).toBeGreaterThan(lastId);
    await s2.close();
  });

  it('the shared /events/stream also carries queue events (the sidebar badge)', async () => {
    const token = await loginAs(t.app, 'reception@test.ips.co');
    const s = await openStream(base, token);
    await s.waitFor((x) => x.includes('retry'));
    const e = await enqueue(w);
    await s.waitFor((x) => frames(x).some((fr) => fr.event === 'enqueue' && fr.data.payload.id === e.id));
    await s.close();
  });
});

describe('GET /transfers/stream', () => {
  it('agents receive the transfers that concern them; doctors are refused', async () => {
    const agentToken = await loginAs(t.app, 'agent@test.ips.co');
    const s = await openStream(base, agentToken, undefined, '/api/transfers/stream');
    expect(s.status).toBe(200);
    await s.waitFor((x) => x.includes('retry'));
    const toAdmin = await w.c.supervisor({
      method: 'POST',
      url: '/api/transfers',
      payload: { to_user_id: t.users.admin.id },
    });
    const toAgent = await w.c.supervisor({
      method: 'POST',
      url: '/api/transfers',
      payload: { to_user_id: t.users.agent.id },
    });
    const id = toAgent.json().data.id;
    await w.c.agent({ method: 'POST', url: `/api/transfers/${id}/reject`, payload: { reason: 'Ocupado' } });
    await s.waitFor((x) => frames(x).some((fr) => fr.event === 'rejected'));
    const got = frames(s.text).map((fr) => [fr.event, fr.data.payload.id]);
    expect(got).toEqual([
      ['created', id],
      ['rejected', id],
    ]);
    expect(got.some(([, x]) => x === toAdmin.json().data.id)).toBe(false);
    await s.close();

    const doctor = await fetch(
      `${base}/api/transfers/stream?token=${await loginAs(t.app, 'doctor@test.ips.co')}`,
    );
    expect(doctor.status).toBe(403);
  });
});

describe.runIf(onPostgres)('across API instances and commit order (PostgreSQL)', () => {
  it('a client of a second instance receives the queue event caused through the first', async () => {
    const database = await openDatabase({ databaseUrl: t.databaseUrl, dataDir: '' });
    const other = await buildApp(testConfig({ databaseUrl: t.databaseUrl }), { database });
    try {
      const otherBase = await listen(other);
      const token = await loginAs(t.app, 'supervisor@test.ips.co');
      const s = await queueStream(otherBase, token);
      await s.waitFor((x) => x.includes('retry'));
      const e = await enqueue(w);
      await s.waitFor((x) => frames(x).some((fr) => fr.event === 'enqueue' && fr.data.payload.id === e.id));
      // And a transfer created on A reaches B's transfers stream.
      const ts = await openStream(otherBase, token, undefined, '/api/transfers/stream');
      await ts.waitFor((x) => x.includes('retry'));
      const tr = await as(
        t.app,
        token,
      )({ method: 'POST', url: '/api/transfers', payload: { to_user_id: t.users.agent.id } });
      await ts.waitFor((x) =>
        frames(x).some((fr) => fr.event === 'created' && fr.data.payload.id === tr.json().data.id),
      );
      await s.close();
      await ts.close();
    } finally {
      await other.close();
    }
  });

  it('stream positions follow commit order: an event that commits late is not skipped on reconnect', async () => {
    const token = await loginAs(t.app, 'agent@test.ips.co');
    const s1 = await queueStream(base, token);
    await s1.waitFor((x) => x.includes('retry'));
    const { db, events } = t.app.deps;
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    let insertedA!: () => void;
    const aInserted = new Promise<void>((r) => (insertedA = r));
    // A publishes first (smaller event_log.id) but commits after B.
    const a = db.transaction(async (tx) => {
      await events.publish(tx, QUEUE_CHANNEL, 'updated', { id: -1, specialty_id: 0, patient_id: 0 });
      insertedA();
      await gate;
    });
    await aInserted;
    await db.transaction(async (tx) => {
      await events.publish(tx, QUEUE_CHANNEL, 'updated', { id: -2, specialty_id: 0, patient_id: 0 });
    });
    const seenB = await s1.waitFor((x) => frames(x).some((fr) => fr.data.payload.id === -2));
    const bPos = frames(seenB).find((fr) => fr.data.payload.id === -2)!.id;
    await s1.close();
    release();
    await a;
    // The client saw B, disconnected, and resumes from B's position: A, committed later, must come.
    const s2 = await queueStream(base, token, bPos);
    const text = await s2.waitFor((x) => frames(x).some((fr) => fr.data.payload.id === -1));
    expect(frames(text).find((fr) => fr.data.payload.id === -1)!.id).toBeGreaterThan(bPos);
    await s2.close();
  });
});

describe.runIf(onPostgres)('POST /queue/next under concurrency (PostgreSQL)', () => {
  it('20 agents asking at once for 10 entries: each entry handed out once, 10 get none', async () => {
    const res = await w.c.admin({ method: 'GET', url: '/api/queue?limit=1000' });
    for (const e of res.json().data as { id: number }[])
      await w.c.admin({ method: 'DELETE', url: `/api/queue/${e.id}` });
    const entries = [];
    for (let i = 0; i < 10; i++) entries.push((await enqueue(w, { specialty_id: w.pediatricsId })).id);
    const calls = [w.c.agent, w.c.supervisor, w.c.admin, w.c.reception];
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        calls[i % calls.length]!({
          method: 'POST',
          url: '/api/queue/next',
          payload: { specialty_id: w.pediatricsId },
        }),
      ),
    );
    expect(results.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
    const claimed = results
      .map((r) => r.json().data?.id)
      .filter((id): id is number => typeof id === 'number');
    expect(claimed).toHaveLength(10);
    expect(new Set(claimed).size).toBe(10);
    expect([...claimed].sort((x, y) => x - y)).toEqual([...entries].sort((x, y) => x - y));
  });
});
