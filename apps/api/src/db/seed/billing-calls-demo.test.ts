import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, buildTestApp, loginAs, type TestApp } from '../../test/helpers';
import { seedBillingDemo } from './billing-demo';
import { seedCallsDemo } from './calls-demo';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ demoMode: true });
});
afterAll(async () => t?.close());

const q = <T>(text: string, params: unknown[] = []) => t.app.deps.database.query<T>(text, params);

describe('demo billing (demo mode only)', () => {
  it('bills every attended demo appointment once, at the doctor’s own price when there is one', async () => {
    const [s] = await q<{ completed: number; billed: number; other: number; dup: number; wrong: number }>(
      `select (select count(*)::int from appointments where status = 'Completada' and ends_at <= now()) completed,
              (select count(*)::int from appointment_billing) billed,
              (select count(*)::int from appointment_billing b join appointments a on a.id = b.appointment_id
                where a.status <> 'Completada') other,
              (select count(*)::int from (select appointment_id from appointment_billing
                group by appointment_id having count(*) > 1) d) dup,
              (select count(*)::int from appointment_billing b
                 join appointments a on a.id = b.appointment_id
                 left join doctor_service_prices dp on dp.doctor_id = b.doctor_id and dp.service_id = b.service_id
                where b.final_price <> coalesce(dp.price, b.base_price)
                   or b.service_id is distinct from a.service_id) wrong`,
    );
    expect(s!.completed).toBeGreaterThan(50);
    expect(s).toMatchObject({ billed: s!.completed, other: 0, dup: 0, wrong: 0 });
    // Every demo specialty bills a service, and some doctors charge their own price.
    const [m] = await q<{ unbilled: number; own: number; priced: number }>(
      `select (select count(*)::int from appointment_billing where service_id is null or final_price <= 0) unbilled,
              (select count(*)::int from appointment_billing where doctor_price is not null) own,
              (select count(*)::int from specialties where default_service_id is null) priced`,
    );
    expect(m).toMatchObject({ unbilled: 0, priced: 0 });
    expect(m!.own).toBeGreaterThan(0);
  });

  it('shows the statuses of a working cash desk, each reached through audited changes', async () => {
    const statuses = await q<{ status: string }>(
      'select distinct status from appointment_billing order by status',
    );
    expect(statuses.map((r) => r.status)).toEqual(expect.arrayContaining(['billed', 'paid', 'pending']));
    const [a] = await q<{ missing: number; late: number }>(
      `select (select count(*)::int from appointment_billing b where b.status <> 'pending'
                 and not exists (select 1 from appointment_billing_audit x
                                  where x.billing_id = b.id and x.new_status = b.status)) missing,
              (select count(*)::int from appointment_billing_audit where created_at > now()) late`,
    );
    expect(a).toMatchObject({ missing: 0, late: 0 });
    const token = await loginAs(t.app, 'supervisor@test.ips.co');
    const res = await as(t.app, token)({ method: 'GET', url: '/api/appointment-billing/metrics' });
    expect(res.statusCode).toBe(200);
    expect(res.json().total_count).toBeGreaterThan(0);
  });

  it('is written once: a second run adds nothing', async () => {
    expect(await seedBillingDemo(t.app.deps.db)).toBe(0);
  });
});

describe('demo calls (demo mode only)', () => {
  it('holds two weeks of ended calls until now, most answered quickly, some abandoned', async () => {
    const [s] = await q<{
      n: number;
      open: number;
      future: number;
      answered: number;
      quick: number;
      abandoned: number;
      sundays: number;
      linked: number;
    }>(
      `select count(*)::int n,
              count(*) filter (where status <> 'ended')::int open,
              count(*) filter (where ended_at > now())::int future,
              count(*) filter (where answered_at is not null)::int answered,
              count(*) filter (where answered_at - started_at <= interval '20 seconds')::int quick,
              count(*) filter (where answered_at is null and ended_at - started_at >= interval '5 seconds')::int abandoned,
              count(*) filter (where extract(isodow from started_at at time zone $1) = 7
                                 and conversation_id is null)::int sundays, -- the voice agent works Sundays
              count(*) filter (where patient_id is not null)::int linked
         from calls`,
      [t.app.deps.config.orgTimezone],
    );
    expect(s!.n).toBeGreaterThan(100);
    expect(s).toMatchObject({ open: 0, future: 0, sundays: 0, linked: s!.n });
    expect(s!.answered / s!.n).toBeGreaterThan(0.8);
    expect(s!.quick / s!.answered).toBeGreaterThan(0.6);
    expect(s!.abandoned).toBeGreaterThan(0);
    const token = await loginAs(t.app, 'agent@test.ips.co');
    const res = await as(t.app, token)({ method: 'GET', url: '/api/calls/history?limit=25' });
    expect(res.statusCode).toBe(200);
    expect(res.json().total).toBe(s!.n);
  });

  it('is written once: a second run adds nothing', async () => {
    expect(await seedCallsDemo(t.app.deps.db, t.app.deps.config.orgTimezone)).toBe(0);
  });
});
