// The server's own clock zone must not matter: the process runs in UTC, the organisation in Bogotá (UTC−5). The
// worker's zone is given back afterwards: later test files in the same process (isolate: false) keep the run's TZ.
const runZone = process.env.TZ;
process.env.TZ = 'UTC';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ageInYears, localDate, startOfLocalDay } from '@ips/shared/format';
import { addDays } from '@ips/shared/schemas/pregnancies';
import { buildTestApp, type TestApp } from '../../test/helpers';
import { bornOnOrBefore } from './stats-repo';
import { callers, createPatient, type Call } from '../../test/factories/patients';

let t: TestApp;
let admin: Call;
let epsIds: number[];
const TZ = 'America/Bogota';
beforeAll(async () => {
  t = await buildTestApp({ orgTimezone: TZ });
  ({ admin } = await callers(t.app));
  epsIds = (await admin({ method: 'GET', url: '/api/lookups/eps' }))
    .json()
    .data.map((e: { id: number }) => e.id);
});
afterAll(async () => {
  await t?.close();
  if (runZone === undefined) delete process.env.TZ;
  else process.env.TZ = runZone;
});

const setCreatedAt = (id: number, at: Date) =>
  t.app.deps.database.query('update patients set created_at = $1 where id = $2', [at.toISOString(), id]);

describe('GET /patients-v2/summary (the four cards)', () => {
  it("counts 'Nuevos Hoy' from local midnight in the organisation's timezone, not the server's", async () => {
    expect(new Date().getTimezoneOffset()).toBe(0);
    const midnight = startOfLocalDay(localDate(new Date(), TZ), TZ);
    // Bogotá's midnight is 05:00 UTC: one second before it is still "today" by the UTC calendar.
    expect(midnight.getUTCHours()).toBe(5);
    const justAfter = await createPatient(admin, {
      name: 'Recién Llegada',
      gender: 'Femenino',
      insurance_eps_id: epsIds[1],
    });
    const justBefore = await createPatient(admin, {
      name: 'Ayer Tarde',
      gender: 'Masculino',
      insurance_eps_id: epsIds[1],
    });
    const lastWeek = await createPatient(admin, { name: 'Semana Pasada', insurance_eps_id: epsIds[2] });
    await setCreatedAt(justAfter.id, new Date(midnight.getTime() + 1000));
    await setCreatedAt(justBefore.id, new Date(midnight.getTime() - 1000));
    await setCreatedAt(lastWeek.id, new Date(midnight.getTime() - 7 * 86_400_000));
    const now = await createPatient(admin, {
      name: 'Ahora Mismo',
      gender: 'Otro',
      insurance_eps_id: epsIds[0],
    });
    await admin({ method: 'DELETE', url: `/api/patients/${now.id}` });

    const res = await admin({ method: 'GET', url: '/api/patients-v2/summary' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({
      total: 4,
      active: 3,
      inactive: 1,
      new_today: 2,
      by_gender: expect.arrayContaining([
        { gender: 'Femenino', count: 1 },
        { gender: 'Masculino', count: 1 },
        { gender: 'Otro', count: 1 },
        { gender: 'No especificado', count: 1 },
      ]),
      top_eps: [
        { id: epsIds[1], name: expect.any(String), count: 2 },
        expect.objectContaining({ count: 1 }),
        expect.objectContaining({ count: 1 }),
      ],
    });
  });

  it('is readable by every signed-in role', async () => {
    const { doctor } = await callers(t.app);
    expect((await doctor({ method: 'GET', url: '/api/patients-v2/summary' })).statusCode).toBe(200);
  });
});

describe('demographic statistics', () => {
  it('answers the fields of spec §3 with ages in whole years on the local date', async () => {
    const today = localDate(new Date(), TZ);
    const [y, m, d] = today.split('-');
    const yearsAgo = (n: number, dayShift = 0) => addDays(`${Number(y) - n}-${m}-${d}`, dayShift);
    // Birthday tomorrow: still 17 today; birthday today: 60 today.
    await createPatient(admin, {
      name: 'Casi Mayor',
      gender: 'Femenino',
      birth_date: yearsAgo(18, 1),
      blood_group_id: 1,
      estrato: 2,
    });
    await createPatient(admin, {
      name: 'Cumple Hoy',
      gender: 'Masculino',
      birth_date: yearsAgo(60),
      blood_group_id: 7,
      estrato: 2,
    });
    await createPatient(admin, {
      name: 'Bebe Nuevo',
      gender: 'Masculino',
      birth_date: yearsAgo(0, -30),
      blood_group_id: 7,
      estrato: 5,
    });
    const paths = ['/api/patients-v2/stats/demographics', '/api/patients-v2/statistics'];
    for (const url of paths) {
      const res = await admin({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      const s = res.json().data;
      expect(s).toMatchObject({
        total_patients: 7,
        min_age: 0,
        max_age: 60,
        average_age: Math.round(((17 + 60 + 0) / 3) * 10) / 10,
        elderly_count: 1,
        by_blood_group: [
          { name: 'A+', count: 1 },
          { name: 'O+', count: 2 },
        ],
        by_estrato: [
          { estrato: 2, count: 2 },
          { estrato: 5, count: 1 },
        ],
      });
      expect(s.by_age_range).toEqual([
        { age_range: '0-5', count: 1 },
        { age_range: '6-11', count: 0 },
        { age_range: '12-17', count: 1 },
        { age_range: '18-28', count: 0 },
        { age_range: '29-59', count: 0 },
        { age_range: '60+', count: 1 },
      ]);
      expect(s.children_by_gender).toEqual(
        expect.arrayContaining([
          { gender: 'Femenino', count: 1 },
          { gender: 'Masculino', count: 1 },
        ]),
      );
      expect(s.by_eps.length).toBeGreaterThan(0);
    }
  });

  it('finds the last birth date of an age the way ageInYears counts it, 29 February included', () => {
    for (const [today, years] of [
      ['2026-11-21', 18],
      ['2024-02-29', 1],
      ['2024-02-29', 4],
      ['2025-03-01', 1],
    ] as const) {
      const cutoff = bornOnOrBefore(today, years);
      const noon = new Date(`${today}T17:00:00Z`);
      expect(ageInYears(cutoff, noon, TZ)).toBeGreaterThanOrEqual(years);
      expect(ageInYears(addDays(cutoff, 1), noon, TZ)).toBeLessThan(years);
    }
  });
});
