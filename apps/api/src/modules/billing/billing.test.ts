import { beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { auditLog } from '../../db/schema/system';
import type { TestApp } from '../../test/helpers';
import { attendAnyTime, worldFixture, type World } from '../../test/factories/world';
import { billingOf, complete, confirmedAppointment, createService } from '../../test/factories/billing';

/*
 * Decision 031: a billing record is born when an appointment becomes Completada, priced with the doctor's own
 * price over the service's base price; admin and supervisor change its status (audited twice, published).
 */

const ctx = worldFixture();
let t: TestApp;
let w: World;
let consulta: number;
let formula: number;
beforeAll(async () => {
  ({ t, w } = ctx);
  // The appointments are booked days ahead; when they may be attended is attend-time.test.ts's concern.
  await attendAnyTime(t);
  consulta = await createService(w, 'Consulta general', 50000);
  formula = await createService(w, '=1+1', 30000);
  // Medicina General bills 'Consulta general' unless the appointment names another service.
  const spec = await w.c.admin({
    method: 'PUT',
    url: `/api/specialties/${w.generalId}`,
    payload: { default_service_id: consulta },
  });
  expect(spec.statusCode, spec.body).toBe(200);
  expect(spec.json().data.default_service_id).toBe(consulta);
  const prices = await w.c.supervisor({
    method: 'PUT',
    url: `/api/doctors/${w.drA}/prices`,
    payload: { prices: [{ service_id: consulta, price: 65000 }] },
  });
  expect(prices.statusCode, prices.body).toBe(200);
});

const patch = (call: World['c']['admin'], id: number, status: string) =>
  call({ method: 'PATCH', url: `/api/appointment-billing/${id}/status`, payload: { status } });

describe('billing record on Completada', () => {
  it('is born once with the doctor price winning, else the base price, else no service', async () => {
    const a = await confirmedAppointment(w, w.drA);
    expect(await billingOf(w, a)).toEqual([]);
    await complete(w, a);
    const [ra] = await billingOf(w, a);
    expect(ra).toMatchObject({ service_id: consulta, service_name: 'Consulta general', doctor_id: w.drA });
    expect(ra).toMatchObject({ doctor_name: 'Jorge Martínez', currency: 'COP', status: 'pending' });
    expect([ra!.base_price, ra!.doctor_price, ra!.final_price].map(Number)).toEqual([50000, 65000, 65000]);

    // The service chosen at attendance; drB has no own price for it.
    const b = await confirmedAppointment(w, w.drB);
    const done = await complete(w, b, formula);
    expect(done.service_id).toBe(formula);
    const [rb] = await billingOf(w, b);
    expect(rb).toMatchObject({ service_id: formula, service_name: '=1+1', doctor_price: null });
    expect([rb!.base_price, rb!.final_price].map(Number)).toEqual([30000, 30000]);

    // Pediatría has no default service: the record is born without one, at 0, to be seen and billed by hand.
    const c = await confirmedAppointment(w, w.drPed);
    await complete(w, c);
    const [rc] = await billingOf(w, c);
    expect(rc).toMatchObject({ service_id: null, service_name: null, doctor_name: 'Diana Jaimes' });
    expect(Number(rc!.final_price)).toBe(0);

    const created = await t.app.deps.db.execute(
      sql`select payload from event_log where channel = 'billing' and type = 'billing_created'`,
    );
    expect(created.rows.map((r) => (r.payload as { id: number }).id)).toEqual(
      [ra, rb, rc].map((r) => Number(r!.id)),
    );
    const audit = await t.app.deps.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.tableName, 'appointment_billing'), eq(auditLog.recordId, String(ra!.id))))
      .orderBy(auditLog.id);
    expect(audit.map((x) => x.action)).toEqual(['create']);
  });

  it('completing a reopened appointment again keeps its one record', async () => {
    const a = await confirmedAppointment(w, w.drA);
    await complete(w, a);
    await t.app.deps.db.execute(sql`update appointments set status = 'Confirmada' where id = ${a}`);
    await complete(w, a);
    expect(await billingOf(w, a)).toHaveLength(1);
  });

  it('a refused completion leaves no record, and an unknown service is a 404', async () => {
    const a = await confirmedAppointment(w, w.drA);
    const bad = await w.c.reception({
      method: 'PUT',
      url: `/api/appointments/${a}`,
      payload: { status: 'Completada', service_id: 999999 },
    });
    expect(bad.statusCode, bad.body).toBe(404);
    expect(bad.json().message).toBe('Servicio no encontrado');
    expect(await billingOf(w, a)).toEqual([]);
  });
});

describe('PATCH /appointment-billing/{id}/status', () => {
  it('admin and supervisor move a record to any other status; each change audited and published', async () => {
    const a = await confirmedAppointment(w, w.drA);
    await complete(w, a);
    const id = Number((await billingOf(w, a))[0]!.id);
    const steps: [World['c']['admin'], string][] = [
      [w.c.admin, 'billed'],
      [w.c.supervisor, 'paid'],
      [w.c.admin, 'cancelled'],
      [w.c.supervisor, 'pending'],
      [w.c.admin, 'paid'],
    ];
    for (const [call, status] of steps) {
      const res = await patch(call, id, status);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ data: { id, status }, message: 'Estado actualizado' });
    }
    const same = await patch(w.c.admin, id, 'paid');
    expect(same.statusCode).toBe(409);
    expect(same.json().message).toBe('El registro ya está en estado Pagado');
    const bad = await patch(w.c.admin, id, 'facturado');
    expect(bad.statusCode).toBe(400);
    expect((await patch(w.c.admin, 999999, 'paid')).statusCode).toBe(404);

    const audit = await w.c.supervisor({ method: 'GET', url: `/api/appointment-billing/${id}/audit` });
    expect(audit.statusCode).toBe(200);
    expect(
      audit.json().data.map((e: { old_status: string; new_status: string }) => [e.old_status, e.new_status]),
    ).toEqual([
      ['pending', 'billed'],
      ['billed', 'paid'],
      ['paid', 'cancelled'],
      ['cancelled', 'pending'],
      ['pending', 'paid'],
    ]);
    expect(audit.json().data[0]).toMatchObject({
      changed_by_user_id: t.users.admin.id,
      changed_by_name: 'Usuario admin',
    });
    const log = await t.app.deps.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.tableName, 'appointment_billing'), eq(auditLog.recordId, String(id))))
      .orderBy(auditLog.id);
    expect(log.map((x) => x.action)).toEqual(['create', 'status', 'status', 'status', 'status', 'status']);
    expect(log[1]).toMatchObject({ oldValues: { status: 'pending' }, newValues: { status: 'billed' } });
    const events = await t.app.deps.db.execute(
      sql`select payload from event_log where type = 'billing_status_updated' and (payload->>'id')::int = ${id}`,
    );
    expect(events.rows.map((r) => (r.payload as { status: string }).status)).toEqual(steps.map((s) => s[1]));
  });

  it('is 403 for agent, doctor and reception, and changes nothing', async () => {
    const a = await confirmedAppointment(w, w.drB);
    await complete(w, a);
    const id = Number((await billingOf(w, a))[0]!.id);
    for (const call of [w.c.agent, w.c.doctor, w.c.reception]) {
      expect((await patch(call, id, 'billed')).statusCode).toBe(403);
      expect((await call({ method: 'GET', url: `/api/appointment-billing/${id}/audit` })).statusCode).toBe(
        403,
      );
    }
    expect((await billingOf(w, a))[0]!.status).toBe('pending');
    for (const call of [w.c.agent, w.c.doctor])
      expect((await call({ method: 'GET', url: '/api/appointment-billing' })).statusCode).toBe(403);
    expect((await w.c.reception({ method: 'GET', url: '/api/appointment-billing' })).statusCode).toBe(200);
  });
});
