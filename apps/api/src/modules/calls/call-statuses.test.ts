import { describe, expect, it } from 'vitest';
import { CALL_STATUS_CATALOG_MESSAGES as M } from '@ips/shared/schemas/calls';
import { createPatient } from '../../test/factories/patients';
import { callsFixture } from './test-factory';

const ctx = callsFixture();

describe('call statuses and call logs', () => {
  it('CRUD, unique names, in use cannot be deleted; call logs carry, filter and change status_id', async () => {
    const created = await ctx.c.supervisor({
      method: 'POST',
      url: '/api/call-statuses',
      payload: { name: 'Contactado', color: '#16a34a' },
    });
    expect(created.statusCode, created.body).toBe(201);
    const status = created.json().data;
    expect(status).toMatchObject({ name: 'Contactado', color: '#16a34a', active: true, usage: 0 });
    const dup = await ctx.c.agent({
      method: 'POST',
      url: '/api/call-statuses',
      payload: { name: 'contactado' },
    });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().message).toBe(M.duplicate);
    const badColor = await ctx.c.agent({
      method: 'POST',
      url: '/api/call-statuses',
      payload: { name: 'X', color: 'red' },
    });
    expect(badColor.statusCode).toBe(400);
    expect(
      (await ctx.c.reception({ method: 'POST', url: '/api/call-statuses', payload: { name: 'Y' } }))
        .statusCode,
    ).toBe(403);
    expect((await ctx.c.doctor({ method: 'GET', url: '/api/call-statuses' })).statusCode).toBe(403);

    const other = (
      await ctx.c.agent({ method: 'POST', url: '/api/call-statuses', payload: { name: 'No contesta' } })
    ).json().data;
    const renamed = await ctx.c.agent({
      method: 'PUT',
      url: `/api/call-statuses/${other.id}`,
      payload: { name: 'Sin respuesta', active: false },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json().data).toMatchObject({ name: 'Sin respuesta', active: false });
    const activeOnly = await ctx.c.reception({ method: 'GET', url: '/api/call-statuses?active=true' });
    expect(activeOnly.json().data.map((s: { name: string }) => s.name)).toEqual(['Contactado']);

    const patient = await createPatient(ctx.c.admin);
    const log = await ctx.c.agent({
      method: 'POST',
      url: '/api/call-logs',
      payload: { patient_id: patient.id, status_id: status.id },
    });
    expect(log.statusCode, log.body).toBe(201);
    expect(log.json().data).toMatchObject({
      status_id: status.id,
      status_name: 'Contactado',
      status_color: '#16a34a',
    });
    const plain = (
      await ctx.c.agent({ method: 'POST', url: '/api/call-logs', payload: { patient_id: patient.id } })
    ).json().data;
    const filtered = await ctx.c.agent({ method: 'GET', url: `/api/call-logs?status_id=${status.id}` });
    expect(filtered.json().data.map((l: { id: number }) => l.id)).toEqual([log.json().data.id]);

    const put = await ctx.c.agent({
      method: 'PUT',
      url: `/api/call-logs/${plain.id}`,
      payload: { status_id: other.id, notes: 'Volver a llamar' },
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json().data).toMatchObject({
      status_id: other.id,
      status_name: 'Sin respuesta',
      notes: 'Volver a llamar',
    });
    const missing = await ctx.c.agent({
      method: 'PUT',
      url: `/api/call-logs/${plain.id}`,
      payload: { status_id: 99999 },
    });
    expect(missing.statusCode).toBe(404);
    expect(
      (await ctx.c.agent({ method: 'PUT', url: '/api/call-logs/99999', payload: { notes: 'x' } })).statusCode,
    ).toBe(404);
    expect(
      (await ctx.c.agent({ method: 'PUT', url: `/api/call-logs/${plain.id}`, payload: {} })).statusCode,
    ).toBe(400);
    expect(
      (await ctx.c.doctor({ method: 'PUT', url: `/api/call-logs/${plain.id}`, payload: { notes: 'x' } }))
        .statusCode,
    ).toBe(403);

    const inUse = await ctx.c.agent({ method: 'DELETE', url: `/api/call-statuses/${status.id}` });
    expect(inUse.statusCode).toBe(409);
    expect(inUse.json().message).toBe(M.inUse(1));
    await ctx.c.agent({ method: 'PUT', url: `/api/call-logs/${plain.id}`, payload: { status_id: null } });
    const freed = await ctx.c.agent({ method: 'DELETE', url: `/api/call-statuses/${other.id}` });
    expect(freed.statusCode, freed.body).toBe(200);
    expect((await ctx.c.agent({ method: 'DELETE', url: `/api/call-statuses/${other.id}` })).statusCode).toBe(
      404,
    );
  });
});
