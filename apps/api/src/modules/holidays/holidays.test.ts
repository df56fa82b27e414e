import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { localDate } from '@ips/shared/format';
import { colombianHolidays, seedHolidays } from '../../db/seed/holidays';
import { buildTestApp, type TestApp } from '../../test/helpers';
import { callers } from '../../test/factories/patients';

let t: TestApp;
let c: Awaited<ReturnType<typeof callers>>;
beforeAll(async () => {
  t = await buildTestApp();
  c = await callers(t.app);
});
afterAll(async () => t?.close());

describe('Colombian holidays from date-holidays', () => {
  it('2026: Ley 2578 adds 13 July; Ascension Monday is named right; no Easter Sunday', () => {
    const y2026 = new Map(colombianHolidays(2026).map((h) => [h.date, h.name]));
    expect(y2026.get('2026-07-13')).toBeDefined();
    expect(y2026.get('2026-05-18')).toBe('Ascensión del Señor');
    expect(y2026.get('2026-08-17')).toBe('Asunción');
    expect(y2026.has('2026-04-05')).toBe(false);
    expect(y2026.get('2026-04-03')).toBe('Viernes Santo');
    expect(y2026.get('2026-11-16')).toBe('Independencia de Cartagena');
    expect(y2026.size).toBe(19);
    // Before the law there is no 9 July holiday.
    expect(
      colombianHolidays(2025).some((h) => h.date.startsWith('2025-07-0') || h.date === '2025-07-14'),
    ).toBe(false);
    // Two holidays on one Monday share the date.
    expect(new Map(colombianHolidays(2025).map((h) => [h.date, h.name])).get('2025-06-30')).toBe(
      'Sagrado Corazón de Jesús / San Pedro y San Pablo',
    );
  });

  it('are seeded at start from last year to three years ahead, including 2026-07-13', async () => {
    const year = Number(localDate(new Date(), 'America/Bogota').slice(0, 4));
    const res = await c.agent({ method: 'GET', url: '/api/holidays?year=2026' });
    expect(res.statusCode).toBe(200);
    if (year - 1 <= 2026 && 2026 <= year + 3)
      expect(res.json().data).toContainEqual({ date: '2026-07-13', name: expect.any(String) });
    const years = await t.app.deps.db.execute(
      sql`select min(date)::text lo, max(date)::text hi from holidays`,
    );
    expect(years.rows[0]).toEqual({ lo: `${year - 1}-01-01`, hi: `${year + 3}-12-25` });
  });
});

describe('holidays an administrator edits', () => {
  it('adds, renames and deletes; a deleted holiday stays deleted after the next seeding', async () => {
    const add = await c.supervisor({
      method: 'POST',
      url: '/api/holidays',
      payload: { date: '2027-02-03', name: 'Fiesta local' },
    });
    expect(add.statusCode).toBe(201);
    expect(add.json()).toMatchObject({
      data: { date: '2027-02-03', name: 'Fiesta local' },
      message: 'Festivo agregado',
    });
    const dup = await c.admin({
      method: 'POST',
      url: '/api/holidays',
      payload: { date: '2027-02-03', name: 'Otra' },
    });
    expect(dup.statusCode).toBe(409);
    const renamed = await c.admin({
      method: 'PUT',
      url: '/api/holidays/2027-02-03',
      payload: { name: 'Fiesta patronal' },
    });
    expect(renamed.json().data.name).toBe('Fiesta patronal');
    expect((await c.admin({ method: 'DELETE', url: '/api/holidays/2027-02-03' })).statusCode).toBe(200);
    expect((await c.admin({ method: 'DELETE', url: '/api/holidays/2027-02-03' })).statusCode).toBe(404);

    const year = Number(localDate(new Date(), 'America/Bogota').slice(0, 4));
    const christmas = `${year + 1}-12-25`;
    expect((await c.admin({ method: 'DELETE', url: `/api/holidays/${christmas}` })).statusCode).toBe(200);
    expect(await seedHolidays(t.app.deps.db, localDate(new Date(), 'America/Bogota'))).toBe(0);
    const list = (
      await c.agent({ method: 'GET', url: `/api/holidays?start_date=${christmas}&end_date=${christmas}` })
    ).json();
    expect(list.data).toEqual([]);
  });

  it('validates and keeps writes to administrators and supervisors', async () => {
    const bad = await c.admin({
      method: 'POST',
      url: '/api/holidays',
      payload: { date: '2027-02-30', name: '' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toMatchObject({
      date: ['Fecha inválida (AAAA-MM-DD)'],
      name: ['Debe indicar el nombre del festivo'],
    });
    expect((await c.admin({ method: 'DELETE', url: '/api/holidays/hoy' })).statusCode).toBe(400);
    for (const who of [c.reception, c.agent, c.doctor])
      expect(
        (await who({ method: 'POST', url: '/api/holidays', payload: { date: '2027-02-04', name: 'X' } }))
          .statusCode,
      ).toBe(403);
  });
});
