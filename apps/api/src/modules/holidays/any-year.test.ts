import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { colombianHolidays } from '../../db/seed/holidays';
import { createAgenda, today, worldFixture, type World } from '../../test/factories/world';
import { createTemplate } from '../agenda-templates/test-factory';

/*
 * Issue 34 item 18: the holidays of a year never seeded (the start-up seeding covers last year to three years
 * ahead) are computed when a read reaches it; the editable table overrides from then on.
 */

const ctx = worldFixture();
let w: World;
/** A year the start-up seeding never wrote: four years ahead. */
let Y: number;
beforeAll(() => {
  w = ctx.w;
  Y = Number(today().slice(0, 4)) + 4;
});

const seeded = async (year: number) =>
  (
    await w.t.app.deps.db.execute<{ n: number }>(
      sql`select count(*)::int as n from holiday_seeded_years where year = ${year}`,
    )
  ).rows[0]!.n === 1;

describe('Colombian holidays of any year', () => {
  it('follow Ley 51 de 1983: fixed days, days moved to Monday, and the Easter-based ones (2030)', () => {
    const y2030 = new Map(colombianHolidays(2030).map((h) => [h.date, h.name]));
    // Fixed, whatever the weekday: 20 July 2030 is a Saturday, 25 December a Wednesday.
    expect(y2030.get('2030-07-20')).toBe('Día de la Independencia');
    expect(y2030.get('2030-12-25')).toBe('Navidad');
    // Moved to the next Monday: Reyes (Sunday 6 → 7 January), San José (Tuesday 19 → 25 March).
    expect(y2030.get('2030-01-07')).toBe('Día de los Reyes Magos');
    expect(y2030.has('2030-01-06')).toBe(false);
    expect(y2030.get('2030-03-25')).toBe('San José');
    // Easter is 21 April 2030: Jueves and Viernes Santo before it; Ascension (+39), Corpus (+60) and Sagrado
    // Corazón (+68) on the Mondays after, the last one sharing 1 July with San Pedro y San Pablo (29 June → 1 July).
    expect(y2030.get('2030-04-18')).toBe('Jueves Santo');
    expect(y2030.get('2030-04-19')).toBe('Viernes Santo');
    expect(y2030.get('2030-06-03')).toBe('Ascensión del Señor');
    expect(y2030.get('2030-06-24')).toBe('Corpus Christi');
    expect(y2030.get('2030-07-01')).toBe('Sagrado Corazón de Jesús / San Pedro y San Pablo');
  });

  it('a template generated across into a year never seeded skips its holidays', async () => {
    expect(await seeded(Y)).toBe(false);
    const tpl = await createTemplate(w, { name: 'Cambio de año', doctor_id: w.drB });
    const res = await w.c.reception({
      method: 'POST',
      url: '/api/availability-templates/generate-schedule',
      payload: { template_id: tpl.id, start_date: `${Y - 1}-12-29`, end_date: `${Y}-01-09` },
    });
    expect(res.statusCode, res.body).toBe(200);
    const skipped = res.json().data.skipped_conflicts as { date: string; kind: string; reason: string }[];
    const expected = colombianHolidays(Y).filter((h) => h.date <= `${Y}-01-09`);
    expect(expected.map((h) => h.date)).toContain(`${Y}-01-01`);
    const weekdays = expected.filter((h) => ![0, 6].includes(new Date(`${h.date}T12:00:00Z`).getUTCDay()));
    expect(skipped.filter((s) => s.kind === 'holiday')).toEqual(
      weekdays.map((h) => expect.objectContaining({ date: h.date, reason: `Festivo: ${h.name}` })),
    );
    expect(weekdays.length).toBeGreaterThan(0);
    expect(await seeded(Y)).toBe(true);
  });

  it('a business-day distribution across into a never-seeded year skips its holidays', async () => {
    const year = Y + 1;
    expect(await seeded(year)).toBe(false);
    const agenda = await createAgenda(w, {
      doctor_id: w.drA,
      date: `${year - 1}-12-28`,
      start_time: '08:00',
      end_time: '12:00',
      capacity: 8,
      auto_distribute: true,
      distribution_start_date: `${year - 1}-12-26`,
      distribution_end_date: `${year}-01-10`,
    });
    const days = (
      await w.t.app.deps.db.execute<{ day: string }>(
        sql`select day_date::text as day from availability_distributions where availability_id = ${agenda.id}`,
      )
    ).rows.map((r) => r.day);
    expect(days.length).toBeGreaterThan(0);
    expect(days).not.toContain(`${year}-01-01`);
    expect(await seeded(year)).toBe(true);
  });

  it("the table overrides once computed: an administrator's deletion of a computed holiday stays", async () => {
    const year = Y + 2;
    const date = `${year}-12-25`;
    const del = await w.c.admin({ method: 'DELETE', url: `/api/holidays/${date}` });
    expect(del.statusCode, del.body).toBeLessThan(300);
    const list = await w.c.agent({ method: 'GET', url: `/api/holidays?year=${year}` });
    const dates = (list.json().data as { date: string }[]).map((h) => h.date);
    expect(dates).toContain(`${year}-01-01`);
    expect(dates).not.toContain(date);
    const again = await w.c.admin({
      method: 'POST',
      url: '/api/holidays',
      payload: { date: `${year}-01-01`, name: 'Otro' },
    });
    expect(again.statusCode).toBe(409);
  });
});
