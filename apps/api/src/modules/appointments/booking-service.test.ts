import { beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { appointments } from '../../db/schema/appointments';
import type * as BookingRepo from './booking-repo';
import type { World } from '../../test/factories/world';

/**
 * The fault: the process stops right after the booking's database call returns (a crash, a lost connection), before
 * anything else of the request runs. Whatever that call committed is all the database will ever hold.
 */
const fault = vi.hoisted(() => ({ armed: false }));
vi.mock('./booking-repo', async (importOriginal) => {
  const original = await importOriginal<typeof BookingRepo>();
  return {
    ...original,
    bookAppointment: async (...args: Parameters<typeof original.bookAppointment>) => {
      const result = await original.bookAppointment(...args);
      if (fault.armed) throw new Error('fallo inyectado tras book_appointment');
      return result;
    },
  };
});

// Test files share their worker's modules (isolate: false): an earlier file may have loaded the app with the real
// booking-repo. Forget those modules, so that the app this file builds is loaded anew and takes the mock.
vi.resetModules();
const { bookingFixture } = await import('./booking-test-setup');
const { newPatient } = await import('../../test/factories/world');
const fixture = bookingFixture();
const { agenda, post } = fixture;
let w: World;
let serviceId: number;
beforeAll(async () => {
  ({ w } = fixture.ctx);
  const res = await w.c.admin({
    method: 'POST',
    url: '/api/services',
    payload: { name: 'Consulta prioritaria' },
  });
  serviceId = res.json().data.id as number;
});

const rowsOf = (patientId: number) =>
  fixture.ctx.t.app.deps.db
    .select({ serviceId: appointments.serviceId })
    .from(appointments)
    .where(eq(appointments.patientId, patientId));

describe('a booking with its service (decision 031) is one transaction', () => {
  it('a fault after the booking call finds the appointment with its service, or no appointment', async () => {
    const a = await agenda();
    for (const payload of [
      { availability_id: a.id },
      {
        location_id: w.northId,
        specialty_id: w.generalId,
        doctor_id: w.drA,
        scheduled_at: `${a.date} 14:00:00`,
      },
    ]) {
      const patientId = await newPatient(w);
      fault.armed = true;
      try {
        const res = await post({ patient_id: patientId, service_id: serviceId, ...payload });
        expect(res.statusCode).toBe(500);
      } finally {
        fault.armed = false;
      }
      const rows = await rowsOf(patientId);
      // Both or neither: never an appointment without the service it was booked with.
      expect(rows.filter((r) => r.serviceId !== serviceId)).toEqual([]);
      expect(rows.length).toBeLessThanOrEqual(1);
    }
  });

  it('without a fault the answer and the row carry the service', async () => {
    const a = await agenda();
    const patientId = await newPatient(w);
    const res = await post({ patient_id: patientId, availability_id: a.id, service_id: serviceId });
    expect(res.statusCode).toBe(201);
    expect(res.json().data.service_id).toBe(serviceId);
    expect(await rowsOf(patientId)).toEqual([{ serviceId }]);
  });
});
