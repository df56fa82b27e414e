// What has ended is never offered (issue 15 §4): the smart assignment, its slot picker's calendar and the
// Disponibilidad list, read on the clinic's clock. The clock is set by the test (only Date is faked; the
// organisation is in Bogotá, UTC−5, whatever the process's TZ), never the machine's wall clock.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { parseLocalDateTime } from '@ips/shared/format';
import { queueEntries } from '../../db/schema/queue';
import { createAgenda, newPatient, TZ, worldFixture, type World } from '../../test/factories/world';

/** A Wednesday and the Thursday after it. */
const DAY = '2031-03-05';
const NEXT = '2031-03-06';
const at = (localTime: string) => vi.setSystemTime(parseLocalDateTime(`${DAY} ${localTime}`, TZ)!);

// Registered before the world's hooks, so the app, its users and their sessions live on the test's clock.
beforeAll(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  at('07:00');
});
afterAll(() => {
  vi.useRealTimers();
});
const ctx = worldFixture();
let w: World;
let morning: { id: number };
let afternoon: { id: number };
let tomorrow: { id: number };

beforeAll(async () => {
  w = ctx.w;
  const pediatrics = { specialty_id: w.pediatricsId, doctor_id: w.drPed, capacity: 4, duration_minutes: 30 };
  morning = await createAgenda(w, { ...pediatrics, date: DAY, start_time: '08:00', end_time: '12:00' });
  afternoon = await createAgenda(w, { ...pediatrics, date: DAY, start_time: '14:00', end_time: '18:00' });
  tomorrow = await createAgenda(w, { ...pediatrics, date: NEXT, start_time: '08:00', end_time: '12:00' });
});

const calendarSlots = async () => {
  const res = await w.c.agent({
    method: 'GET',
    url: `/api/availabilities/distribution-calendar?doctor_id=${w.drPed}&specialty_id=${w.pediatricsId}&start_date=${DAY}&end_date=${NEXT}`,
  });
  expect(res.statusCode).toBe(200);
  const days = res.json().data.available_dates as {
    date: string;
    time_slots: { availability_id: number }[];
  }[];
  return days.flatMap((d) => d.time_slots.map((s) => `${d.date}#${s.availability_id}`));
};

const listed = async (query: string) => {
  const res = await w.c.agent({ method: 'GET', url: `/api/availabilities?${query}` });
  expect(res.statusCode).toBe(200);
  return (res.json().data as { id: number }[]).map((a) => a.id);
};
const ours = (ids: number[]) => ids.filter((id) => [morning.id, afternoon.id, tomorrow.id].includes(id));

describe('blocks that have ended are not offered', () => {
  it("the slot picker's calendar drops a block once its last start has passed", async () => {
    at('13:00');
    expect(await calendarSlots()).toEqual([`${DAY}#${afternoon.id}`, `${NEXT}#${tomorrow.id}`]);
    // 17:30 is the 14:00–18:00 block's last start; at 17:31 nothing can start in it any more.
    at('17:30');
    expect(await calendarSlots()).toContain(`${DAY}#${afternoon.id}`);
    at('18:00');
    expect(await calendarSlots()).toEqual([`${NEXT}#${tomorrow.id}`]);
  });

  it('the Disponibilidad list (upcoming=true) lists only agendas where an appointment can still start', async () => {
    const query = `status=Activa&start_date=${DAY}&end_date=${NEXT}&specialty_id=${w.pediatricsId}`;
    at('10:00');
    expect(ours(await listed(`${query}&upcoming=true`))).toEqual([morning.id, afternoon.id, tomorrow.id]);
    at('18:00');
    expect(ours(await listed(`${query}&upcoming=true`))).toEqual([tomorrow.id]);
    // Without the flag the list is the plain record of the days (the day's agenda, the calendar).
    expect(ours(await listed(query))).toEqual([morning.id, afternoon.id, tomorrow.id]);
    const bad = await w.c.agent({ method: 'GET', url: `/api/availabilities?upcoming=quizas` });
    expect(bad.statusCode).toBe(400);
  });

  it("smart assignment at 18:00 books the next open block, never the day's ended one", async () => {
    at('18:00');
    const res = await w.c.agent({
      method: 'POST',
      url: '/api/auto-assignment/smart-assign',
      payload: { patient_id: await newPatient(w), specialty_id: w.pediatricsId },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      assignment_type: 'appointment',
      appointment: { availability_id: tomorrow.id, scheduled_at: `${NEXT} 08:00:00` },
    });
  });

  it('Reasignar offers neither the ended morning nor the ended afternoon (canStartAfter, verified)', async () => {
    at('18:00');
    const res = await w.c.agent({
      method: 'GET',
      url: `/api/availabilities/${morning.id}/available-for-reassignment`,
    });
    expect(res.statusCode).toBe(200);
    expect((res.json().data.available_agendas as { id: number }[]).map((a) => a.id)).toEqual([tomorrow.id]);
  });

  it('a block picked before it ended answers 409 with the reason instead of queueing the patient', async () => {
    const patient = await newPatient(w);
    // Picked in the dialog at 17:00; sent at 18:05, when the block has ended.
    at('18:05');
    const res = await w.c.agent({
      method: 'POST',
      url: '/api/auto-assignment/smart-assign',
      payload: {
        patient_id: patient,
        specialty_id: w.pediatricsId,
        preferred_doctor_id: w.drPed,
        preferred_time_slots: [
          { date: DAY, start_time: '14:00', end_time: '18:00', availability_id: afternoon.id },
        ],
      },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      success: false,
      message: 'El horario elegido (05/03/2031 14:00–18:00) ya pasó. Elija otro horario.',
    });
    const queued = await w.t.app.deps.db
      .select()
      .from(queueEntries)
      .where(eq(queueEntries.patientId, patient));
    expect(queued).toHaveLength(0);

    // A picked block of a cancelled agenda says so too.
    at('07:00');
    const cancel = await w.c.admin({
      method: 'POST',
      url: `/api/availabilities/${tomorrow.id}/cancel`,
      payload: { message: 'El doctor no atenderá este día', channel: 'sms' },
    });
    expect(cancel.statusCode).toBe(200);
    const cancelled = await w.c.agent({
      method: 'POST',
      url: '/api/auto-assignment/smart-assign',
      payload: {
        patient_id: patient,
        specialty_id: w.pediatricsId,
        preferred_time_slots: [
          { date: NEXT, start_time: '08:00', end_time: '12:00', availability_id: tomorrow.id },
        ],
      },
    });
    expect(cancelled.statusCode).toBe(409);
    expect(cancelled.json().message).toBe(
      'La agenda del horario elegido ya no está activa. Elija otro horario.',
    );
  });
});
