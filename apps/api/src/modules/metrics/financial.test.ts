import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localDate } from '@ips/shared/format';
import { addDays } from '@ips/shared/scheduling/calendar-days';
import { buildTestApp, type TestApp } from '../../test/helpers';
import { callers, type Call } from '../../test/factories/patients';

/**
 * GET /metrics/financial on a hand-made set of billing records (issue 19). Records are written straight to the
 * table at chosen local days of the organisation (Bogotá), so every expected figure is worked out below.
 */
let t: TestApp;
let c: Record<'admin' | 'supervisor' | 'agent' | 'doctor' | 'reception', Call>;
let today: string;

interface Rec {
  daysAgo: number;
  service: string | null;
  serviceId: number | null;
  final: number;
  status: 'pending' | 'billed' | 'paid' | 'cancelled';
}
// Within 7 days: 3 records (50,000 pending, 30,000 paid, 20,000 cancelled).
// Within 30 days: + 10 days ago 40,000 billed, 29 days ago 30,000 paid.
// Outside 30 days (31 and 200 days ago): only in 90d / 365d.
const RECORDS: Rec[] = [
  { daysAgo: 0, service: 'Consulta general', serviceId: 1, final: 50_000, status: 'pending' },
  { daysAgo: 2, service: 'Ecografía', serviceId: 2, final: 30_000, status: 'paid' },
  { daysAgo: 6, service: 'Consulta general', serviceId: 1, final: 20_000, status: 'cancelled' },
  { daysAgo: 10, service: 'Consulta general', serviceId: 1, final: 40_000, status: 'billed' },
  { daysAgo: 29, service: null, serviceId: null, final: 30_000, status: 'paid' },
  { daysAgo: 31, service: 'Ecografía', serviceId: 2, final: 100_000, status: 'paid' },
  { daysAgo: 200, service: 'Ecografía', serviceId: 2, final: 10_000.5, status: 'pending' },
];

beforeAll(async () => {
  t = await buildTestApp();
  c = await callers(t.app);
  const tz = t.app.deps.config.orgTimezone;
  today = localDate(new Date(), tz);
  const serviceIds = new Map<number, number>();
  for (const [key, name] of [
    [1, 'Consulta general'],
    [2, 'Ecografía'],
  ] as const) {
    const res = await c.admin({
      method: 'POST',
      url: '/api/services',
      payload: { name, base_price: 1000, currency: 'COP' },
    });
    if (res.statusCode !== 201) throw new Error(`service → ${res.statusCode} ${res.body}`);
    serviceIds.set(key, res.json().data.id);
  }
  for (const r of RECORDS) {
    // Noon local time of that day: safely inside it whatever the hour now.
    const day = addDays(today, -r.daysAgo);
    const serviceId = r.serviceId === null ? null : serviceIds.get(r.serviceId)!;
    await t.app.deps.db.execute(sql`
      insert into appointment_billing (service_id, service_name, doctor_name, base_price, final_price, currency,
                                       status, created_at)
      values (${serviceId}, ${r.service}, 'Doctor Prueba', ${r.final}, ${r.final}, 'COP', ${r.status},
              (${day}::date + time '12:00') at time zone ${tz})`);
  }
});
afterAll(async () => t?.close());

const get = (period: string, who: keyof typeof c = 'admin') =>
  c[who]({ method: 'GET', url: `/api/metrics/financial${period ? `?period=${period}` : ''}` });

describe('GET /metrics/financial', () => {
  it('answers the last 30 days by default: income by status, count, average ticket, top services, every day', async () => {
    const res = await get('');
    expect(res.statusCode, res.body).toBe(200);
    const d = res.json().data;
    expect(d).toMatchObject({ period: '30d', from: addDays(today, -29), to: today });
    // Billable = not cancelled: 50,000 + 30,000 + 40,000 + 30,000.
    expect(d.revenue).toEqual({ total: 150_000, paid: 60_000, outstanding: 90_000, cancelled: 20_000 });
    expect(d.by_status).toEqual([
      { status: 'pending', label: 'Pendiente', count: 1, total: 50_000 },
      { status: 'billed', label: 'Facturado', count: 1, total: 40_000 },
      { status: 'paid', label: 'Pagado', count: 2, total: 60_000 },
      { status: 'cancelled', label: 'Cancelado', count: 1, total: 20_000 },
    ]);
    expect(d.total_count).toBe(4);
    expect(d.avg_ticket).toBe(37_500);
    expect(
      d.top_services.map((s: { service_name: string; count: number }) => [s.service_name, s.count]),
    ).toEqual([
      ['Consulta general', 2],
      ['Ecografía', 1],
      ['Sin servicio', 1],
    ]);
    expect(d.by_day).toHaveLength(30);
    expect(d.by_day[0].date).toBe(addDays(today, -29));
    expect(d.by_day.at(-1)).toEqual({ date: today, count: 1, total: 50_000 });
    expect(d.by_day[0]).toEqual({ date: addDays(today, -29), count: 1, total: 30_000 });
    // The cancelled record's day counts nothing.
    expect(d.by_day.find((x: { date: string }) => x.date === addDays(today, -6))).toEqual({
      date: addDays(today, -6),
      count: 0,
      total: 0,
    });
    const sum = d.by_day.reduce((a: number, x: { total: number }) => a + x.total, 0);
    expect(sum).toBe(d.revenue.total);
  });

  it('takes 7d, 90d and 365d', async () => {
    const week = (await get('7d')).json().data;
    expect(week).toMatchObject({ from: addDays(today, -6), total_count: 2, avg_ticket: 40_000 });
    expect(week.revenue).toEqual({ total: 80_000, paid: 30_000, outstanding: 50_000, cancelled: 20_000 });
    expect(week.by_day).toHaveLength(7);
    const quarter = (await get('90d')).json().data;
    expect(quarter.revenue.total).toBe(250_000);
    // Two records each (the cancelled one is no income); the tie goes to the larger total.
    expect(quarter.top_services.slice(0, 2)).toMatchObject([
      { service_name: 'Ecografía', count: 2, total: 130_000 },
      { service_name: 'Consulta general', count: 2, total: 90_000 },
    ]);
    const year = (await get('365d')).json().data;
    expect(year.by_day).toHaveLength(365);
    expect(year.revenue).toEqual({
      total: 260_000.5,
      paid: 160_000,
      outstanding: 100_000.5,
      cancelled: 20_000,
    });
    expect(year.total_count).toBe(6);
  });

  it('refuses another period with a Spanish 400', async () => {
    for (const p of ['1d', '30', 'todo']) {
      const res = await get(p);
      expect(res.statusCode, p).toBe(400);
      expect(res.json().message).toBe('El periodo debe ser 7d, 30d, 90d o 365d');
    }
  });

  it('is for administrators and supervisors only', async () => {
    expect((await get('7d', 'supervisor')).statusCode).toBe(200);
    for (const role of ['agent', 'doctor', 'reception'] as const)
      expect((await get('7d', role)).statusCode, role).toBe(403);
  });
});
