import { beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '@ips/shared/scheduling/calendar-days';
import {
  agendaPayload,
  book,
  createAgenda,
  nextWeekday,
  today,
  worldFixture,
  type World,
} from '../../test/factories/world';

const ctx = worldFixture();
let w: World;
beforeAll(() => {
  ({ w } = ctx);
});

const post = (payload: object) => w.c.admin({ method: 'POST', url: '/api/availabilities', payload });
async function messageOf(payload: object, status = 400) {
  const res = await post(payload);
  expect(res.statusCode, res.body).toBe(status);
  expect(res.json().success).toBe(false);
  return res.json().message as string;
}

describe('create agenda: the messages of spec §5', () => {
  it('requires location, specialty, doctor, date, start and end, each with its message', async () => {
    const cases: [string, string][] = [
      ['location_id', 'Debe seleccionar una ubicación'],
      ['specialty_id', 'Debe seleccionar una especialidad'],
      ['doctor_id', 'Debe seleccionar un doctor'],
      ['date', 'Debe seleccionar una fecha'],
      ['start_time', 'Debe especificar hora de inicio'],
      ['end_time', 'Debe especificar hora de fin'],
    ];
    for (const [field, message] of cases) {
      const payload: Record<string, unknown> = agendaPayload(w);
      delete payload[field];
      expect(await messageOf(payload)).toBe(message);
      expect(await messageOf({ ...agendaPayload(w), [field]: '' })).toBe(message);
    }
    // All at once: the messages joined, one per field.
    const res = await post({});
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().errors).sort()).toEqual(
      ['date', 'doctor_id', 'end_time', 'location_id', 'specialty_id', 'start_time'].sort(),
    );
  });

  it('refuses a past date (in the organisation timezone), start not before end and capacity under 1', async () => {
    expect(await messageOf(agendaPayload(w, { date: addDays(today(), -1) }))).toBe(
      'No puede crear una agenda en una fecha pasada',
    );
    expect(await messageOf(agendaPayload(w, { start_time: '12:00', end_time: '08:00' }))).toBe(
      'La hora de inicio debe ser anterior a la hora de fin',
    );
    expect(await messageOf(agendaPayload(w, { start_time: '09:00', end_time: '09:00' }))).toBe(
      'La hora de inicio debe ser anterior a la hora de fin',
    );
    expect(await messageOf(agendaPayload(w, { capacity: 0 }))).toBe('La capacidad mínima es 1');
    expect(await messageOf(agendaPayload(w, { capacity: -3 }))).toBe('La capacidad mínima es 1');
    expect(await messageOf(agendaPayload(w, { capacity: 101 }))).toBe('La capacidad máxima es 100');
  });

  it('minutes per appointment are 15–240 in steps of 5, default 30; capacity defaults to 1', async () => {
    const message = 'Los minutos por cita deben estar entre 15 y 240, en pasos de 5';
    for (const duration_minutes of [10, 245, 17, 'x', 30.5])
      expect(await messageOf(agendaPayload(w, { duration_minutes }))).toBe(message);
    const payload: Record<string, unknown> = agendaPayload(w, { date: nextWeekday(1, 8) });
    delete payload.duration_minutes;
    delete payload.capacity;
    const res = await post(payload);
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({ duration_minutes: 30, capacity: 1, status: 'Activa' });
    expect(res.json().message).toBe('Agenda creada exitosamente');
  });

  it('accepts the camelCase names of the creation form and times with seconds', async () => {
    const res = await post({
      locationId: String(w.northId),
      specialty: w.generalId,
      doctor: w.drB,
      date: nextWeekday(2, 8),
      startTime: '14:00:00',
      endTime: '16:30',
      capacity: '5',
      durationMinutes: 15,
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({ start_time: '14:00:00', end_time: '16:30:00', capacity: 5 });
  });

  it('auto distribution needs both dates, the end not before the start', async () => {
    expect(await messageOf(agendaPayload(w, { auto_distribute: true }))).toBe(
      'Debe indicar la fecha de inicio y de fin de la distribución',
    );
    const start = nextWeekday(1, 8);
    expect(
      await messageOf(
        agendaPayload(w, {
          auto_distribute: true,
          distribution_start_date: start,
          distribution_end_date: addDays(start, -1),
        }),
      ),
    ).toBe('La fecha de fin de la distribución no puede ser anterior a la de inicio');
  });

  it('the doctor must practise the specialty at the location, and the location must offer it', async () => {
    const errors = async (fields: object) => {
      const res = await post(agendaPayload(w, { date: nextWeekday(4, 15), ...fields }));
      expect(res.statusCode, res.body).toBe(400);
      return res.json().errors as Record<string, string[]>;
    };
    expect((await errors({ doctor_id: w.drPed })).doctor_id).toEqual([
      'El doctor no atiende la especialidad seleccionada',
    ]);
    expect((await errors({ doctor_id: w.drB, location_id: w.southId })).doctor_id).toEqual([
      'El doctor no atiende en la ubicación seleccionada',
    ]);
    expect(
      (await errors({ location_id: w.southId, specialty_id: w.pediatricsId, doctor_id: w.drPed }))
        .specialty_id,
    ).toEqual(['La ubicación no ofrece la especialidad seleccionada']);
    expect((await errors({ doctor_id: 987654 })).doctor_id).toEqual(['El doctor seleccionado no existe']);
    expect((await errors({ location_id: 987654 })).location_id).toEqual([
      'La ubicación seleccionada no existe',
    ]);
  });
});

describe('edit, transfer and reschedule messages', () => {
  it("edit: 'Todos los campos son obligatorios', start before end, capacity 1–100 and not below booked", async () => {
    const agenda = await createAgenda(w, { date: nextWeekday(5, 15), capacity: 3 });
    const put = (payload: object) =>
      w.c.admin({ method: 'PUT', url: `/api/availabilities/${agenda.id}`, payload });
    const full = {
      doctor_id: w.drA,
      specialty_id: w.generalId,
      location_id: w.northId,
      date: agenda.date,
      start_time: '08:00',
      end_time: '12:00',
      capacity: 3,
    };
    for (const field of Object.keys(full)) {
      const payload: Record<string, unknown> = { ...full };
      delete payload[field];
      if (field === 'date') continue; // without the date it is still an edit; with only date+status, a transfer
      const res = await put(payload);
      expect(res.statusCode, field).toBe(400);
      expect(res.json().message).toContain('Todos los campos son obligatorios');
    }
    expect((await put({ ...full, capacity: 1, start_time: '13:00' })).json().message).toBe(
      'La hora de inicio debe ser anterior a la hora de fin',
    );
    expect((await put({ ...full, capacity: 0 })).json().message).toBe('La capacidad mínima es 1');
    expect((await put({ ...full, capacity: 101 })).json().message).toBe('La capacidad máxima es 100');
    await book(w, agenda, '08:00');
    await book(w, agenda, '08:30');
    const below = await put({ ...full, capacity: 1 });
    expect(below.statusCode).toBe(409);
    expect(below.json().message).toBe('La capacidad no puede ser menor que los cupos ocupados (2)');
    const ok = await put({ ...full, capacity: 2, notes: 'Solo dos cupos' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data).toMatchObject({
      capacity: 2,
      booked_slots: 2,
      available_slots: 0,
      notes: 'Solo dos cupos',
    });
  });

  it('transfer: a new date is required, not past and different from the current', async () => {
    const agenda = await createAgenda(w, { date: nextWeekday(1, 22) });
    const transfer = (payload: object) =>
      w.c.admin({ method: 'POST', url: `/api/availabilities/${agenda.id}/transfer`, payload });
    for (const [payload, message] of [
      [{}, 'Por favor selecciona una nueva fecha'],
      [{ new_date: '' }, 'Por favor selecciona una nueva fecha'],
      [{ new_date: addDays(today(), -1) }, 'No puedes transferir a una fecha pasada'],
      [{ new_date: agenda.date }, 'La nueva fecha debe ser diferente a la actual'],
      [
        { new_date: addDays(agenda.date, 1), mode: 'teleport' },
        'Modo de transferencia inválido (move o copy)',
      ],
    ] as const) {
      const res = await transfer(payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(message);
    }
    // The same rules through PUT with date and status, the transfer dialog's call.
    const viaPut = await w.c.admin({
      method: 'PUT',
      url: `/api/availabilities/${agenda.id}`,
      payload: { date: addDays(today(), -2), status: 'active' },
    });
    expect(viaPut.statusCode).toBe(400);
    expect(viaPut.json().message).toBe('No puedes transferir a una fecha pasada');
  });

  it('reschedule: date, start and end required, start before end, not in the past', async () => {
    const agenda = await createAgenda(w, { date: nextWeekday(2, 22) });
    const reschedule = (payload: object) =>
      w.c.admin({ method: 'POST', url: `/api/availabilities/${agenda.id}/reschedule`, payload });
    const date = addDays(agenda.date, 7);
    expect((await reschedule({ start_time: '08:00', end_time: '10:00' })).json().message).toBe(
      'Debe seleccionar una fecha',
    );
    expect((await reschedule({ date, end_time: '10:00' })).json().message).toBe(
      'Debe especificar hora de inicio',
    );
    expect((await reschedule({ date, start_time: '08:00' })).json().message).toBe(
      'Debe especificar hora de fin',
    );
    expect((await reschedule({ date, start_time: '10:00', end_time: '08:00' })).json().message).toBe(
      'La hora de inicio debe ser anterior a la hora de fin',
    );
    expect(
      (await reschedule({ date: addDays(today(), -1), start_time: '08:00', end_time: '10:00' })).json()
        .message,
    ).toBe('No puede reagendar a una fecha pasada');
  });

  it('cancel needs a message for the patients', async () => {
    const agenda = await createAgenda(w, { date: nextWeekday(3, 22) });
    for (const payload of [{}, { message: '   ' }]) {
      const res = await w.c.admin({
        method: 'POST',
        url: `/api/availabilities/${agenda.id}/cancel`,
        payload,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('Debe escribir un mensaje para los pacientes');
    }
  });

  it('nonsense never answers 500', async () => {
    for (const payload of [
      { ...agendaPayload(w), date: '2026-02-30' },
      { ...agendaPayload(w), start_time: '25:00' },
      { ...agendaPayload(w), capacity: 'mucho' },
      { ...agendaPayload(w), doctor_id: 99999999999 },
      { ...agendaPayload(w), notes: 'a\u0000b' },
      { ...agendaPayload(w), auto_distribute: 'quizás' },
    ]) {
      const res = await post(payload);
      expect(res.statusCode, JSON.stringify(payload) + res.body).toBe(400);
    }
    const q = await w.c.admin({ method: 'GET', url: '/api/availabilities?date=ayer&doctor_id=-1' });
    expect(q.statusCode).toBe(400);
  });
});
