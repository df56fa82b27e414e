import { beforeAll, describe, expect, it } from 'vitest';
import {
  book,
  createAgenda,
  newPatient,
  nextWeekday,
  worldFixture,
  type World,
} from '../../test/factories/world';

const ctx = worldFixture();
let w: World;
beforeAll(() => {
  ({ w } = ctx);
});

describe('daily agenda export data', () => {
  it('one entry per doctor, appointments sorted Confirmada, Pendiente, Cancelada, then the rest', async () => {
    const date = nextWeekday(1, 3);
    const morning = await createAgenda(w, { date, start_time: '07:00', end_time: '09:00' });
    const afternoon = await createAgenda(w, {
      date,
      location_id: w.southId,
      start_time: '14:00',
      end_time: '16:00',
    });
    await createAgenda(w, { date, doctor_id: w.drB, start_time: '10:00', end_time: '11:00' });
    const patientId = await newPatient(w, { birth_date: '1990-05-10', email: 'ana@correo.co' });
    await book(w, morning, '08:30', { status: 'Completada' });
    await book(w, afternoon, '15:00', { status: 'Cancelada', locationId: w.southId });
    await book(w, morning, '07:30', { status: 'Pendiente' });
    await book(w, afternoon, '14:00', { patientId, reason: 'Control anual', locationId: w.southId });
    const res = await w.c.agent({ method: 'GET', url: `/api/availabilities/daily-export?date=${date}` });
    expect(res.statusCode).toBe(200);
    const [drA, drB] = res.json().data;
    expect(drA).toMatchObject({
      date,
      doctor_name: 'Jorge Martínez',
      specialty_name: 'Medicina General',
      location_name: 'Sede Norte / Sede Sur',
      room: null,
      start_time: '07:00:00',
      end_time: '16:00:00',
      availability_ids: [morning.id, afternoon.id],
    });
    expect(drA.appointments.map((a: { status: string }) => a.status)).toEqual([
      'Confirmada',
      'Pendiente',
      'Cancelada',
      'Completada',
    ]);
    expect(drA.appointments.map((a: { availability_id: number | null }) => a.availability_id)).toEqual([
      afternoon.id,
      morning.id,
      afternoon.id,
      morning.id,
    ]);
    expect(drA.appointments[0]).toMatchObject({
      scheduled_at: `${date} 14:00:00`,
      patient_name: 'Paciente de Prueba',
      patient_email: 'ana@correo.co',
      age: expect.any(Number),
      reason: 'Control anual',
      duration_minutes: 30,
    });
    expect(drB).toMatchObject({ doctor_name: 'María Villamizar', appointments: [] });
  });
});

describe('agenda form options', () => {
  it('smart-options narrows specialties, locations and doctors by what is chosen', async () => {
    const get = async (qs: string) =>
      (await w.c.agent({ method: 'GET', url: `/api/availabilities/smart-options?${qs}` })).json().data as {
        specialties: { id: number }[];
        locations: { id: number }[];
        doctors: { id: number; agendas_on_date: unknown[] }[];
      };
    const ids = (xs: { id: number }[]) => xs.map((x) => x.id).sort();
    const all = await get('');
    expect(ids(all.specialties)).toEqual([w.generalId, w.pediatricsId].sort());
    expect(ids(all.doctors)).toEqual([w.drA, w.drB, w.drPed].sort());
    const south = await get(`location_id=${w.southId}`);
    expect(ids(south.specialties)).toEqual([w.generalId]);
    expect(ids(south.doctors)).toEqual([w.drA]);
    const pediatrics = await get(`specialty_id=${w.pediatricsId}`);
    expect(ids(pediatrics.locations)).toEqual([w.northId]);
    expect(ids(pediatrics.doctors)).toEqual([w.drPed]);
    const drB = await get(`doctor_id=${w.drB}`);
    expect(ids(drB.locations)).toEqual([w.northId]);
    expect(ids(drB.specialties)).toEqual([w.generalId]);

    const date = nextWeekday(2, 3);
    await createAgenda(w, { date, doctor_id: w.drB, start_time: '08:00', end_time: '10:00' });
    const withDate = await get(`date=${date}&specialty_id=${w.generalId}`);
    expect(withDate.doctors.find((d) => d.id === w.drB)!.agendas_on_date).toEqual([
      expect.objectContaining({ start_time: '08:00:00', end_time: '10:00:00' }),
    ]);
    expect(
      (await w.c.agent({ method: 'GET', url: '/api/availabilities/smart-options?doctor_id=x' })).statusCode,
    ).toBe(400);
  });

  it('filters/options and the active list', async () => {
    const opts = (await w.c.doctor({ method: 'GET', url: '/api/availabilities/filters/options' })).json()
      .data;
    expect(opts.statuses).toEqual(['Activa', 'Completa', 'Cancelada']);
    expect(opts.locations.map((l: { name: string }) => l.name)).toEqual(['Sede Norte', 'Sede Sur']);
    const date = nextWeekday(3, 3);
    const full = await createAgenda(w, { date, capacity: 1 });
    await book(w, full, '08:00');
    const open = await createAgenda(w, { date, doctor_id: w.drB });
    const active = (await w.c.agent({ method: 'GET', url: '/api/availabilities/active' })).json().data;
    expect(active.map((a: { id: number }) => a.id)).toEqual(expect.arrayContaining([full.id, open.id]));
    const withSlots = (
      await w.c.agent({ method: 'GET', url: '/api/availabilities/active?with_slots=true' })
    ).json().data;
    expect(withSlots.map((a: { id: number }) => a.id)).not.toContain(full.id);
  });
});
