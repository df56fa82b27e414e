import { beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { auditLog } from '../../db/schema/system';
import type { TestApp } from '../../test/helpers';
import {
  agendaPayload,
  createAgenda,
  newPatient,
  worldFixture,
  type World,
} from '../../test/factories/world';
import { createService } from '../../test/factories/billing';

const ctx = worldFixture();
let t: TestApp;
let w: World;
beforeAll(() => {
  ({ t, w } = ctx);
});

describe('GET/PUT /doctors/{id}/prices (Tarifas)', () => {
  it('lists every service with the doctor price or null; managers replace the list, audited', async () => {
    const a = await createService(w, 'Consulta general', 50000);
    const b = await createService(w, 'Electrocardiograma', 80000);
    const empty = await w.c.agent({ method: 'GET', url: `/api/doctors/${w.drA}/prices` });
    expect(empty.statusCode).toBe(200);
    expect(empty.json().data).toEqual([
      {
        service_id: a,
        service_name: 'Consulta general',
        currency: 'COP',
        base_price: 50000,
        price: null,
        active: true,
      },
      {
        service_id: b,
        service_name: 'Electrocardiograma',
        currency: 'COP',
        base_price: 80000,
        price: null,
        active: true,
      },
    ]);
    const put = (call: World['c']['admin'], prices: unknown) =>
      call({ method: 'PUT', url: `/api/doctors/${w.drA}/prices`, payload: { prices } });
    const set = await put(w.c.admin, [
      { service_id: a, price: 65000 },
      { service_id: b, price: '90000' },
    ]);
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().message).toBe('Tarifas guardadas');
    expect(set.json().data.map((p: { price: number | null }) => p.price)).toEqual([65000, 90000]);
    const cleared = await put(w.c.supervisor, [
      { service_id: a, price: 70000 },
      { service_id: b, price: null },
    ]);
    expect(cleared.json().data.map((p: { price: number | null }) => p.price)).toEqual([70000, null]);

    for (const call of [w.c.agent, w.c.doctor, w.c.reception])
      expect((await put(call, [])).statusCode).toBe(403);
    const negative = await put(w.c.admin, [{ service_id: a, price: -1 }]);
    expect(negative.statusCode).toBe(400);
    const twice = await put(w.c.admin, [
      { service_id: a, price: 1 },
      { service_id: a, price: 2 },
    ]);
    expect(twice.statusCode).toBe(400);
    expect((await put(w.c.admin, [{ service_id: 999999, price: 1 }])).statusCode).toBe(404);
    expect(
      (await w.c.admin({ method: 'PUT', url: '/api/doctors/999999/prices', payload: { prices: [] } }))
        .statusCode,
    ).toBe(404);
    const audit = await t.app.deps.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.tableName, 'doctor_service_prices'), eq(auditLog.recordId, String(w.drA))))
      .orderBy(auditLog.id);
    expect(audit.map((x) => x.newValues)).toEqual([
      { prices: { [a]: 65000, [b]: 90000 } },
      { prices: { [a]: 70000 } },
    ]);
  });

  it('an appointment booked with a service keeps it (POST /appointments service_id)', async () => {
    const s = await createService(w, 'Control prenatal', 40000);
    const agenda = await createAgenda(w, agendaPayload(w));
    const res = await w.c.reception({
      method: 'POST',
      url: '/api/appointments',
      payload: {
        patient_id: await newPatient(w),
        availability_id: agenda.id,
        reason: 'Control',
        service_id: s,
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data.service_id).toBe(s);
    const unknown = await w.c.reception({
      method: 'POST',
      url: '/api/appointments',
      payload: {
        patient_id: await newPatient(w),
        availability_id: agenda.id,
        reason: 'Control',
        service_id: 999999,
      },
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('Servicio no encontrado');
  });
});
