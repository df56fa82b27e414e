import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { addDays } from '@ips/shared/scheduling/calendar-days';
import { queueSlotOffers } from '../../db/schema/queue';
import { auditLog, settings } from '../../db/schema/system';
import type { TestApp } from '../../test/helpers';
import {
  book,
  bookedSlots,
  insertPastAgenda,
  newPatient,
  today,
  worldFixture,
  type World,
} from '../../test/factories/world';
import { agendaFor, enqueue, waitingIds } from './test-factory';

const ctx = worldFixture();
let t: TestApp;
let w: World;
beforeAll(() => {
  ({ t, w } = ctx);
});

async function setMode(mode: string | null) {
  await t.app.deps.db.delete(settings).where(eq(settings.key, 'queue_freed_slot_action'));
  if (mode) await t.app.deps.db.insert(settings).values({ key: 'queue_freed_slot_action', value: mode });
}

beforeEach(async () => {
  const res = await w.c.admin({ method: 'GET', url: '/api/queue?limit=1000' });
  for (const e of res.json().data as { id: number }[])
    await w.c.admin({ method: 'DELETE', url: `/api/queue/${e.id}` });
});

let day = 3;
/** A future agenda with one booked appointment at 09:00 (a fresh date each time, so doctors never clash). */
async function bookedAgenda() {
  day += 1;
  const date = addDays(today(), day);
  const agenda = await agendaFor(w, { date, capacity: 3 });
  const patient = await newPatient(w, { name: 'Paciente Que Cancela' });
  const res = await w.c.reception({
    method: 'POST',
    url: '/api/appointments',
    payload: { patient_id: patient, availability_id: agenda.id, scheduled_at: `${date} 09:00` },
  });
  expect(res.statusCode, res.body).toBe(201);
  return { agenda, date, appointmentId: res.json().data.id as number, patient };
}

describe('a cancellation offers the freed slot to the next waiting patient', () => {
  it('by default (notify): the first free patient in queue order gets an offer, agents are told, audited', async () => {
    await setMode(null);
    const { agenda, date, appointmentId } = await bookedAgenda();
    const normal = await enqueue(w, { priority_level: 'Normal' });
    const urgentBusy = await enqueue(w, { priority_level: 'Urgente' });
    const alta = await enqueue(w, { priority_level: 'Alta' });
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
    expect(busy.statusCode, busy.body).toBe(201);

    const cancel = await w.c.agent({
      method: 'POST',
      url: `/api/appointments/${appointmentId}/cancel`,
      payload: {},
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(await bookedSlots(w, agenda.id)).toBe(0);

    const offers = await t.app.deps.db
      .select()
      .from(queueSlotOffers)
      .where(eq(queueSlotOffers.freedAppointmentId, appointmentId));
    expect(offers).toHaveLength(1);
    expect(offers[0]).toMatchObject({
      queueEntryId: alta.id,
      availabilityId: agenda.id,
      mode: 'notify',
      status: 'offered',
      appointmentId: null,
    });
    expect(offers[0]!.reason).toContain(`cita #${appointmentId}`);
    expect(offers[0]!.reason).toContain('prioridad Alta');
    const list = await w.c.agent({ method: 'GET', url: `/api/queue?specialty_id=${w.generalId}` });
    const byId = new Map(list.json().data.map((e: { id: number }) => [e.id, e]));
    expect(byId.get(alta.id)).toMatchObject({
      status: 'waiting',
      slot_offer: { availability_id: agenda.id, scheduled_at: `${date} 09:00:00`, mode: 'notify' },
    });
    expect((byId.get(normal.id) as { slot_offer: unknown }).slot_offer).toBeNull();
    const [audit] = await t.app.deps.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.tableName, 'queue_slot_offers'), eq(auditLog.recordId, String(offers[0]!.id))))
      .orderBy(auditLog.id);
    expect(audit).toMatchObject({ tableName: 'queue_slot_offers', action: 'slot-offered' });

    // Assigning the patient into that agenda accepts the offer.
    const assign = await w.c.agent({
      method: 'POST',
      url: '/api/appointments/waiting-list/assign',
      payload: { waiting_list_id: alta.id, availability_id: agenda.id, scheduled_at: `${date} 09:00` },
    });
    expect(assign.statusCode, assign.body).toBe(200);
    const [accepted] = await t.app.deps.db
      .select()
      .from(queueSlotOffers)
      .where(eq(queueSlotOffers.id, offers[0]!.id));
    expect(accepted).toMatchObject({ status: 'accepted', appointmentId: assign.json().data.appointment.id });
  });

  it('a notify offer is withdrawn from the queue while someone else holds that time', async () => {
    await setMode('notify');
    const { agenda, date, appointmentId } = await bookedAgenda();
    const waiting = await enqueue(w, { priority_level: 'Alta' });
    await w.c.agent({ method: 'POST', url: `/api/appointments/${appointmentId}/cancel`, payload: {} });
    const offerOf = async () =>
      (await w.c.agent({ method: 'GET', url: `/api/queue?specialty_id=${w.generalId}` }))
        .json()
        .data.find((e: { id: number }) => e.id === waiting.id).slot_offer;
    expect(await offerOf()).toMatchObject({ availability_id: agenda.id, scheduled_at: `${date} 09:00:00` });

    // Another agent books 09:00 for a walk-in patient: the notice no longer stands.
    const walkIn = await newPatient(w, { name: 'Paciente Sin Cita Previa' });
    const taken = await w.c.reception({
      method: 'POST',
      url: '/api/appointments',
      payload: { patient_id: walkIn, availability_id: agenda.id, scheduled_at: `${date} 09:00` },
    });
    expect(taken.statusCode, taken.body).toBe(201);
    expect(await offerOf()).toBeNull();

    // When that appointment is cancelled in turn, the slot is free again and the patient's offer stands again.
    await w.c.agent({ method: 'POST', url: `/api/appointments/${taken.json().data.id}/cancel`, payload: {} });
    expect(await offerOf()).toMatchObject({ availability_id: agenda.id, scheduled_at: `${date} 09:00:00` });
    const offers = await t.app.deps.db
      .select()
      .from(queueSlotOffers)
      .where(eq(queueSlotOffers.queueEntryId, waiting.id));
    expect(offers).toHaveLength(1);
  });

  it('auto_assign books the slot for that patient; the same function serves PUT {status: Cancelada}', async () => {
    await setMode('auto_assign');
    const { agenda, date, appointmentId } = await bookedAgenda();
    const first = await enqueue(w, { priority_level: 'Alta', reason: 'Control prenatal' });
    const second = await enqueue(w, { priority_level: 'Normal' });
    const put = await w.c.agent({
      method: 'PUT',
      url: `/api/appointments/${appointmentId}`,
      payload: { status: 'Cancelada' },
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(await bookedSlots(w, agenda.id)).toBe(1);
    const given = await w.c.agent({
      method: 'GET',
      url: `/api/appointments?availability_id=${agenda.id}&status=Confirmada`,
    });
    expect(given.json().data).toMatchObject([
      { patient_id: first.patient_id, scheduled_at: `${date} 09:00:00`, reason: 'Control prenatal' },
    ]);
    expect(await waitingIds(w)).toEqual([second.id]);
    const [offer] = await t.app.deps.db
      .select()
      .from(queueSlotOffers)
      .where(eq(queueSlotOffers.freedAppointmentId, appointmentId));
    expect(offer).toMatchObject({ mode: 'auto_assign', status: 'accepted', queueEntryId: first.id });
  });

  it("'off' does nothing; a past or nobody-waiting slot does nothing", async () => {
    await setMode('off');
    const { appointmentId } = await bookedAgenda();
    await enqueue(w);
    await w.c.agent({ method: 'POST', url: `/api/appointments/${appointmentId}/cancel`, payload: {} });
    const none = await t.app.deps.db
      .select()
      .from(queueSlotOffers)
      .where(eq(queueSlotOffers.freedAppointmentId, appointmentId));
    expect(none).toHaveLength(0);

    await setMode('notify');
    const empty = await bookedAgenda();
    const res = await w.c.agent({ method: 'GET', url: '/api/queue?limit=1000' });
    for (const e of res.json().data as { id: number }[])
      await w.c.admin({ method: 'DELETE', url: `/api/queue/${e.id}` });
    const cancel = await w.c.agent({
      method: 'POST',
      url: `/api/appointments/${empty.appointmentId}/cancel`,
      payload: {},
    });
    expect(cancel.statusCode).toBe(200);
    const nobody = await t.app.deps.db
      .select()
      .from(queueSlotOffers)
      .where(eq(queueSlotOffers.freedAppointmentId, empty.appointmentId));
    expect(nobody).toHaveLength(0);

    // A slot in the past is offered to nobody, even with patients waiting.
    await enqueue(w);
    const past = await insertPastAgenda(w, addDays(today(), -2));
    const old = await book(w, past, '09:00');
    const cancelOld = await w.c.agent({
      method: 'POST',
      url: `/api/appointments/${old.id}/cancel`,
      payload: {},
    });
    expect(cancelOld.statusCode, cancelOld.body).toBe(200);
    const pastOffers = await t.app.deps.db
      .select()
      .from(queueSlotOffers)
      .where(eq(queueSlotOffers.freedAppointmentId, old.id));
    expect(pastOffers).toHaveLength(0);
  });

  it('cancel-and-reassign without auto_assign only offers (notify); the returned patient is never offered their own slot', async () => {
    await setMode('auto_assign');
    const { agenda, appointmentId, patient } = await bookedAgenda();
    const waiting = await enqueue(w);
    const res = await w.c.agent({
      method: 'POST',
      url: '/api/appointments/cancel-and-reassign',
      payload: { appointment_id: appointmentId, auto_assign: false },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      reassignment: { assigned: false },
      next_in_queue: { queue_id: waiting.id },
      queue_entry: { patient_id: patient, call_type: 'reagendar' },
    });
    expect(await bookedSlots(w, agenda.id)).toBe(0);
    const offers = await t.app.deps.db
      .select()
      .from(queueSlotOffers)
      .where(eq(queueSlotOffers.freedAppointmentId, appointmentId));
    expect(offers.map((o) => [o.queueEntryId, o.mode])).toEqual([[waiting.id, 'notify']]);
  });
});
