import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localDate } from '@ips/shared/format';
import { addDays } from '@ips/shared/scheduling/calendar-days';
import { normaliseNit, nitCheckDigit } from '@ips/shared/schemas/colombian-ids';
import { as, buildTestApp, loginAs, type TestApp } from '../../test/helpers';
import { seedRipsDemoRecords } from './rips-demo';

/* The demo produces a clean RIPS package (issue 34 item 7): provider data, doctors, patients, attendance. */
let t: TestApp;
let reception: Awaited<ReturnType<typeof as>>;
beforeAll(async () => {
  t = await buildTestApp({ demoMode: true });
  reception = as(t.app, await loginAs(t.app, 'reception@test.ips.co'));
});
afterAll(async () => t?.close());

describe('demo RIPS data', () => {
  it('has a NIT with its DIAN check digit and a 12-digit REPS code', async () => {
    const res = await t.app.deps.database.query<{ key: string; value: string }>(
      `select key, value #>> '{}' as value from settings where key in ('org_nit', 'cod_prestador') order by key`,
    );
    const [prestador, nit] = res.map((r) => r.value);
    expect(prestador).toMatch(/^\d{12}$/);
    const n = normaliseNit(nit!);
    expect(n).not.toBeNull();
    expect(nitCheckDigit(n!.digits)).toBe(n!.dv);
  });

  it('generates a package of a recent period, and of last month, with no problem', async () => {
    const today = localDate(new Date(), t.app.deps.config.orgTimezone);
    const lastMonthEnd = addDays(`${today.slice(0, 8)}01`, -1);
    for (const [from, to] of [
      [addDays(today, -14), addDays(today, -1)],
      [`${lastMonthEnd.slice(0, 8)}01`, lastMonthEnd],
    ]) {
      const res = await reception({
        method: 'POST',
        url: '/api/rips/packages',
        payload: { invoice_number: null, from, to },
      });
      expect(res.statusCode, res.body).toBe(201);
      const pkg = res.json().data as { problems_count: number; services_count: number };
      expect(pkg.services_count, `${from}..${to}`).toBeGreaterThan(50);
      if (pkg.problems_count) {
        const p = await reception({
          method: 'GET',
          url: `/api/rips/packages/${res.json().data.id}/problems`,
        });
        expect(p.json().data.items.slice(0, 3)).toEqual([]);
      }
      expect(pkg.problems_count).toBe(0);
    }
  });

  it('writes nothing a second time', async () => {
    expect(await seedRipsDemoRecords(t.app.deps.db)).toBe(0);
  });
});
