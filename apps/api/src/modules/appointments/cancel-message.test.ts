import { beforeAll, describe, expect, it } from 'vitest';
import {
  book,
  bookedSlots,
  createAgenda,
  nextWeekday,
  worldFixture,
  type World,
} from '../../test/factories/world';

const ctx = worldFixture();
let w: World;
beforeAll(() => {
  ({ w } = ctx);
});

// Issue 15, item 5: the cancel dialog's 'Mensaje para el paciente' is required (spec part 1 §5).
describe('cancelling an appointment with a blank message', () => {
  it('is 400 with a Spanish message, and the appointment and its slot stay as they were', async () => {
    const agenda = await createAgenda(w, { date: nextWeekday(2, 3) });
    const a = await book(w, agenda, '10:00');
    expect(await bookedSlots(w, agenda.id)).toBe(1);

    for (const reason of ['', '   ', '\n\t']) {
      const res = await w.c.reception({
        method: 'POST',
        url: `/api/appointments/${a.id}/cancel`,
        payload: { reason },
      });
      expect(res.statusCode, JSON.stringify(reason)).toBe(400);
      expect(res.json()).toMatchObject({
        success: false,
        message: 'Debe escribir un mensaje para el paciente',
        errors: { reason: ['Debe escribir un mensaje para el paciente'] },
      });
    }
    const list = await w.c.admin({ method: 'GET', url: `/api/appointments?patient_id=${a.patientId}` });
    expect(list.json().data).toMatchObject([{ id: a.id, status: 'Confirmada', cancellation_reason: null }]);
    expect(await bookedSlots(w, agenda.id)).toBe(1);

    // A message that says something cancels, and is what the patient is told.
    const ok = await w.c.reception({
      method: 'POST',
      url: `/api/appointments/${a.id}/cancel`,
      payload: { reason: '  El doctor no atenderá ese día  ' },
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data).toMatchObject({
      status: 'Cancelada',
      cancellation_reason: 'El doctor no atenderá ese día',
    });
    expect(await bookedSlots(w, agenda.id)).toBe(0);
  });
});

// Issue 15 leftover: PUT /appointments/{id} to Cancelada with a blank reason took the default reason silently.
describe('PUT /appointments/{id} to Cancelada with a blank reason', () => {
  it('is 400 with the cancel message; left out, the default reason; a blank reason never replaces one', async () => {
    const agenda = await createAgenda(w, { date: nextWeekday(3, 3) });
    const a = await book(w, agenda, '09:00');
    const put = (payload: Record<string, unknown>) =>
      w.c.reception({ method: 'PUT', url: `/api/appointments/${a.id}`, payload });

    for (const blank of [
      { cancellation_reason: '' },
      { cancellation_reason: '   ' },
      { cancel_reason: '\n' },
    ]) {
      const res = await put({ status: 'Cancelada', ...blank });
      expect(res.statusCode, JSON.stringify(blank)).toBe(400);
      expect(res.json()).toMatchObject({
        success: false,
        message: 'Debe escribir un mensaje para el paciente',
        errors: { cancellation_reason: ['Debe escribir un mensaje para el paciente'] },
      });
    }
    const list = await w.c.admin({ method: 'GET', url: `/api/appointments?patient_id=${a.patientId}` });
    expect(list.json().data).toMatchObject([{ id: a.id, status: 'Confirmada', cancellation_reason: null }]);
    expect(await bookedSlots(w, agenda.id)).toBe(1);

    // No reason at all: the spec's default (the cancel action's own words).
    const cancelled = await put({ status: 'Cancelada' });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().data).toMatchObject({
      status: 'Cancelada',
      cancellation_reason: 'Cita cancelada por el administrativo',
    });
    expect(await bookedSlots(w, agenda.id)).toBe(0);

    // On a cancelled appointment a blank reason does not wipe the one it has; a real one replaces it.
    expect((await put({ cancellation_reason: '  ' })).statusCode).toBe(400);
    const edited = await put({ cancellation_reason: 'Paciente hospitalizado' });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().data.cancellation_reason).toBe('Paciente hospitalizado');
  });
});
