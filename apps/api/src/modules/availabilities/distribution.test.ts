import { beforeAll, describe, expect, it } from 'vitest';
import { addDays, isoWeekday } from '@ips/shared/scheduling/calendar-days';
import { book, createAgenda, nextWeekday, today, worldFixture, type World } from '../../test/factories/world';

const ctx = worldFixture();
let w: World;
let monday: string;
let holiday: string;
beforeAll(async () => {
  ({ w } = ctx);
  // A week whose only holiday is its Wednesday (added if the seeded calendar has none that day): the first
  // Monday three weeks or more ahead whose other days are not holidays (Christmas week, say, is passed over).
  const seeded = new Set(
    (await w.t.app.deps.database.query<{ date: string }>('select date::text date from holidays')).map(
      (h) => h.date,
    ),
  );
  monday = nextWeekday(1, 21);
  while ([0, 1, 3, 4, 5, 6].some((d) => seeded.has(addDays(monday, d)))) monday = addDays(monday, 7);
  holiday = addDays(monday, 2);
  const res = await w.c.admin({
    method: 'POST',
    url: '/api/holidays',
    payload: { date: holiday, name: 'Festivo de prueba' },
  });
  expect([201, 409]).toContain(res.statusCode);
});

type Entry = { id: number; day_date: string; quota: number; assigned: number; remaining: number };
const distributionOf = async (id: number) =>
  (await w.c.agent({ method: 'GET', url: `/api/availabilities/${id}/distribution` })).json().data as Entry[];
const sum = (xs: Entry[]) => xs.reduce((s, x) => s + x.quota, 0);

describe('automatic quota distribution', () => {
  it('spreads the capacity over working days only: no weekend, no holiday, quotas adding up exactly', async () => {
    const agenda = await createAgenda(w, {
      date: monday,
      capacity: 13,
      auto_distribute: true,
      distribution_start_date: monday,
      distribution_end_date: addDays(monday, 6),
    });
    const days = await distributionOf(agenda.id);
    expect(sum(days)).toBe(13);
    expect(days.map((d) => d.day_date)).toEqual([
      monday,
      addDays(monday, 1),
      addDays(monday, 3),
      addDays(monday, 4),
    ]);
    expect(days.every((d) => isoWeekday(d.day_date) <= 5 && d.day_date !== holiday)).toBe(true);
    expect(days.every((d) => d.quota === 3 || d.quota === 4)).toBe(true);
    expect(days[0]).toMatchObject({ assigned: 0, remaining: days[0]!.quota });
  });

  it('weekends count when exclude_weekends is off; holidays never do', async () => {
    const agenda = await createAgenda(w, {
      date: monday,
      doctor_id: w.drB,
      capacity: 60,
      auto_distribute: true,
      distribution_start_date: monday,
      distribution_end_date: addDays(monday, 6),
      exclude_weekends: false,
    });
    const days = (await distributionOf(agenda.id)).map((d) => d.day_date);
    expect(days).toHaveLength(6);
    expect(days).toContain(addDays(monday, 5));
    expect(days).not.toContain(holiday);
  });

  it('a window without working days is refused', async () => {
    const saturday = addDays(monday, 5);
    const res = await w.c.admin({
      method: 'POST',
      url: '/api/availabilities',
      payload: {
        location_id: w.northId,
        specialty_id: w.generalId,
        doctor_id: w.drA,
        date: addDays(monday, 7),
        start_time: '08:00',
        end_time: '12:00',
        auto_distribute: true,
        distribution_start_date: saturday,
        distribution_end_date: addDays(saturday, 1),
      },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('No hay días hábiles entre las fechas de distribución');
  });
});

describe('assigned slots of a day', () => {
  it('accepts an integer from 0 to the quota and refuses the rest with 400', async () => {
    const agenda = await createAgenda(w, {
      date: addDays(monday, 7),
      capacity: 10,
      auto_distribute: true,
      distribution_start_date: addDays(monday, 7),
      distribution_end_date: addDays(monday, 8),
    });
    const [day] = await distributionOf(agenda.id);
    const put = (assigned: unknown) =>
      w.c.reception({
        method: 'PUT',
        url: `/api/availabilities/distributions/${day!.id}/assigned`,
        payload: { assigned },
      });
    for (const bad of [-1, day!.quota + 1, 1.5, 'tres', null]) {
      const res = await put(bad);
      expect(res.statusCode, String(bad)).toBe(400);
    }
    expect((await put(day!.quota + 1)).json().message).toBe(
      `Los cupos asignados no pueden superar la cuota del día (${day!.quota})`,
    );
    expect((await put(-1)).json().message).toBe('Los cupos asignados no pueden ser negativos');
    expect((await put(1.5)).json().message).toBe('Los cupos asignados deben ser un número entero');
    const ok = await put(day!.quota);
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data).toMatchObject({ assigned: day!.quota, remaining: 0, availability_id: agenda.id });
    expect((await put(0)).json().data.assigned).toBe(0);
    expect(
      (
        await w.c.agent({
          method: 'PUT',
          url: `/api/availabilities/distributions/${day!.id}/assigned`,
          payload: { assigned: 1 },
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (
        await w.c.admin({
          method: 'PUT',
          url: '/api/availabilities/distributions/987654/assigned',
          payload: { assigned: 1 },
        })
      ).statusCode,
    ).toBe(404);
  });

  it('regeneration and capacity changes keep what was assigned and still add up to the capacity', async () => {
    const start = addDays(monday, 14);
    const agenda = await createAgenda(w, {
      date: start,
      capacity: 9,
      auto_distribute: true,
      distribution_start_date: start,
      distribution_end_date: addDays(start, 4),
    });
    const [first] = await distributionOf(agenda.id);
    await w.c.admin({
      method: 'PUT',
      url: `/api/availabilities/distributions/${first!.id}/assigned`,
      payload: { assigned: first!.quota },
    });
    const regen = await w.c.admin({
      method: 'POST',
      url: `/api/availabilities/${agenda.id}/regenerate-distribution`,
    });
    expect(regen.statusCode).toBe(200);
    const after = regen.json().data as Entry[];
    expect(sum(after)).toBe(9);
    expect(after.find((d) => d.id === first!.id)).toMatchObject({ assigned: first!.quota });
    expect(after.every((d) => d.assigned <= d.quota)).toBe(true);

    const edit = await w.c.admin({
      method: 'PUT',
      url: `/api/availabilities/${agenda.id}`,
      payload: {
        doctor_id: w.drA,
        specialty_id: w.generalId,
        location_id: w.northId,
        date: start,
        start_time: '08:00',
        end_time: '12:00',
        capacity: 20,
      },
    });
    expect(edit.statusCode, edit.body).toBe(200);
    expect(sum(await distributionOf(agenda.id))).toBe(20);

    const plain = await createAgenda(w, { date: addDays(start, 1), doctor_id: w.drB });
    const refused = await w.c.admin({
      method: 'POST',
      url: `/api/availabilities/${plain.id}/regenerate-distribution`,
    });
    expect(refused.statusCode).toBe(409);
  });
});

describe('distribution listings, stats and the calendar', () => {
  it('lists by filters and range, and totals with utilisation bands', async () => {
    const list = await w.c.agent({
      method: 'GET',
      url: `/api/availabilities/distributions?doctor_id=${w.drA}&start_date=${monday}&end_date=${addDays(monday, 6)}`,
    });
    expect(list.statusCode).toBe(200);
    expect(list.json().data.length).toBe(4);
    expect(list.json().data[0]).toMatchObject({
      doctor_name: 'Jorge Martínez',
      specialty_name: 'Medicina General',
      location_name: 'Sede Norte',
      start_time: '08:00:00',
    });
    const range = await w.c.agent({ method: 'GET', url: '/api/availabilities/distributions/range' });
    expect(range.statusCode).toBe(400);
    expect(range.json().message).toContain('Debe indicar la fecha de inicio');
    const inRange = await w.c.agent({
      method: 'GET',
      url: `/api/availabilities/distributions/range?start_date=${monday}&end_date=${addDays(monday, 6)}`,
    });
    expect(inRange.json().total).toBe(10);
    const stats = await w.c.agent({
      method: 'GET',
      url: `/api/availabilities/distributions/stats?start_date=${monday}&end_date=${addDays(monday, 6)}`,
    });
    expect(stats.json().data).toMatchObject({
      agendas: 2,
      total_quota: 73,
      total_assigned: 0,
      total_remaining: 73,
    });
    expect(stats.json().data.bands.low).toBe(10);
  });

  it('the calendar groups slots per day with Spanish day names; default window today + 30 days', async () => {
    const res = await w.c.agent({
      method: 'GET',
      url: `/api/availabilities/distribution-calendar?doctor_id=${w.drA}&start_date=${monday}&end_date=${addDays(monday, 6)}`,
    });
    expect(res.statusCode).toBe(200);
    const dates = res.json().data.available_dates;
    expect(dates.map((d: { day_name: string }) => d.day_name)).toEqual([
      'lunes',
      'martes',
      'jueves',
      'viernes',
    ]);
    const monday0 = dates[0];
    expect(monday0.date).toBe(monday);
    // Monday offers what the distributed agendas of the doctor gave that day.
    expect(monday0.time_slots[0]).toMatchObject({
      availability_id: expect.any(Number),
      start_time: '08:00:00',
      end_time: '12:00:00',
      assigned: 0,
    });
    expect(monday0.total_available_slots).toBe(
      monday0.time_slots.reduce((s: number, x: { available_slots: number }) => s + x.available_slots, 0),
    );
    const byDefault = (
      await w.c.agent({ method: 'GET', url: '/api/availabilities/distribution-calendar' })
    ).json().data;
    expect(byDefault.start_date).toBe(today());
    expect(byDefault.end_date).toBe(addDays(today(), 30));
  });

  it('an agenda without distribution shows its free capacity on its own date; the dropdown lists open slots', async () => {
    const date = addDays(monday, 1);
    const agenda = await createAgenda(w, {
      date,
      doctor_id: w.drPed,
      specialty_id: w.pediatricsId,
      capacity: 2,
    });
    await book(w, { ...agenda, doctor_id: w.drPed }, '08:00', { specialtyId: w.pediatricsId });
    const res = await w.c.agent({
      method: 'GET',
      url: `/api/availabilities/distribution-calendar?specialty_id=${w.pediatricsId}&start_date=${date}&end_date=${date}`,
    });
    expect(res.json().data.available_dates).toEqual([
      expect.objectContaining({
        date,
        day_name: 'martes',
        total_available_slots: 1,
        time_slots: [
          expect.objectContaining({
            distribution_id: null,
            availability_id: agenda.id,
            quota: 2,
            assigned: 1,
            available_slots: 1,
          }),
        ],
      }),
    ]);
    const dropdown = await w.c.agent({
      method: 'GET',
      url: `/api/availabilities/distribution-dropdown?specialty_id=${w.pediatricsId}&start_date=${date}&end_date=${date}`,
    });
    expect(dropdown.json().data).toHaveLength(1);
    expect(dropdown.json().data[0].label).toContain('Diana Jaimes (1 cupos)');
  });
});
