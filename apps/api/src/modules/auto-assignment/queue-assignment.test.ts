import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { addDays, isoWeekday } from '@ips/shared/scheduling/calendar-days';
import { queueEntries } from '../../db/schema/queue';
import type { TestApp } from '../../test/helpers';
import {
  bookedSlots,
  newPatient,
  nextWeekday,
  today,
  worldFixture,
  type World,
} from '../../test/factories/world';

const ctx = worldFixture();
let t: TestApp;
let w: World;
beforeAll(() => {
  ({ t, w } = ctx);
});

/** A specialty of its own, with a site and a doctor, so the queue and the search see only this test's data. */
let n = 0;
async function specialty(): Promise<{
  specialtyId: number;
  locationId: number;
  doctorId: number;
  doctor2: number;
}> {
  n += 1;
  const made = async (url: string, payload: object) => {
    const res = await w.c.admin({ method: 'POST', url, payload });
    if (res.statusCode !== 201) throw new Error(`${url} → ${res.body}`);
    return res.json().data.id as number;
  };
  const specialtyId = await made('/api/specialties', { name: `Especialidad ${'ABCDEFGHIJ'[n]}` });
  const locationId = await made('/api/locations', {
    name: `Sede ${'ABCDEFGHIJ'[n]}`,
    specialty_ids: [specialtyId],
  });
  const doctor = (i: number) =>
    made('/api/doctors', {
      name: `Doctor ${'ABCDEFGHIJ'[n]} ${['Uno', 'Dos'][i - 1]}`,
      license_number: `RM-9${n}${i}`,
      specialty_ids: [specialtyId],
      location_ids: [locationId],
    });
  return { specialtyId, locationId, doctorId: await doctor(1), doctor2: await doctor(2) };
}

async function agenda(s: Awaited<ReturnType<typeof specialty>>, fields: Record<string, unknown>) {
  const res = await w.c.admin({
    method: 'POST',
    url: '/api/availabilities',
    payload: {
      location_id: s.locationId,
      specialty_id: s.specialtyId,
      doctor_id: s.doctorId,
      start_time: '08:00',
      end_time: '12:00',
      capacity: 4,
      duration_minutes: 30,
      ...fields,
    },
  });
  if (res.statusCode !== 201) throw new Error(`agenda → ${res.body}`);
  return res.json().data as { id: number; date: string };
}

const smart = (payload: object, call = w.c.agent) =>
  call({ method: 'POST', url: '/api/auto-assignment/smart-assign', payload });

describe('POST /auto-assignment/smart-assign', () => {
  it('books the first free weekday time that fits the preferences', async () => {
    const s = await specialty();
    const saturday = nextWeekday(6, 1);
    await agenda(s, { date: saturday });
    const wed = nextWeekday(3, 1);
    const morning = await agenda(s, { date: wed });
    const afternoon = await agenda(s, {
      date: wed,
      doctor_id: s.doctor2,
      start_time: '14:00',
      end_time: '16:00',
    });
    const p = await newPatient(w, { name: 'Camila Rojas' });
    const res = await smart({
      patient_id: p,
      specialty_id: s.specialtyId,
      reason: 'Control',
      preferred_time_slots: ['tarde'],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      success: true,
      assignment_type: 'appointment',
      message: '¡Cita asignada exitosamente!',
      data: {
        success: true,
        assignment_type: 'appointment',
        queue_entry: null,
        appointment: {
          status: 'Confirmada',
          availability_id: afternoon.id,
          scheduled_at: `${wed} 14:00:00`,
          doctor: `Doctor ${'ABCDEFGHIJ'[n]} Dos`,
          patient_name: 'Camila Rojas',
          reason: 'Control',
        },
      },
    });
    expect(await bookedSlots(w, afternoon.id)).toBe(1);
    // Without preferences: the earliest weekday agenda (the Saturday one is skipped).
    const any = await smart({ patient_id: await newPatient(w), specialty_id: s.specialtyId });
    expect(any.json().data.appointment).toMatchObject({
      availability_id: morning.id,
      scheduled_at: `${wed} 08:00:00`,
    });
    // A preferred doctor and an exact slot from the picker.
    const picked = await smart({
      patient_id: await newPatient(w),
      specialty_id: s.specialtyId,
      preferred_doctor_id: s.doctorId,
      preferred_time_slots: [
        { date: wed, start_time: '10:00', end_time: '10:30', availability_id: morning.id },
      ],
    });
    expect(picked.json().data.appointment).toMatchObject({
      scheduled_at: `${wed} 10:00:00`,
      doctor_id: s.doctorId,
    });
  });

  it('falls back to the waiting queue with a position in priority order', async () => {
    const s = await specialty();
    // Out of the window (search_days_ahead 5) and full, so nothing fits.
    await agenda(s, { date: nextWeekday(3, 20) });
    const full = await agenda(s, { date: nextWeekday(2, 1), capacity: 1 });
    expect(
      (await smart({ patient_id: await newPatient(w), specialty_id: s.specialtyId })).json().data.appointment
        .availability_id,
    ).toBe(full.id);
    const ask = async (urgency?: string) =>
      (
        await smart({
          patient_id: await newPatient(w),
          specialty_id: s.specialtyId,
          search_days_ahead: 5,
          urgency_level: urgency,
        })
      ).json();
    const first = await ask();
    expect(first).toMatchObject({
      assignment_type: 'queue',
      message: 'Agregado a cola de espera',
      data: {
        success: true,
        appointment: null,
        queue_entry: { position: 1, estimated_wait_minutes: 15, priority_level: 'Normal', status: 'waiting' },
      },
    });
    expect((await ask()).data.queue_entry.position).toBe(2);
    const urgent = await ask('urgent');
    expect(urgent.data.queue_entry).toMatchObject({ position: 1, priority_level: 'Urgente' });
    const again = await smart({
      patient_id: first.data.queue_entry.patient_id,
      specialty_id: s.specialtyId,
      search_days_ahead: 5,
    });
    expect(again.json()).toMatchObject({
      message: 'El paciente ya está en la cola de espera de esta especialidad',
      data: { queue_entry: { id: first.data.queue_entry.id, position: 2 } },
    });
    expect(first.data.queue_entry.specialty_name).toMatch(/^Especialidad/);
  });

  it('validates the request and the roles', async () => {
    const s = await specialty();
    expect((await smart({ specialty_id: s.specialtyId })).json().errors).toMatchObject({
      patient_id: ['Debe seleccionar un paciente'],
    });
    expect((await smart({ patient_id: 1, specialty_id: s.specialtyId }, w.c.doctor)).statusCode).toBe(403);
    expect((await smart({ patient_id: await newPatient(w), specialty_id: 999_999 })).statusCode).toBe(404);
    expect(
      (await smart({ patient_id: 1, specialty_id: s.specialtyId, preferred_time_slots: ['siempre'] }))
        .statusCode,
    ).toBe(400);
  });
});

describe('POST /appointments/cancel-and-reassign', () => {
  it('returns the patient to the queue and gives the slot to the first free patient in priority order', async () => {
    const s = await specialty();
    const date = nextWeekday(4, 40);
    const wait = async (name: string, urgency: string) =>
      (
        await smart({
          patient_id: await newPatient(w, { name }),
          specialty_id: s.specialtyId,
          urgency_level: urgency,
          search_days_ahead: 5,
        })
      ).json().data.queue_entry as { id: number; patient_id: number };
    const normal = await wait('Nora Normal', 'Normal');
    const urgentBusy = await wait('Ursula Urgente', 'Urgente');
    const high = await wait('Alba Alta', 'Alta');
    const a = await agenda(s, { date, capacity: 2 });
    // The urgent patient is busy at 09:00 with another doctor: passed over.
    const busy = await w.c.reception({
      method: 'POST',
      url: '/api/appointments',
      payload: {
        patient_id: urgentBusy.patient_id,
        location_id: w.northId,
        specialty_id: w.generalId,
        doctor_id: w.drB,
        scheduled_at: `${date} 09:00`,
      },
    });
    expect(busy.statusCode).toBe(201);
    const p = await newPatient(w, { name: 'Pedro Devuelto' });
    const booked = await w.c.reception({
      method: 'POST',
      url: '/api/appointments',
      payload: { patient_id: p, availability_id: a.id, scheduled_at: `${date} 09:00` },
    });
    expect(await bookedSlots(w, a.id)).toBe(1);

    const res = await w.c.agent({
      method: 'POST',
      url: '/api/appointments/cancel-and-reassign',
      payload: {
        appointment_id: booked.json().data.id,
        cancellation_reason: 'Paciente pidió otra fecha',
        auto_assign: true,
      },
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      success: true,
      error: null,
      message: 'Cita devuelta a cola',
      data: {
        appointment: { status: 'Cancelada', cancellation_reason: 'Paciente pidió otra fecha' },
        reassignment: { assigned: true, patient_assigned: 'Alba Alta', scheduled_at: `${date} 09:00:00` },
        next_in_queue: { patient_name: 'Alba Alta', queue_id: high.id },
        // Waiting now: Ursula (Urgente), Nora (Normal, earlier), then the returned patient.
        queue_entry: { patient_id: p, call_type: 'reagendar', status: 'waiting', position: 3 },
      },
    });
    expect(await bookedSlots(w, a.id)).toBe(1);
    const given = await w.c.agent({
      method: 'GET',
      url: `/api/appointments?availability_id=${a.id}&status=Confirmada`,
    });
    expect(given.json().data).toMatchObject([
      { patient_name: 'Alba Alta', scheduled_at: `${date} 09:00:00` },
    ]);
    const [entry] = await t.app.deps.db.select().from(queueEntries).where(eq(queueEntries.id, high.id));
    expect(entry).toMatchObject({
      status: 'scheduled',
      outcome: 'Cita agendada',
      appointmentId: body.data.reassignment.appointment_id,
    });
    void normal;
  });

  it('without auto_assign the slot is freed and the next in the queue is named; restore takes the patient out', async () => {
    const s = await specialty();
    const date = nextWeekday(2, 45);
    const first = (
      await smart({
        patient_id: await newPatient(w, { name: 'Fabio Primero' }),
        specialty_id: s.specialtyId,
        search_days_ahead: 5,
      })
    ).json().data.queue_entry;
    const a = await agenda(s, { date });
    const booked = await w.c.reception({
      method: 'POST',
      url: '/api/appointments',
      payload: { patient_id: await newPatient(w), availability_id: a.id },
    });
    const id = booked.json().data.id as number;
    const res = await w.c.agent({
      method: 'POST',
      url: '/api/appointments/cancel-and-reassign',
      payload: { appointment_id: id },
    });
    expect(res.json().data).toMatchObject({
      appointment: { status: 'Cancelada', cancellation_reason: 'Cita devuelta a la cola de espera' },
      reassignment: { assigned: false, patient_assigned: null },
      next_in_queue: { patient_name: 'Fabio Primero', queue_id: first.id },
      queue_entry: { position: 2 },
    });
    expect(await bookedSlots(w, a.id)).toBe(0);
    const again = await w.c.agent({
      method: 'POST',
      url: '/api/appointments/cancel-and-reassign',
      payload: { appointment_id: id },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Solo se pueden devolver a la cola citas confirmadas');
    const restored = await w.c.reception({ method: 'POST', url: `/api/appointments/${id}/restore` });
    expect(restored.statusCode).toBe(200);
    const entry = await t.app.deps.db
      .select()
      .from(queueEntries)
      .where(eq(queueEntries.originAppointmentId, id));
    expect(entry).toMatchObject([{ status: 'cancelled', outcome: 'Cita restaurada' }]);
    expect(await bookedSlots(w, a.id)).toBe(1);
  });
});

it('test dates are weekdays in the future', () => {
  expect(isoWeekday(nextWeekday(4, 40))).toBe(4);
  expect(addDays(today(), 1) > today()).toBe(true);
});
