import { beforeAll, describe, expect, it } from 'vitest';
import {
  book,
  bookedSlots,
  createAgenda,
  nextWeekday,
  worldFixture,
  type World,
} from '../availabilities/test-factory';

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
