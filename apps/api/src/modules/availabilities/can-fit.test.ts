// "Can fit" (can-fit.ts) at its edges, through GET /availabilities?bookable=true, and checked against the booking
// itself: what is listed books without a time (POST /appointments, the quick dialog's call), what is not refuses.
// The clock is the test's (only Date is faked; the organisation is in Bogotá, UTC−5, whatever the process's TZ).
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { parseLocalDateTime } from '@ips/shared/format';
import {
  book,
  createAgenda,
  newPatient,
  TZ,
  worldFixture,
  type AgendaDto,
  type World,
} from '../../test/factories/world';

/** A Wednesday, the Thursday after it and the Friday. */
const DAY = '2031-03-05';
const NEXT = '2031-03-06';
const FRIDAY = '2031-03-07';
const at = (localDateTime: string) => vi.setSystemTime(parseLocalDateTime(localDateTime, TZ)!);

beforeAll(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  at(`${DAY} 07:00`);
});
afterAll(() => {
  vi.useRealTimers();
});
const ctx = worldFixture();
let w: World;
beforeAll(() => {
  w = ctx.w;
});

const bookable = async (from = DAY, to = FRIDAY) => {
  const res = await w.c.reception({
    method: 'GET',
    url: `/api/availabilities?bookable=true&start_date=${from}&end_date=${to}`,
  });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().data as { id: number }[]).map((a) => a.id);
};
const listed = async (agenda: { id: number }) => (await bookable()).includes(agenda.id);
/** The quick dialog's booking: the agenda's own length, no time (the server picks the next free one). */
const quickBook = async (agenda: AgendaDto) =>
  w.c.reception({
    method: 'POST',
    url: '/api/appointments',
    payload: { patient_id: await newPatient(w), availability_id: agenda.id, reason: 'Control' },
  });
const NO_FREE_TIME = 'No hay un horario libre en la agenda para la duración de la cita';

describe('bookable=true pages on the server: total counts every bookable agenda, pages neither overlap nor skip', () => {
  it('12 bookable agendas of 15 in pages of 5', async () => {
    at(`${DAY} 08:00`);
    // The week after: three doctors, five days, one agenda each; three of them cannot take anyone.
    const days = ['2031-03-10', '2031-03-11', '2031-03-12', '2031-03-13', '2031-03-14'];
    const made: AgendaDto[] = [];
    for (const date of days)
      for (const [doctor_id, specialty_id, start_time, end_time] of [
        [w.drA, w.generalId, '08:00', '09:00'],
        [w.drB, w.generalId, '09:00', '10:00'],
        [w.drPed, w.pediatricsId, '10:00', '11:00'],
      ] as const)
        made.push(
          await createAgenda(w, { date, doctor_id, specialty_id, start_time, end_time, capacity: 2 }),
        );
    const [full, noTime, cancelled] = [made[1]!, made[6]!, made[12]!];
    await book(w, full, '09:00');
    await book(w, full, '09:30');
    await book(w, noTime, '08:00', { status: 'Pendiente' });
    await book(w, noTime, '08:30', { status: 'Pendiente' });
    await w.c.admin({
      method: 'PUT',
      url: `/api/availabilities/${cancelled.id}`,
      payload: { status: 'Cancelada' },
    });
    const expected = made.filter((a) => ![full.id, noTime.id, cancelled.id].includes(a.id)).map((a) => a.id);

    const page = async (n: number) => {
      const res = await w.c.reception({
        method: 'GET',
        url: `/api/availabilities?bookable=true&start_date=${days[0]}&end_date=${days[4]}&limit=5&page=${n}`,
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as { data: { id: number }[]; total: number; page: number; limit: number };
    };
    const pages = [await page(1), await page(2), await page(3)];
    expect(pages.map((p) => [p.total, p.page, p.limit, p.data.length])).toEqual([
      [12, 1, 5, 5],
      [12, 2, 5, 5],
      [12, 3, 5, 2],
    ]);
    expect(pages.flatMap((p) => p.data.map((a) => a.id))).toEqual(expected);
    expect(await page(4)).toMatchObject({ data: [], total: 12 });
  });
});

describe('bookable=true lists an agenda exactly when one appointment of its length can still be booked', () => {
  it("today, off the agenda's grid: time left before the end is not enough if no step of the grid fits", async () => {
    // 08:00–09:50 in 20-minute steps: the last start is 09:20 (09:40 would end at 10:00).
    const agenda = await createAgenda(w, {
      date: DAY,
      start_time: '08:00',
      end_time: '09:50',
      duration_minutes: 20,
      capacity: 5,
    });
    at(`${DAY} 09:19`);
    expect(await listed(agenda)).toBe(true);
    at(`${DAY} 09:25`); // 25 minutes left, but the next step is 09:40
    expect(await listed(agenda)).toBe(false);
    expect((await quickBook(agenda)).json()).toMatchObject({ message: NO_FREE_TIME });
  });

  it('full: no slot left, whatever the time', async () => {
    at(`${DAY} 12:00`);
    const agenda = await createAgenda(w, {
      date: NEXT,
      doctor_id: w.drB,
      start_time: '08:00',
      end_time: '10:00',
      capacity: 2,
    });
    expect(await listed(agenda)).toBe(true);
    await book(w, agenda, '08:00');
    expect(await listed(agenda)).toBe(true);
    await book(w, agenda, '08:30');
    expect(await listed(agenda)).toBe(false); // 2 of 2 taken, 09:00–10:00 free
    expect((await quickBook(agenda)).json()).toMatchObject({
      message: 'No hay cupos disponibles en esta agenda',
    });
  });

  it('capacity left but no time left: pending appointments and the doctor’s other appointments hold time', async () => {
    at(`${DAY} 12:00`);
    const agenda = await createAgenda(w, {
      date: NEXT,
      doctor_id: w.drA,
      start_time: '08:00',
      end_time: '09:30',
      capacity: 6,
    });
    const pending = await book(w, agenda, '08:00', { status: 'Pendiente' });
    await book(w, agenda, '08:30');
    // An appointment of the doctor outside any agenda, across the last time.
    const outside = await w.c.reception({
      method: 'POST',
      url: '/api/appointments',
      payload: {
        patient_id: await newPatient(w),
        doctor_id: w.drA,
        specialty_id: w.generalId,
        location_id: w.southId,
        scheduled_at: `${NEXT} 09:10:00`,
        duration_minutes: 15,
      },
    });
    expect(outside.statusCode, outside.body).toBe(201);
    // 1 of 6 slots taken, yet 08:00, 08:30 and 09:00 are all held: nothing of 30 minutes fits.
    expect(await listed(agenda)).toBe(false);
    expect((await quickBook(agenda)).json()).toMatchObject({ message: NO_FREE_TIME });
    // Cancelling the pending appointment frees 08:00: listed again, and it books there.
    const cancel = await w.c.reception({
      method: 'POST',
      url: `/api/appointments/${pending.id}/cancel`,
      payload: { reason: 'El paciente no puede asistir' },
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(await listed(agenda)).toBe(true);
    expect((await quickBook(agenda)).json().data).toMatchObject({ scheduled_at: `${NEXT} 08:00:00` });
  });

  it('only Activa agendas', async () => {
    at(`${DAY} 12:00`);
    const agenda = await createAgenda(w, {
      date: FRIDAY,
      doctor_id: w.drB,
      start_time: '14:00',
      end_time: '16:00',
    });
    expect(await listed(agenda)).toBe(true);
    const res = await w.c.admin({
      method: 'PUT',
      url: `/api/availabilities/${agenda.id}`,
      payload: { status: 'Cancelada' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await listed(agenda)).toBe(false);
    const bad = await w.c.reception({ method: 'GET', url: '/api/availabilities?bookable=quizas' });
    expect(bad.statusCode).toBe(400);
  });
  // Last: the clock only moves forward (the rate limiter's buckets are on it too).
  it('today: exactly fits, one minute short, ended', async () => {
    const afternoon = (doctor_id: number, specialty_id: number) =>
      createAgenda(w, {
        date: DAY,
        doctor_id,
        specialty_id,
        start_time: '14:00',
        end_time: '18:00',
        duration_minutes: 20,
        capacity: 12,
      });
    const x = await afternoon(w.drPed, w.pediatricsId);
    const y = await afternoon(w.drB, w.generalId);
    // Exactly fits: at 17:39 the 17:40 start ends at 18:00 sharp. Listed, and it books there.
    at(`${DAY} 17:39`);
    expect(await listed(x)).toBe(true);
    expect(await listed(y)).toBe(true);
    const booked = await quickBook(x);
    expect(booked.statusCode, booked.body).toBe(201);
    expect(booked.json().data).toMatchObject({ scheduled_at: `${DAY} 17:40:00`, duration_minutes: 20 });
    // Its last time is taken now, with 11 slots still free.
    expect(await listed(x)).toBe(false);
    // One minute short: at 17:40 the next start is 17:41 on, and the grid's next step (18:00) is the end.
    at(`${DAY} 17:40`);
    expect(await listed(y)).toBe(false);
    expect((await quickBook(y)).json()).toMatchObject({ success: false, message: NO_FREE_TIME });
    // Ended.
    at(`${DAY} 18:00`);
    expect(await listed(y)).toBe(false);
  });
});
