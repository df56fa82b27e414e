import { beforeAll, describe, expect, it } from 'vitest';
import { appointmentBilling } from '../../db/schema/billing';
import { loginAs, type TestApp } from '../../test/helpers';
import { frames, listen, openStream } from '../../test/sse-client';
import { worldFixture, type World } from '../../test/factories/world';
import { createService } from '../../test/factories/billing';

/*
 * The reads of billing against a hand-made set (spec §2, §7): filters, sorts, the summary by day, doctor and
 * service, the metrics, the CSV and the stream's replay. Times are Bogotá's (UTC−5): record 4 is on the 11th
 * there though the 12th in UTC.
 */

const ctx = worldFixture();
let t: TestApp;
let w: World;
let consulta: number;
let formula: number;
const ids: number[] = [];
const range = 'from=2026-03-10&to=2026-03-12';

beforeAll(async () => {
  ({ t, w } = ctx);
  consulta = await createService(w, 'Consulta general', 50000);
  formula = await createService(w, '=1+1', 30000);
  const A = { doctorId: w.drA, doctorName: 'Jorge Martínez' };
  const B = { doctorId: w.drB, doctorName: 'María Villamizar' };
  const C = { serviceId: consulta, serviceName: 'Consulta general' };
  const F = { serviceId: formula, serviceName: '=1+1' };
  const rows = [
    { ...A, ...C, at: '2026-03-10T17:00:00Z', base: 50000, doc: 65000, fin: 65000, status: 'pending' },
    { ...B, ...C, at: '2026-03-10T20:00:00Z', base: 50000, doc: null, fin: 50000, status: 'billed' },
    { ...A, ...F, at: '2026-03-11T14:00:00Z', base: 30000, doc: null, fin: 30000, status: 'paid' },
    { ...B, ...F, at: '2026-03-12T04:30:00Z', base: 30000, doc: 35000, fin: 35000, status: 'pending' },
    { ...A, ...C, at: '2026-03-12T15:00:00Z', base: 50000, doc: 65000, fin: 65000, status: 'cancelled' },
    { ...A, ...C, at: '2026-03-13T15:00:00Z', base: 50000, doc: 65000, fin: 65000, status: 'pending' },
  ];
  for (const r of rows) {
    const [x] = await t.app.deps.db
      .insert(appointmentBilling)
      .values({
        doctorId: r.doctorId,
        doctorName: r.doctorName,
        serviceId: r.serviceId,
        serviceName: r.serviceName,
        basePrice: r.base,
        doctorPrice: r.doc,
        finalPrice: r.fin,
        status: r.status,
        createdAt: new Date(r.at),
      })
      .returning({ id: appointmentBilling.id });
    ids.push(x!.id);
  }
});

const idsOf = (body: { data: { id: number }[] }) => body.data.map((r) => ids.indexOf(r.id) + 1);
const get = async (url: string) => {
  const res = await w.c.reception({ method: 'GET', url });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

describe('GET /appointment-billing', () => {
  it('filters by range, status, doctor, service and free text, newest first, with the total', async () => {
    const all = await get(`/api/appointment-billing?${range}`);
    expect(idsOf(all)).toEqual([5, 4, 3, 2, 1]);
    expect(all.total).toBe(5);
    expect(all.data[4]).toMatchObject({
      service_name: 'Consulta general',
      doctor_name: 'Jorge Martínez',
      base_price: 50000,
      doctor_price: 65000,
      final_price: 65000,
      currency: 'COP',
      status: 'pending',
    });
    expect(idsOf(await get(`/api/appointment-billing?${range}&status=pending`))).toEqual([4, 1]);
    expect(idsOf(await get(`/api/appointment-billing?${range}&doctor_id=${w.drB}`))).toEqual([4, 2]);
    expect(idsOf(await get(`/api/appointment-billing?${range}&service_id=${formula}`))).toEqual([4, 3]);
    expect(idsOf(await get(`/api/appointment-billing?${range}&q=MARTINEZ`))).toEqual([5, 3, 1]);
    expect(idsOf(await get(`/api/appointment-billing?${range}&q=${encodeURIComponent('=1')}`))).toEqual([
      4, 3,
    ]);
    expect(idsOf(await get(`/api/appointment-billing?${range}&q=%25`))).toEqual([]);
    expect(idsOf(await get('/api/appointment-billing?from=2026-03-11&to=2026-03-11'))).toEqual([4, 3]);
    const page = await get(`/api/appointment-billing?${range}&limit=2&offset=2`);
    expect(idsOf(page)).toEqual([3, 2]);
    expect(page.total).toBe(5);
  });

  it('sorts by the spec columns, empty values last, the id breaking ties', async () => {
    const sorted = async (sort: string, dir: string) =>
      idsOf(await get(`/api/appointment-billing?${range}&sort=${sort}&dir=${dir}`));
    expect(await sorted('final_price', 'asc')).toEqual([3, 4, 2, 1, 5]);
    expect(await sorted('doctor_price', 'desc')).toEqual([5, 1, 4, 3, 2]);
    expect(await sorted('doctor_name', 'asc')).toEqual([1, 3, 5, 2, 4]);
    expect(await sorted('service_name', 'desc')).toEqual([5, 2, 1, 4, 3]);
    expect(await sorted('status', 'asc')).toEqual([2, 5, 3, 1, 4]);
    expect(await sorted('created_at', 'asc')).toEqual([1, 2, 3, 4, 5]);
    const bad = await w.c.admin({ method: 'GET', url: '/api/appointment-billing?sort=patient_name' });
    expect(bad.statusCode).toBe(400);
    const backwards = await w.c.admin({
      method: 'GET',
      url: '/api/appointment-billing?from=2026-03-12&to=2026-03-10',
    });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().errors.from).toEqual(['La fecha Desde no puede ser posterior a Hasta']);
  });
});

describe('summary and metrics', () => {
  const item = (
    label: string,
    doctor: string | null,
    service: string | null,
    n: number,
    f: number,
    b: number,
    o: number,
  ) => ({
    label,
    doctor_name: doctor,
    service_name: service,
    count_bills: n,
    total_final: f,
    total_base: b,
    total_doctor_override: o,
  });

  it('groups by day, doctor and service, leaving cancelled records out', async () => {
    const day = await get(`/api/appointment-billing/summary?${range}&group=day`);
    expect(day.items).toEqual([
      item('2026-03-10', null, null, 2, 115000, 100000, 65000),
      item('2026-03-11', null, null, 2, 65000, 60000, 35000),
    ]);
    const doctor = await get(`/api/appointment-billing/summary?${range}&group=doctor`);
    expect(doctor.items).toEqual([
      item('Jorge Martínez', 'Jorge Martínez', null, 2, 95000, 80000, 65000),
      item('María Villamizar', 'María Villamizar', null, 2, 85000, 80000, 35000),
    ]);
    const service = await get(`/api/appointment-billing/summary?${range}&group=service`);
    expect(service.items).toEqual([
      item('Consulta general', null, 'Consulta general', 2, 115000, 100000, 65000),
      item('=1+1', null, '=1+1', 2, 65000, 60000, 35000),
    ]);
    const cancelled = await get(`/api/appointment-billing/summary?${range}&group=doctor&status=cancelled`);
    expect(cancelled.items).toEqual([item('Jorge Martínez', 'Jorge Martínez', null, 1, 65000, 50000, 65000)]);
    expect(
      (await w.c.admin({ method: 'GET', url: '/api/appointment-billing/summary?group=week' })).statusCode,
    ).toBe(400);
  });

  it('metrics: average ticket, count and top services', async () => {
    const m = await get(`/api/appointment-billing/metrics?${range}`);
    expect(m).toMatchObject({ avg_ticket: 45000, total_count: 4, total_final: 180000, total_base: 160000 });
    expect(
      m.top_services.map((s: { service_name: string; count: number }) => [s.service_name, s.count]),
    ).toEqual([
      ['Consulta general', 2],
      ['=1+1', 2],
    ]);
    const empty = await get('/api/appointment-billing/metrics?from=2020-01-01&to=2020-01-31');
    expect(empty).toMatchObject({ avg_ticket: 0, total_count: 0, top_services: [] });
  });
});

describe('CSV', () => {
  it('streams every filtered record with a BOM, es-CO numbers and formulas neutralised', async () => {
    const token = await loginAs(t.app, 'reception@test.ips.co');
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/appointment-billing/export.csv?${range}&token=${token}`,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="facturacion-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const lines = res.rawPayload.toString('utf8').slice(1).trimEnd().split('\r\n');
    expect(lines[0]).toBe('ID;Fecha;Cita;Servicio;Doctor;Base;Override;Final;Moneda;Estado');
    expect(lines).toHaveLength(6);
    expect(lines[1]).toBe(
      `${ids[0]};10/03/2026 12:00;;Consulta general;Jorge Martínez;50.000;65.000;65.000;COP;Pendiente`,
    );
    expect(lines[3]).toBe(`${ids[2]};11/03/2026 09:00;;'=1+1;Jorge Martínez;30.000;;30.000;COP;Pagado`);
    expect(lines[4]).toContain("11/03/2026 23:30;;'=1+1;María Villamizar;30.000;35.000;35.000;COP;Pendiente");
    const noToken = await t.app.inject({
      method: 'GET',
      url: `/api/appointment-billing/export.csv?${range}`,
    });
    expect(noToken.statusCode).toBe(401);
    const agent = await loginAs(t.app, 'agent@test.ips.co');
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/appointment-billing/export.csv?token=${agent}` }))
        .statusCode,
    ).toBe(403);
  });

  it("a record's audit history as CSV, for admin and supervisor only", async () => {
    await w.c.admin({
      method: 'PATCH',
      url: `/api/appointment-billing/${ids[1]}/status`,
      payload: { status: 'paid' },
    });
    const token = await loginAs(t.app, 'supervisor@test.ips.co');
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/appointment-billing/${ids[1]}/audit.csv?token=${token}`,
    });
    expect(res.statusCode, res.body).toBe(200);
    const lines = res.rawPayload
      .toString('utf8')
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toBe('ID;Fecha;Estado anterior;Estado nuevo;Usuario;Nombre del usuario');
    expect(lines[1]).toMatch(
      new RegExp(
        `^\\d+;\\d\\d/\\d\\d/\\d{4} \\d\\d:\\d\\d;Facturado;Pagado;${t.users.admin.id};Usuario admin$`,
      ),
    );
    const reception = await loginAs(t.app, 'reception@test.ips.co');
    const refused = await t.app.inject({
      method: 'GET',
      url: `/api/appointment-billing/${ids[1]}/audit.csv?token=${reception}`,
    });
    expect(refused.statusCode).toBe(403);
    const missing = await t.app.inject({
      method: 'GET',
      url: `/api/appointment-billing/999999/audit.csv?token=${token}`,
    });
    expect(missing.statusCode).toBe(404);
  });
});

describe('GET /appointment-billing/stream', () => {
  it('carries billing events and replays what a reconnecting screen missed (Last-Event-ID)', async () => {
    const base = await listen(t.app);
    const token = await loginAs(t.app, 'reception@test.ips.co');
    const path = '/api/appointment-billing/stream';
    const s = await openStream(base, token, undefined, path);
    expect(s.status).toBe(200);
    await s.waitFor((x) => x.includes('retry'));
    const change = (status: string) =>
      w.c.admin({ method: 'PATCH', url: `/api/appointment-billing/${ids[3]}/status`, payload: { status } });
    await change('billed');
    await s.waitFor((x) => frames(x).some((f) => f.event === 'billing_status_updated'));
    const first = frames(s.text).find((f) => f.event === 'billing_status_updated')!;
    expect(first.data.payload).toMatchObject({ id: ids[3], status: 'billed', old_status: 'pending' });
    await s.close();

    await change('paid');
    await change('cancelled');
    const again = await openStream(base, token, first.id, path);
    await again.waitFor((x) => frames(x).filter((f) => f.event === 'billing_status_updated').length === 2);
    expect(frames(again.text).map((f) => f.data.payload.status)).toEqual(['paid', 'cancelled']);
    await again.close();

    const agent = await loginAs(t.app, 'agent@test.ips.co');
    const refused = await fetch(`${base}${path}?token=${agent}`);
    expect(refused.status).toBe(403);
  });
});
