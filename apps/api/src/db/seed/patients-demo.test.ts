import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/helpers';
import { DEMO_PATIENT_COUNT, seedDemoPatients } from './patients-demo';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ demoMode: true });
});
afterAll(async () => t?.close());

const q = <T>(text: string) => t.app.deps.database.query<T>(text);

describe('demo patients (demo mode only)', () => {
  it('seeds about 300 patients in the demo zones, insured by seeded EPS, with a few pregnancies', async () => {
    const [counts] = await q<{ n: number; outside: number; no_eps: number; women: number }>(`
      select count(*)::int n,
             count(*) filter (where m.zone_id is null or p.zone_id is distinct from m.zone_id)::int outside,
             count(*) filter (where p.insurance_eps_id is null)::int no_eps,
             count(*) filter (where p.gender = 'Femenino')::int women
        from patients p left join municipalities m on m.id = p.municipality_id`);
    expect(counts).toMatchObject({ n: DEMO_PATIENT_COUNT, outside: 0, no_eps: 0 });
    const pregnancies = await q<{ gender: string; status: string; controls: number }>(`
      select p.gender, g.status, (select count(*)::int from prenatal_controls c where c.pregnancy_id = g.id) controls
        from pregnancies g join patients p on p.id = g.patient_id`);
    expect(pregnancies.length).toBeGreaterThanOrEqual(5);
    expect(pregnancies.every((g) => g.gender === 'Femenino')).toBe(true);
    expect(pregnancies.filter((g) => g.status === 'Activa').length).toBeGreaterThanOrEqual(4);
    expect(pregnancies.some((g) => g.status === 'Completada')).toBe(true);
    expect(pregnancies.every((g) => g.controls > 0)).toBe(true);
  });

  it('is idempotent: a second start adds nothing', async () => {
    expect(await seedDemoPatients(t.app.deps.db, t.app.deps.config.orgTimezone)).toBe(0);
    const [{ n }] = (await q<{ n: number }>('select count(*)::int n from patients')) as [{ n: number }];
    expect(n).toBe(DEMO_PATIENT_COUNT);
  });

  it('is absent outside demo mode', async () => {
    const plain = await buildTestApp();
    try {
      const [{ n }] = (await plain.app.deps.database.query<{ n: number }>(
        'select count(*)::int n from patients',
      )) as [{ n: number }];
      expect(n).toBe(0);
    } finally {
      await plain.close();
    }
  });
});
