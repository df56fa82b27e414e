import { beforeAll, describe, expect, it } from 'vitest';
import { createAgenda, nextWeekday, book, worldFixture, type World } from './factories/world';
import { createPatient } from './factories/patients';

/**
 * The narrowed permissions of decision 020, with real records: the matrix test proves every route answers
 * its declared policy; these prove the clinic-wide agenda operations and patient inactivation work for the
 * roles that keep them and are refused, changing nothing, to the roles that lost them.
 */
const ctx = worldFixture();
let w: World;
beforeAll(() => {
  w = ctx.w;
});

describe('agenda cancel, sync-all and auto-cancel: admin and supervisor only', () => {
  it('reception is refused (403) and the agenda and its patients stay; the supervisor cancels', async () => {
    const agenda = await createAgenda(w, { date: nextWeekday(5, 5) });
    const appointment = await book(w, agenda, '08:00');
    const cancel = (call: typeof w.c.admin) =>
      call({
        method: 'POST',
        url: `/api/availabilities/${agenda.id}/cancel`,
        payload: { message: 'El doctor no asistirá' },
      });
    const refused = await cancel(w.c.reception);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ success: false, error: 'Acceso denegado' });
    const still = await w.c.reception({ method: 'GET', url: `/api/availabilities/${agenda.id}` });
    expect(still.json().data).toMatchObject({ status: 'Activa', confirmed_count: 1 });
    const done = await cancel(w.c.supervisor);
    expect(done.statusCode, done.body).toBe(200);
    const after = await w.c.admin({ method: 'GET', url: `/api/appointments?availability_id=${agenda.id}` });
    expect(after.json().data).toEqual([expect.objectContaining({ id: appointment.id, status: 'Cancelada' })]);
  });

  it('sync-all and auto-cancel: 403 for reception, agents and doctors; 200 for admin and supervisor', async () => {
    const calls = [
      { method: 'POST' as const, url: '/api/availabilities/sync-all', payload: {} },
      { method: 'POST' as const, url: '/api/availabilities/auto-cancel', payload: { availability_ids: [] } },
    ];
    for (const call of calls) {
      for (const role of ['reception', 'agent', 'doctor'] as const)
        expect((await w.c[role](call)).statusCode, `${call.url} ${role}`).toBe(403);
      for (const role of ['admin', 'supervisor'] as const) {
        const res = await w.c[role](call);
        expect(res.statusCode, `${call.url} ${role} ${res.body}`).toBe(200);
      }
    }
  });
});

describe('patient inactivation: admin, supervisor and reception, not agents', () => {
  it('an agent cannot inactivate by DELETE or by PUT status, but still edits; reception inactivates', async () => {
    const p = await createPatient(w.c.agent);
    for (const prefix of ['/api/patients', '/api/patients-v2', '/api/enhanced-patients'])
      expect((await w.c.agent({ method: 'DELETE', url: `${prefix}/${p.id}` })).statusCode).toBe(403);
    const byPut = await w.c.agent({
      method: 'PUT',
      url: `/api/patients/${p.id}`,
      payload: { status: 'Inactivo' },
    });
    expect(byPut.statusCode).toBe(403);
    expect(byPut.json().message).toBe('Su rol no puede inactivar ni reactivar pacientes');
    const edit = await w.c.agent({
      method: 'PUT',
      url: `/api/patients/${p.id}`,
      payload: { notes: 'Llamar' },
    });
    expect(edit.statusCode).toBe(200);
    // Sending the status the patient already has is no change of status.
    const same = await w.c.agent({
      method: 'PUT',
      url: `/api/patients/${p.id}`,
      payload: { status: 'Activo' },
    });
    expect(same.statusCode).toBe(200);
    expect((await w.c.admin({ method: 'GET', url: `/api/patients/${p.id}` })).json().data.status).toBe(
      'Activo',
    );

    const del = await w.c.reception({ method: 'DELETE', url: `/api/patients/${p.id}` });
    expect(del.statusCode).toBe(200);
    expect(del.json().data.status).toBe('Inactivo');
    // Reactivation is a change of status too.
    const back = await w.c.agent({
      method: 'PUT',
      url: `/api/patients/${p.id}`,
      payload: { status: 'Activo' },
    });
    expect(back.statusCode).toBe(403);
    const byReception = await w.c.reception({
      method: 'PUT',
      url: `/api/patients/${p.id}`,
      payload: { status: 'Activo' },
    });
    expect(byReception.json().data.status).toBe('Activo');
    expect((await w.c.supervisor({ method: 'DELETE', url: `/api/patients-v2/${p.id}` })).statusCode).toBe(
      200,
    );
  });
});
