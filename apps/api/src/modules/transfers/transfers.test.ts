import { beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { auditLog } from '../../db/schema/system';
import type { TestApp } from '../../test/helpers';
import { worldFixture, type World } from '../../test/factories/world';
import { enqueue } from '../queue/test-factory';

const ctx = worldFixture();
let t: TestApp;
let w: World;
beforeAll(() => {
  ({ t, w } = ctx);
});

const post = (call: World['c']['agent'], url: string, payload?: object) =>
  call({ method: 'POST', url, ...(payload ? { payload } : {}) });

describe('transfers between agents', () => {
  it('pending → accepted → completed; the queue entry goes to the accepting agent; audited', async () => {
    const entry = await enqueue(w);
    const created = await post(w.c.agent, '/api/transfers', {
      queue_id: entry.id,
      to_user_id: t.users.supervisor.id,
      reason: 'Paciente pide hablar con supervisor',
    });
    expect(created.statusCode, created.body).toBe(201);
    const tr = created.json().data;
    expect(tr).toMatchObject({
      status: 'pending',
      patient_id: entry.patient_id,
      specialty_name: 'Medicina General',
      from_user_name: 'Usuario agent',
      to_user_name: 'Usuario supervisor',
    });
    const pending = await w.c.agent({ method: 'GET', url: '/api/transfers' });
    expect(pending.json().data.map((x: { id: number }) => x.id)).toContain(tr.id);

    const accepted = await post(w.c.supervisor, `/api/transfers/${tr.id}/accept`);
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json().data).toMatchObject({ status: 'accepted', accepted_by: t.users.supervisor.id });
    const q = await w.c.agent({ method: 'GET', url: `/api/queue?specialty_id=${w.generalId}` });
    expect(q.json().data.find((e: { id: number }) => e.id === entry.id)).toMatchObject({
      status: 'assigned',
      assigned_user_id: t.users.supervisor.id,
    });

    const done = await post(w.c.supervisor, `/api/transfers/${tr.id}/complete`);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().data.status).toBe('completed');
    const completed = await w.c.agent({ method: 'GET', url: '/api/transfers?status=completed' });
    expect(completed.json().data.map((x: { id: number }) => x.id)).toContain(tr.id);
    const audit = await t.app.deps.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.tableName, 'transfers'), eq(auditLog.recordId, String(tr.id))))
      .orderBy(auditLog.id);
    expect(audit.map((a) => a.action)).toEqual(['create', 'accept', 'complete']);
  });

  it('refuses invalid transitions with a Spanish 409', async () => {
    const mk = async () =>
      (await post(w.c.agent, '/api/transfers', { to_user_id: t.users.admin.id, reason: 'x' })).json().data.id;
    const a = await mk();
    const completePending = await post(w.c.admin, `/api/transfers/${a}/complete`);
    expect(completePending.statusCode).toBe(409);
    expect(completePending.json().message).toBe('La transferencia está pendiente: primero debe aceptarse');

    const noReason = await post(w.c.admin, `/api/transfers/${a}/reject`, { reason: '  ' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().message).toBe('Debe indicar el motivo del rechazo');
    const rejected = await post(w.c.admin, `/api/transfers/${a}/reject`, { reason: 'Sin disponibilidad' });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(rejected.json().data).toMatchObject({
      status: 'rejected',
      rejection_reason: 'Sin disponibilidad',
    });
    for (const action of ['accept', 'complete']) {
      const res = await post(w.c.admin, `/api/transfers/${a}/${action}`);
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe('La transferencia fue rechazada y no admite cambios');
    }
    const again = await post(w.c.admin, `/api/transfers/${a}/reject`, { reason: 'otra vez' });
    expect(again.statusCode).toBe(409);

    const b = await mk();
    await post(w.c.admin, `/api/transfers/${b}/accept`);
    const acceptTwice = await post(w.c.admin, `/api/transfers/${b}/accept`);
    expect(acceptTwice.json().message).toBe('La transferencia ya fue aceptada');
    const rejectAccepted = await post(w.c.admin, `/api/transfers/${b}/reject`, { reason: 'tarde' });
    expect(rejectAccepted.statusCode).toBe(409);
    await post(w.c.admin, `/api/transfers/${b}/complete`);
    const completeTwice = await post(w.c.admin, `/api/transfers/${b}/complete`);
    expect(completeTwice.statusCode).toBe(409);
    expect(completeTwice.json().message).toBe('La transferencia ya fue completada y no admite cambios');
    const missing = await post(w.c.admin, '/api/transfers/999999/accept');
    expect(missing.statusCode).toBe(404);
  });

  it('only the addressee (or a supervisor) answers; agents see what concerns them; doctors and reception are out', async () => {
    const toAdmin = (await post(w.c.supervisor, '/api/transfers', { to_user_id: t.users.admin.id })).json()
      .data;
    const open = (
      await post(w.c.supervisor, '/api/transfers', { patient_id: (await enqueue(w)).patient_id })
    ).json().data;
    expect(open.to_user_id).toBeNull();

    const notYours = await post(w.c.agent, `/api/transfers/${toAdmin.id}/accept`);
    expect(notYours.statusCode).toBe(403);
    expect(notYours.json().message).toBe('La transferencia está dirigida a otro agente');
    const list = await w.c.agent({ method: 'GET', url: '/api/transfers' });
    const ids = list.json().data.map((x: { id: number }) => x.id);
    expect(ids).toContain(open.id);
    expect(ids).not.toContain(toAdmin.id);
    const all = await w.c.supervisor({ method: 'GET', url: '/api/transfers?status=all' });
    expect(all.json().data.map((x: { id: number }) => x.id)).toEqual(
      expect.arrayContaining([open.id, toAdmin.id]),
    );

    const takeOpen = await post(w.c.agent, `/api/transfers/${open.id}/accept`);
    expect(takeOpen.statusCode, takeOpen.body).toBe(200);
    const completeByOther = await post(w.c.agent, `/api/transfers/${toAdmin.id}/complete`);
    expect(completeByOther.statusCode).toBe(409);

    const self = await post(w.c.agent, '/api/transfers', { to_user_id: t.users.agent.id });
    expect(self.statusCode).toBe(409);
    const toDoctor = await post(w.c.agent, '/api/transfers', { to_user_id: t.users.doctor.id });
    expect(toDoctor.statusCode).toBe(404);
    const empty = await post(w.c.agent, '/api/transfers', {});
    expect(empty.statusCode).toBe(400);
    for (const call of [w.c.doctor, w.c.reception]) {
      expect((await call({ method: 'GET', url: '/api/transfers' })).statusCode).toBe(403);
      expect((await post(call, `/api/transfers/${open.id}/complete`)).statusCode).toBe(403);
    }
  });
});
