import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orgToday } from '../../lib/org-time';
import { as, buildTestApp, loginAs, type TestApp } from '../../test/helpers';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ demoMode: true });
});
afterAll(async () => t?.close());

describe('location metrics from real agendas and appointments', () => {
  it('sums the month of the demo network consistently with the database', async () => {
    const call = as(t.app, await loginAs(t.app, 'agent@test.ips.co'));
    const [loc] = await t.app.deps.database.query<{ id: number }>(
      `select location_id as id from availabilities where status <> 'Cancelada' group by location_id order by sum(capacity) desc limit 1`,
    );
    const [year, month] = orgToday(t.app.deps).split('-').map(Number) as [number, number];
    const res = await call({
      method: 'GET',
      url: `/api/locations/${loc!.id}/metrics?month=${month}&year=${year}`,
    });
    expect(res.statusCode).toBe(200);
    const m = res.json().data;
    const [db] = await t.app.deps.database.query<{ capacity: number; booked: number }>(
      `select coalesce(sum(capacity),0)::int as capacity, coalesce(sum(booked_slots),0)::int as booked from availabilities
        where location_id = $1 and status <> 'Cancelada' and date between $2::date and $3::date`,
      [loc!.id, m.period.start, m.period.end],
    );
    expect(m.capacity).toBe(db!.capacity);
    expect(m.booked).toBe(db!.booked);
    expect(m.capacity).toBeGreaterThan(0);
    expect(m.available).toBe(m.capacity - m.booked);
    const sum = (k: 'capacity' | 'booked' | 'appointments') =>
      m.by_specialty.reduce((a: number, s: Record<string, number>) => a + s[k]!, 0);
    expect(sum('capacity')).toBe(m.capacity);
    expect(sum('booked')).toBe(m.booked);
    expect(sum('appointments')).toBe(m.appointments_total);
    const byStatus = Object.values(m.appointments_by_status as Record<string, number>).reduce(
      (a, b) => a + b,
      0,
    );
    expect(byStatus).toBe(m.appointments_total);
  });
});
