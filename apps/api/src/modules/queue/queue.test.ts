import { beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { auditLog } from '../../db/schema/system';
import type { TestApp } from '../../test/helpers';
import { addDays } from '@ips/shared/scheduling/calendar-days';
import {
  bookedSlots,
  newPatient,
  nextWeekday,
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

/** Each test works in Pediatría or Medicina General; clear the queue between them through the API. */
async function clearQueue() {
  const res = await w.c.admin({ method: 'GET', url: '/api/queue?limit=1000' });
  for (const e of res.json().data as { id: number }[])
    await w.c.admin({ method: 'DELETE', url: `/api/queue/${e.id}` });
}

describe('queue order and the waiting list', () => {
  it('serves Urgente, Alta, Normal, Baja, then arrival; positions and estimates per specialty', async () => {
    await clearQueue();
    const normal1 = await enqueue(w, { priority_level: 'Normal' });
    const baja = await enqueue(w, { priority_level: 'low' });
    const urgente = await enqueue(w, { priority_level: 'Urgente' });
    const normal2 = await enqueue(w, { priority_level: 'Normal' });
    const alta = await enqueue(w, { priority_level: 'Alta' });
    const ped = await enqueue(w, { specialty_id: w.pediatricsId, priority_level: 'Baja' });
    expect(await waitingIds(w)).toEqual([urgente.id, alta.id, normal1.id, normal2.id, baja.id]);

    // Waiting patients are booked with nobody yet: not a doctor's to read (decision 020).
    expect((await w.c.doctor({ method: 'GET', url: '/api/appointments/waiting-list' })).statusCode).toBe(403);
    const res = await w.c.reception({ method: 'GET', url: '/api/appointments/waiting-list' });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.stats.total_patients_waiting).toBe(6);
    expect(body.stats.by_priority).toEqual({ Urgente: 1, Alta: 1, Normal: 2, Baja: 2 });
    const general = body.data.find((g: { specialty_id: number }) => g.specialty_id === w.generalId);
    expect(general.total_waiting).toBe(5);
    expect(general.patients.map((p: { queue_position: number }) => p.queue_position)).toEqual([
      1, 2, 3, 4, 5,
    ]);
    expect(general.patients[1]).toMatchObject({
      id: alta.id,
      priority_level: 'Alta',
      estimated_wait_minutes: 30,
      call_type: 'normal',
      reason: 'Dolor de cabeza',
      created_by_name: 'Usuario agent',
      days_waiting: 0,
      high_risk_pregnancy: false,
    });
    const pediatrics = body.data.find((g: { specialty_id: number }) => g.specialty_id === w.pediatricsId);
    expect(pediatrics.patients[0]).toMatchObject({ id: ped.id, queue_position: 1 });

    expect((await w.c.doctor({ method: 'GET', url: '/api/queue/grouped' })).statusCode).toBe(403);
    const grouped = await w.c.reception({ method: 'GET', url: '/api/queue/grouped' });
    expect(grouped.json().data.map((g: { specialty_name: string }) => g.specialty_name)).toEqual([
      'Medicina General',
      'Pediatría',
    ]);
    const overview = await w.c.doctor({ method: 'GET', url: '/api/queue/overview' });
    expect(overview.json().data).toMatchObject({ total_waiting: 6, total_assigned: 0 });
  });

  it('flags patients with an active high-risk pregnancy', async () => {
    await clearQueue();
    const patientId = await newPatient(w, { gender: 'Femenino', birth_date: '1995-03-01' });
    const preg = await w.c.admin({
      method: 'POST',
      url: '/api/pregnancies',
      payload: {
        patient_id: patientId,
        start_date: addDays(today(), -60),
        high_risk: true,
        risk_factors: 'HTA',
      },
    });
    expect(preg.statusCode, preg.body).toBe(201);
    await enqueue(w, { patient_id: patientId });
    await enqueue(w);
    const res = await w.c.agent({ method: 'GET', url: '/api/appointments/waiting-list' });
    const [group] = res.json().data;
    expect(group.patients.map((p: { high_risk_pregnancy: boolean }) => p.high_risk_pregnancy)).toEqual([
      true,
      false,
    ]);
    expect(res.json().stats.high_risk_pregnancies).toBe(1);
  });

  it('a patient waits once per specialty; CUPS can be set and cleared; DELETE takes the entry out', async () => {
    await clearQueue();
    const e = await enqueue(w);
    const again = await w.c.agent({
      method: 'POST',
      url: '/api/queue',
      payload: { patient_id: e.patient_id, specialty_id: w.generalId },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('El paciente ya está en la cola de espera de esta especialidad');

    const cups = await w.c.admin({
      method: 'POST',
      url: '/api/cups',
      payload: { code: 'Z9Q901', name: 'Consulta de prueba' },
    });
    expect(cups.statusCode, cups.body).toBe(201);
    const set = await w.c.agent({
      method: 'PATCH',
      url: `/api/appointments/waiting-list/${e.id}/cups`,
      payload: { cups_id: cups.json().data.id },
    });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().data).toMatchObject({ cups_code: 'Z9Q901', cups_name: 'Consulta de prueba' });
    const missing = await w.c.agent({
      method: 'PATCH',
      url: `/api/appointments/waiting-list/${e.id}/cups`,
      payload: { cups_id: 999999 },
    });
    expect(missing.statusCode).toBe(404);
    const cleared = await w.c.agent({
      method: 'PATCH',
      url: `/api/appointments/waiting-list/${e.id}/cups`,
      payload: { cups_id: null },
    });
    expect(cleared.json().data.cups_id).toBeNull();

    const doctorDelete = await w.c.doctor({
      method: 'DELETE',
      url: `/api/appointments/waiting-list/${e.id}`,
    });
    expect(doctorDelete.statusCode).toBe(403);
    const del = await w.c.agent({ method: 'DELETE', url: `/api/appointments/waiting-list/${e.id}` });
    expect(del.statusCode, del.body).toBe(200);
    expect(del.json().data).toMatchObject({
      status: 'cancelled',
      outcome: 'Retirado de la cola',
      position: null,
    });
    const twice = await w.c.agent({ method: 'DELETE', url: `/api/queue/${e.id}` });
    expect(twice.statusCode).toBe(409);
    const audit = await t.app.deps.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.tableName, 'queue_entries'), eq(auditLog.recordId, String(e.id))))
      .orderBy(auditLog.id);
    expect(audit.map((a) => a.action)).toEqual(['enqueue', 'update', 'update', 'remove']);
  });
});

describe('POST /appointments/waiting-list/assign', () => {
  it('books a Confirmada appointment and takes the entry out, in one transaction', async () => {
    await clearQueue();
    const agenda = await agendaFor(w, { capacity: 2 });
    const e = await enqueue(w, { priority_level: 'Alta' });
    const options = await w.c.agent({
      method: 'GET',
      url: `/api/availabilities/available-by-specialty/${w.generalId}`,
    });
    expect(options.statusCode, options.body).toBe(200);
    expect(options.json().data.available_agendas.map((a: { id: number }) => a.id)).toContain(agenda.id);

    const res = await w.c.agent({
      method: 'POST',
      url: '/api/appointments/waiting-list/assign',
      payload: {
        waiting_list_id: e.id,
        availability_id: agenda.id,
        patient_id: e.patient_id,
        reason: 'Control de tensión',
        priority_level: 'Urgente',
        cups_id: null,
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('¡Cita asignada exitosamente!');
    const { appointment, queue_entry } = res.json().data;
    expect(appointment).toMatchObject({
      status: 'Confirmada',
      patient_id: e.patient_id,
      availability_id: agenda.id,
      reason: 'Control de tensión',
      scheduled_at: `${agenda.date} 08:00:00`,
    });
    expect(queue_entry).toMatchObject({
      status: 'scheduled',
      outcome: 'Cita agendada',
      appointment_id: appointment.id,
      priority_level: 'Urgente',
    });
    expect(await bookedSlots(w, agenda.id)).toBe(1);
    expect(await waitingIds(w)).toEqual([]);
  });

  it('keeps the desired date the patient gave (Fecha deseada por el paciente) on the appointment', async () => {
    await clearQueue();
    // Its own day (a Friday five weeks on), so that it crosses no other test's agenda of the same doctor.
    const agenda = await agendaFor(w, { capacity: 2, doctor_id: w.drB, date: nextWeekday(5, 35) });
    const e = await enqueue(w);
    const bad = await w.c.agent({
      method: 'POST',
      url: '/api/appointments/waiting-list/assign',
      payload: { waiting_list_id: e.id, availability_id: agenda.id, desired_date: '2026-02-30' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('Fecha deseada inválida');
    expect(await waitingIds(w)).toEqual([e.id]);
    const desired = addDays(agenda.date, -3);
    const res = await w.c.agent({
      method: 'POST',
      url: '/api/appointments/waiting-list/assign',
      payload: { waiting_list_id: e.id, availability_id: agenda.id, desired_date: desired },
    });
    expect(res.statusCode, res.body).toBe(200);
    const { appointment } = res.json().data;
    expect(appointment.desired_date).toBe(desired);
    const stored = await t.app.deps.db.execute<{ d: string }>(
      sql`select to_char(desired_date, 'YYYY-MM-DD') as d from appointments where id = ${appointment.id}`,
    );
    expect(stored.rows[0]!.d).toBe(desired);
    // Without one, none is kept.
    const other = await enqueue(w);
    const plain = await w.c.agent({
      method: 'POST',
      url: '/api/appointments/waiting-list/assign',
      payload: { waiting_list_id: other.id, availability_id: agenda.id, desired_date: '' },
    });
    expect(plain.statusCode, plain.body).toBe(200);
    expect(plain.json().data.appointment.desired_date).toBeNull();
  });

  it('a full agenda answers 409 and the entry stays waiting, untouched', async () => {
    await clearQueue();
    const agenda = await agendaFor(w, { capacity: 1, doctor_id: w.drB });
    const first = await enqueue(w);
    const second = await enqueue(w, { priority_level: 'Normal' });
    const ok = await w.c.agent({
      method: 'POST',
      url: '/api/appointments/waiting-list/assign',
      payload: { waiting_list_id: first.id, availability_id: agenda.id },
    });
    expect(ok.statusCode, ok.body).toBe(200);
    const full = await w.c.agent({
      method: 'POST',
      url: '/api/appointments/waiting-list/assign',
      payload: { waiting_list_id: second.id, availability_id: agenda.id, priority_level: 'Urgente' },
    });
    expect(full.statusCode).toBe(409);
    expect(full.json().message).toBe('No hay cupos disponibles en esta agenda');
    const after = await w.c.agent({ method: 'GET', url: `/api/queue?specialty_id=${w.generalId}` });
    expect(after.json().data).toEqual([
      expect.objectContaining({ id: second.id, status: 'waiting', priority_level: 'Normal', position: 1 }),
    ]);
    expect(await bookedSlots(w, agenda.id)).toBe(1);
    const options = await w.c.agent({
      method: 'GET',
      url: `/api/availabilities/available-by-specialty/${w.generalId}?doctor_id=${w.drB}`,
    });
    expect(options.json().data.available_agendas.map((a: { id: number }) => a.id)).not.toContain(agenda.id);
  });

  it('refuses an agenda of another specialty and a patient that is not the entry’s', async () => {
    await clearQueue();
    const ped = await agendaFor(w, { specialty_id: w.pediatricsId, doctor_id: w.drPed });
    const e = await enqueue(w);
    const wrong = await w.c.agent({
      method: 'POST',
      url: '/api/appointments/waiting-list/assign',
      payload: { waiting_list_id: e.id, availability_id: ped.id },
    });
    expect(wrong.statusCode).toBe(409);
    expect(wrong.json().message).toBe('La agenda no es de la especialidad de la entrada');
    const other = await w.c.agent({
      method: 'POST',
      url: '/api/appointments/waiting-list/assign',
      payload: { waiting_list_id: e.id, availability_id: ped.id, patient_id: e.patient_id + 1000 },
    });
    expect(other.statusCode).toBe(409);
    const missing = await w.c.agent({
      method: 'POST',
      url: '/api/appointments/waiting-list/assign',
      payload: { availability_id: ped.id },
    });
    expect(missing.statusCode).toBe(400);
    expect(await waitingIds(w)).toEqual([e.id]);
  });
});

describe('working the queue', () => {
  it('assign, next, schedule with a call log, and the roles', async () => {
    await clearQueue();
    const a = await enqueue(w, { priority_level: 'Normal' });
    const b = await enqueue(w, { priority_level: 'Alta' });

    const doctorTake = await w.c.doctor({ method: 'POST', url: `/api/queue/${a.id}/assign`, payload: {} });
    expect(doctorTake.statusCode).toBe(403);
    const taken = await w.c.agent({ method: 'POST', url: `/api/queue/${a.id}/assign` });
    expect(taken.statusCode, taken.body).toBe(200);
    expect(taken.json().data).toMatchObject({ status: 'assigned', assigned_user_name: 'Usuario agent' });
    const stolen = await w.c.reception({ method: 'POST', url: `/api/queue/${a.id}/assign`, payload: {} });
    expect(stolen.statusCode).toBe(409);
    expect(stolen.json().message).toBe('Otro agente ya tomó a este paciente');
    const handOver = await w.c.agent({
      method: 'POST',
      url: `/api/queue/${a.id}/assign`,
      payload: { user_id: t.users.reception.id },
    });
    expect(handOver.statusCode).toBe(403);
    const bySupervisor = await w.c.supervisor({
      method: 'POST',
      url: `/api/queue/${a.id}/assign`,
      payload: { user_id: t.users.reception.id },
    });
    expect(bySupervisor.json().data.assigned_user_id).toBe(t.users.reception.id);

    const next = await w.c.agent({
      method: 'POST',
      url: '/api/queue/next',
      payload: { specialty_id: w.generalId },
    });
    expect(next.statusCode, next.body).toBe(200);
    expect(next.json().data).toMatchObject({
      id: b.id,
      status: 'assigned',
      assigned_user_id: t.users.agent.id,
    });
    const none = await w.c.agent({
      method: 'POST',
      url: '/api/queue/next',
      payload: { specialty_id: w.generalId },
    });
    expect(none.json()).toMatchObject({ data: null, message: 'No hay pacientes en espera' });

    const scheduled = await w.c.agent({
      method: 'POST',
      url: `/api/queue/${b.id}/schedule`,
      payload: { request_call: true },
    });
    expect(scheduled.statusCode, scheduled.body).toBe(200);
    const data = scheduled.json().data;
    expect(data.queue_entry).toMatchObject({ status: 'scheduled', outcome: 'Cita agendada' });
    expect(data.appointment).toBeNull();
    const logs = await w.c.reception({ method: 'GET', url: `/api/call-logs?patient_id=${b.patient_id}` });
    expect(logs.statusCode, logs.body).toBe(200);
    const byId = new Map(logs.json().data.map((l: { id: number }) => [l.id, l]));
    expect(byId.get(data.call_log_id)).toMatchObject({
      call_type: 'queue_schedule',
      status: 'completed',
      outcome: 'Cita agendada',
      user_name: 'Usuario agent',
      queue_id: b.id,
    });
    const pending = byId.get(data.outbound_call_id) as Record<string, unknown>;
    expect(pending).toMatchObject({
      direction: 'outbound',
      channel: 'ai_voice',
      call_type: 'automated_outreach',
      status: 'pending',
      started_at: null,
      ended_at: null,
    });
    expect(pending.explanation).toContain('Medicina General');
    expect(pending.explanation).toContain('Dolor de cabeza');
    expect(pending.explanation).not.toMatch(/24 horas/);
  });

  it('schedule with an agenda books in the same transaction; a full agenda is 409 and the entry stays', async () => {
    await clearQueue();
    const agenda = await agendaFor(w, { capacity: 1, date: addDays(today(), 9) });
    const a = await enqueue(w);
    const b = await enqueue(w);
    const booked = await w.c.agent({
      method: 'POST',
      url: `/api/queue/${a.id}/schedule`,
      payload: { availability_id: agenda.id, outcome: 'Agendada por teléfono' },
    });
    expect(booked.statusCode, booked.body).toBe(200);
    expect(booked.json().data.appointment).toMatchObject({
      status: 'Confirmada',
      availability_id: agenda.id,
    });
    expect(booked.json().data.queue_entry.outcome).toBe('Agendada por teléfono');
    const full = await w.c.agent({
      method: 'POST',
      url: `/api/queue/${b.id}/schedule`,
      payload: { availability_id: agenda.id },
    });
    expect(full.statusCode).toBe(409);
    expect(await waitingIds(w)).toEqual([b.id]);
    const logs = await w.c.agent({ method: 'GET', url: `/api/call-logs?queue_id=${b.id}` });
    expect(logs.json().total).toBe(0);
  });

  it('requests automated calls for a whole specialty: dry run previews, then pending logs, no duplicates', async () => {
    await clearQueue();
    const a = await enqueue(w);
    const b = await enqueue(w, { specialty_id: w.generalId, priority_level: 'Urgente' });
    const preview = await w.c.agent({
      method: 'POST',
      url: '/api/queue/outbound-calls',
      payload: { specialty_id: w.generalId, dry_run: true },
    });
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json().data).toMatchObject({ dry_run: true, requested: 0 });
    expect(preview.json().data.calls.map((c: { queue_id: number }) => c.queue_id)).toEqual([b.id, a.id]);
    expect(preview.json().data.calls[0].explanation).toContain('en la posición 1');

    const real = await w.c.agent({
      method: 'POST',
      url: '/api/queue/outbound-calls',
      payload: { specialty_id: w.generalId },
    });
    expect(real.json().data.requested).toBe(2);
    const again = await w.c.agent({
      method: 'POST',
      url: '/api/queue/outbound-calls',
      payload: { queue_ids: [a.id] },
    });
    expect(again.json().data).toMatchObject({
      requested: 0,
      skipped: [{ queue_id: a.id, reason: 'Ya tiene una llamada automática pendiente' }],
    });
    const overview = await w.c.doctor({ method: 'GET', url: '/api/queue/overview' });
    expect(overview.json().data.pending_outbound_calls).toBeGreaterThanOrEqual(2);
    const empty = await w.c.agent({ method: 'POST', url: '/api/queue/outbound-calls', payload: {} });
    expect(empty.statusCode).toBe(400);
  });
});

describe('GET /availabilities/available-by-specialty', () => {
  it('does not offer an agenda whose times are all held, though slots are left', async () => {
    await clearQueue();
    const date = nextWeekday(4);
    const agenda = await agendaFor(w, {
      doctor_id: w.drB,
      date,
      start_time: '14:00',
      end_time: '15:00',
      capacity: 2,
    });
    const listed = async () => {
      const res = await w.c.agent({
        method: 'GET',
        url: `/api/availabilities/available-by-specialty/${w.generalId}?doctor_id=${w.drB}&start_date=${date}&end_date=${date}`,
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data.available_agendas.map((a: { id: number }) => a.id);
    };
    expect(await listed()).toContain(agenda.id);
    // Pendiente appointments hold the doctor's time without taking a slot of the agenda.
    for (const time of ['14:00', '14:30']) {
      const res = await w.c.agent({
        method: 'POST',
        url: '/api/appointments',
        payload: {
          patient_id: await newPatient(w),
          specialty_id: w.generalId,
          doctor_id: w.drB,
          location_id: w.northId,
          scheduled_at: `${date} ${time}:00`,
          duration_minutes: 30,
          manual: true,
        },
      });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json().data.status).toBe('Pendiente');
    }
    expect(await bookedSlots(w, agenda.id)).toBe(0);
    expect(await listed()).not.toContain(agenda.id);
  });
});
