import { sql } from 'drizzle-orm';
import { book, createAgenda, type World } from './world';

/** Helpers of the billing tests (not a test file itself). */

export async function createService(w: World, name: string, basePrice: number, currency = 'COP') {
  const res = await w.c.admin({
    method: 'POST',
    url: '/api/services',
    payload: { name, base_price: basePrice, currency },
  });
  if (res.statusCode !== 201) throw new Error(`service → ${res.statusCode} ${res.body}`);
  return res.json().data.id as number;
}

// Per world: test files may share one process (Vitest's isolate: false), each with its own database.
const agendasOf = new WeakMap<
  World,
  Map<number, { id: number; date: string; doctor_id: number; next: number }>
>();
/** A Confirmada appointment of the doctor (one agenda per doctor, each call the next half hour). */
export async function confirmedAppointment(w: World, doctorId = w.drA) {
  let agendas = agendasOf.get(w);
  if (!agendas) agendasOf.set(w, (agendas = new Map()));
  let agenda = agendas.get(doctorId);
  if (!agenda) {
    const specialtyId = doctorId === w.drPed ? w.pediatricsId : w.generalId;
    const a = await createAgenda(w, {
      doctor_id: doctorId,
      specialty_id: specialtyId,
      start_time: '06:00',
      end_time: '20:00',
      capacity: 28,
    });
    agenda = { id: a.id, date: a.date, doctor_id: doctorId, next: 0 };
    agendas.set(doctorId, agenda);
  }
  const slot = agenda.next++;
  const time = `${String(6 + Math.floor(slot / 2)).padStart(2, '0')}:${slot % 2 ? '30' : '00'}`;
  const row = await book(w, agenda, time, {
    doctorId,
    specialtyId: doctorId === w.drPed ? w.pediatricsId : w.generalId,
  });
  return row.id;
}

/** PUT /appointments/{id} {status: Completada} (with the service chosen at attendance, when given). */
export async function complete(w: World, id: number, serviceId?: number) {
  const res = await w.c.reception({
    method: 'PUT',
    url: `/api/appointments/${id}`,
    payload: { status: 'Completada', ...(serviceId ? { service_id: serviceId } : {}) },
  });
  if (res.statusCode !== 200) throw new Error(`complete ${id} → ${res.statusCode} ${res.body}`);
  return res.json().data;
}

export async function billingOf(w: World, appointmentId: number) {
  const res = await w.t.app.deps.db.execute(
    sql`select * from appointment_billing where appointment_id = ${appointmentId}`,
  );
  return res.rows as Record<string, unknown>[];
}
