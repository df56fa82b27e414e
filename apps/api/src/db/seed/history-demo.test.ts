import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localDate } from '@ips/shared/format';
import { as, buildTestApp, loginAs, type TestApp } from '../../test/helpers';

/*
 * The demo's history as Análisis and Oportunidad read it (issue 34, items 1 and 2): every appointment requested
 * before its date and cancelled before it, a year of months behind today, first visits and controls that differ.
 */
let t: TestApp;
let admin: Awaited<ReturnType<typeof as>>;
beforeAll(async () => {
  t = await buildTestApp({ demoMode: true });
  admin = as(t.app, await loginAs(t.app, 'admin@test.ips.co'));
});
afterAll(async () => t?.close());

const q = <T>(text: string, params: unknown[] = []) => t.app.deps.database.query<T>(text, params);

describe('demo history', () => {
  it('requests every appointment before it is given, and cancels before it starts', async () => {
    const [s] = await q<{ after: number; future: number; cancel_bad: number; cancelled: number }>(`
      select count(*) filter (where created_at > scheduled_at)::int after,
             count(*) filter (where created_at > now())::int future,
             count(*) filter (where status = 'Cancelada' and (cancelled_at is null or cancelled_at < created_at
                                or cancelled_at >= scheduled_at or cancelled_at > now()))::int cancel_bad,
             count(*) filter (where status = 'Cancelada')::int cancelled
        from appointments`);
    expect(s).toMatchObject({ after: 0, future: 0, cancel_bad: 0 });
    expect(s!.cancelled).toBeGreaterThan(50);
  });

  it('shows positive days to the appointment and hours of cancellation notice in Rendimiento', async () => {
    for (const range of ['7d', '30d', '365d']) {
      const res = await admin({ method: 'GET', url: `/api/analytics/performance?range=${range}` });
      expect(res.statusCode).toBe(200);
      const a = res.json().appointments;
      expect(a.avg_days_to_appointment, range).toBeGreaterThan(0);
      expect(a.cancellation_lead_hours, range).toBeGreaterThan(1);
    }
  });

  it('holds twelve months of history: the oportunidad trend has a point per month, controls are not 0-day', async () => {
    const today = localDate(new Date(), t.app.deps.config.orgTimezone);
    const [year, month] = today.split('-').map(Number) as [number, number];
    const months = await q<{ m: string }>(
      `select distinct to_char(scheduled_at at time zone $1, 'YYYY-MM') m from appointments
        where status = 'Completada' order by 1`,
      [t.app.deps.config.orgTimezone],
    );
    expect(months.length).toBeGreaterThanOrEqual(13);
    const res = await admin({ method: 'GET', url: `/api/analytics/oportunidad?year=${year}&month=${month}` });
    expect(res.statusCode).toBe(200);
    const trend = res.json().trend as { month: string; indicator: string; value: number | null }[];
    const general = trend.filter((p) => p.indicator === 'P.3.1' && p.value !== null);
    expect(general.length).toBeGreaterThanOrEqual(12);
    const list = await admin({
      method: 'GET',
      url: `/api/analytics/oportunidad/appointments?year=${year}&month=${month}&limit=100`,
    });
    expect(list.statusCode).toBe(200);
    const rows = list.json().data as { days: number; first_visit: boolean }[];
    const controls = rows.filter((r) => !r.first_visit);
    const firsts = rows.filter((r) => r.first_visit);
    expect(firsts.length).toBeGreaterThan(0);
    expect(controls.length).toBeGreaterThan(0);
    expect(controls.every((r) => r.days >= 10)).toBe(true);
  });
});
