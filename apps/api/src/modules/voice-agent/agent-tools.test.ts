import { beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { appointments } from '../../db/schema/appointments';
import { queueEntries } from '../../db/schema/queue';
import { auditLog } from '../../db/schema/system';
import { buildWorld, createAgenda, nextWeekday, type World } from '../../test/factories/world';
import { createPatient, uniqueDocument } from '../../test/factories/patients';
import {
  TOOL_SECRET,
  conversationId,
  postWebhook,
  settle,
  transcriptionEvent,
  voiceFixture,
} from './test-factory';

const ctx = voiceFixture();
let w: World;
beforeAll(async () => {
  w = await buildWorld(ctx.t);
});

const tool = (path: string, payload: unknown, secret: string | null = TOOL_SECRET) =>
  ctx.t.app.inject({
    method: 'POST',
    url: `/api/integrations/elevenlabs/${path}`,
    payload: payload as object,
    headers: secret === null ? {} : { authorization: `Bearer ${secret}` },
  });

const patient = (fields: Record<string, unknown> = {}) =>
  createPatient(ctx.c.reception, { document: uniqueDocument(), phone: '3001112233', ...fields });

/** Specialties made by these tests, all offered at Sede Norte beside the world's two. */
const ownSpecialties: number[] = [];
/** A specialty of its own with one doctor at Sede Norte, so that no other agenda takes part. */
async function ownSpecialty(name: string, doctor: string, license: string) {
  const spec = await ctx.c.admin({ method: 'POST', url: '/api/specialties', payload: { name } });
  const specialtyId = spec.json().data.id as number;
  const doc = await ctx.c.admin({
    method: 'POST',
    url: '/api/doctors',
    payload: {
      name: doctor,
      license_number: license,
      specialty_ids: [specialtyId],
      location_ids: [w.northId],
    },
  });
  expect(doc.statusCode).toBe(201);
  ownSpecialties.push(specialtyId);
  await ctx.c.admin({
    method: 'PUT',
    url: `/api/locations/${w.northId}`,
    payload: { specialty_ids: [w.generalId, w.pediatricsId, ...ownSpecialties] },
  });
  return { specialtyId, doctorId: doc.json().data.id as number };
}

describe('the agent endpoints are authenticated by the integration secret', () => {
  it('answers 401 without it or with a wrong one, and writes nothing', async () => {
    const before = (await ctx.t.app.deps.db.execute(sql`select count(*)::int as n from audit_log`)).rows[0];
    for (const path of [
      'conversation-start',
      'tools/find-patient',
      'tools/upcoming-appointments',
      'tools/free-slots',
      'tools/book',
      'tools/cancel',
      'tools/waiting-list',
      'tools/hand-over',
    ]) {
      expect((await tool(path, {}, null)).statusCode, path).toBe(401);
      expect((await tool(path, {}, 'secreto-equivocado')).statusCode, path).toBe(401);
    }
    expect((await ctx.t.app.deps.db.execute(sql`select count(*)::int as n from audit_log`)).rows[0]).toEqual(
      before,
    );
  });

  it('answers 400 with a Spanish message to a malformed tool call', async () => {
    const res = await tool('tools/find-patient', { document: '!' });
    expect(res.statusCode).toBe(400);
    expect(res.json().success).toBe(false);
  });
});

describe('conversation start', () => {
  const put = (payload: Record<string, unknown>) =>
    ctx.c.admin({ method: 'PUT', url: '/api/settings', payload });
  const open = {
    ai_enabled: true,
    ai_vacation_mode: false,
    ai_pause_holidays: false,
    ai_start_time: '00:00',
    ai_end_time: '23:59',
    ai_break_start: '',
    ai_break_end: '',
    ai_mon: true,
    ai_tue: true,
    ai_wed: true,
    ai_thu: true,
    ai_fri: true,
    ai_sat: true,
    ai_sun: true,
    ai_message_welcome: 'Bienvenido a la IPS de prueba.',
    ai_message_offline: 'Estamos fuera de horario.',
    ai_message_transfer: 'Le paso con un asesor.',
  };

  it('knows the caller and their next appointment, and greets with the welcome message', async () => {
    expect((await put(open)).statusCode).toBe(200);
    const p = await patient({ name: 'Camila Conocida', phone: '3126667788' });
    const agenda = await createAgenda(w, { date: nextWeekday(2, 21), capacity: 2 });
    const booked = await ctx.c.reception({
      method: 'POST',
      url: '/api/appointments',
      payload: {
        patient_id: p.id,
        availability_id: agenda.id,
        location_id: w.northId,
        specialty_id: w.generalId,
        doctor_id: w.drA,
        status: 'Confirmada',
      },
    });
    expect(booked.statusCode).toBe(201);
    const res = await tool('conversation-start', {
      caller_id: '+573126667788',
      agent_id: 'a',
      call_sid: 'CA1',
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.type).toBe('conversation_initiation_client_data');
    expect(body.dynamic_variables).toMatchObject({
      patient_known: true,
      patient_name: 'Camila Conocida',
      ai_available: true,
      transfer_message: 'Le paso con un asesor.',
    });
    expect(body.dynamic_variables.next_appointment).toContain('Medicina General');
    expect(body.conversation_config_override.agent.first_message).toBe('Bienvenido a la IPS de prueba.');
  });

  it('an unknown number gets no name', async () => {
    const body = (await tool('conversation-start', { caller_id: '+573990000000' })).json();
    expect(body.dynamic_variables).toMatchObject({
      patient_known: false,
      patient_name: '',
      next_appointment: '',
    });
  });

  it('says the offline message in vacation mode, when disabled, and on a day that is not enabled', async () => {
    for (const [change, reason] of [
      [{ ai_vacation_mode: true }, 'vacation'],
      [{ ai_enabled: false }, 'disabled'],
      [
        {
          ai_mon: false,
          ai_tue: false,
          ai_wed: false,
          ai_thu: false,
          ai_fri: false,
          ai_sat: false,
          ai_sun: false,
        },
        'day',
      ],
    ] as const) {
      expect((await put({ ...open, ...change })).statusCode).toBe(200);
      const body = (await tool('conversation-start', { caller_id: '+573990000000' })).json();
      expect(body.dynamic_variables).toMatchObject({ ai_available: false, offline_reason: reason });
      expect(body.conversation_config_override.agent.first_message).toBe('Estamos fuera de horario.');
    }
    expect((await put(open)).statusCode).toBe(200);
  });
});

describe('tools', () => {
  it('finds a patient by document and reads their upcoming appointments', async () => {
    const p = await patient({ name: 'Luis Buscado' });
    const found = (await tool('tools/find-patient', { document: p.document })).json();
    expect(found).toMatchObject({
      success: true,
      message: 'Encontré a Luis Buscado.',
      data: { patient_id: p.id },
    });
    const none = (await tool('tools/find-patient', { document: '99999999999' })).json();
    expect(none.data.found).toBe(false);
    const up = (await tool('tools/upcoming-appointments', { document: p.document })).json();
    expect(up.message).toBe('Luis Buscado no tiene citas próximas.');
  });

  it('books through smart assignment, once per conversation, audited as the voice agent', async () => {
    await createAgenda(w, {
      date: nextWeekday(4, 8),
      capacity: 3,
      specialty_id: w.pediatricsId,
      doctor_id: w.drPed,
    });
    const p = await patient();
    const conv = conversationId();
    const first = await tool('tools/book', {
      conversation_id: conv,
      document: p.document,
      specialty: 'pediatria',
    });
    expect(first.statusCode).toBe(200);
    expect(first.json().data).toMatchObject({ assignment_type: 'appointment', created: true });
    expect(first.json().message).toMatch(/^Su cita quedó agendada el .* con Diana Jaimes en Sede Norte\.$/);
    const again = (
      await tool('tools/book', { conversation_id: conv, document: p.document, specialty: 'Pediatría' })
    ).json();
    expect(again.data).toMatchObject({ appointment_id: first.json().data.appointment_id, created: false });
    const mine = await ctx.t.app.deps.db.select().from(appointments).where(eq(appointments.patientId, p.id));
    expect(mine).toHaveLength(1);
    const [audit] = await ctx.t.app.deps.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.tableName, 'appointments'), eq(auditLog.recordId, String(mine[0]!.id))));
    expect(audit!.requestId).toBe(`Agente de voz IA · ${conv}`);
    // The consultation that follows shows what the conversation produced.
    await postWebhook(ctx, transcriptionEvent(conv));
    await settle(ctx);
    const c = (await ctx.c.agent({ method: 'GET', url: `/api/consultations/elevenlabs/${conv}` })).json()
      .data;
    expect(c.appointment).toMatchObject({ id: mine[0]!.id, specialty_name: 'Pediatría' });
  });

  it('never overbooks: concurrent bookings into few free slots give exactly that many appointments', async () => {
    const date = nextWeekday(5, 9);
    const { specialtyId, doctorId } = await ownSpecialty('Dermatología', 'Dra. Piel', 'RM-9001');
    const agenda = await createAgenda(w, {
      date,
      capacity: 4,
      specialty_id: specialtyId,
      doctor_id: doctorId,
    });
    const people = await Promise.all(Array.from({ length: 16 }, () => patient()));
    const answers = await Promise.all(
      people.map((p) =>
        tool('tools/book', {
          conversation_id: conversationId(),
          document: p.document,
          specialty: 'Dermatología',
        }),
      ),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(people.map(() => 200));
    const kinds = answers.map((a) => a.json().data.assignment_type);
    expect(kinds.filter((k) => k === 'appointment')).toHaveLength(4);
    expect(kinds.filter((k) => k === 'queue')).toHaveLength(12);
    const booked = await ctx.t.app.deps.db
      .select()
      .from(appointments)
      .where(eq(appointments.availabilityId, agenda.id));
    expect(booked).toHaveLength(4);
  });

  it("reads free times the way booking searches them: the first is the time 'book' then takes", async () => {
    const { specialtyId, doctorId } = await ownSpecialty('Neumología', 'Dr. Pulmón', 'RM-9002');
    const none = await tool('tools/free-slots', { specialty: 'neumologia' });
    expect(none.json()).toMatchObject({
      success: true,
      message: 'No hay cupos libres de Neumología. Puedo anotarlo en la lista de espera.',
      data: [],
    });

    const date = nextWeekday(2, 3);
    const agenda = await createAgenda(w, {
      date,
      start_time: '08:00',
      end_time: '10:00',
      capacity: 4,
      duration_minutes: 30,
      specialty_id: specialtyId,
      doctor_id: doctorId,
    });
    // 08:00 is taken: the first free time is 08:30, not the agenda's start.
    const taken = await ctx.c.reception({
      method: 'POST',
      url: '/api/appointments',
      payload: {
        patient_id: (await patient()).id,
        availability_id: agenda.id,
        scheduled_at: `${date} 08:00:00`,
      },
    });
    expect(taken.statusCode, taken.body).toBe(201);

    const free = await tool('tools/free-slots', { specialty: 'Neumología' });
    expect(free.statusCode).toBe(200);
    expect(free.json().data).toEqual([
      {
        availability_id: agenda.id,
        date,
        time: '08:30',
        duration_minutes: 30,
        doctor: 'Dr. Pulmón',
        location: 'Sede Norte',
      },
    ]);
    expect(free.json().message).toMatch(
      /^Hay cupos de Neumología; el primero el .* con Dr\. Pulmón en Sede Norte\.$/,
    );

    const p = await patient();
    const booked = await tool('tools/book', {
      conversation_id: conversationId(),
      document: p.document,
      specialty: 'Neumología',
    });
    const [row] = await ctx.t.app.deps.db
      .select()
      .from(appointments)
      .where(eq(appointments.id, booked.json().data.appointment_id as number));
    expect(row!.availabilityId).toBe(agenda.id);
    const again = await tool('tools/free-slots', { specialty: 'Neumología' });
    expect(again.json().data[0]).toMatchObject({ availability_id: agenda.id, time: '09:00' });
  });

  it("cancels the patient's appointment (the slot is given back) and refuses another patient's", async () => {
    const p = await patient();
    const other = await patient();
    const agenda = await createAgenda(w, { date: nextWeekday(1, 63), capacity: 2 });
    const a = await ctx.c.reception({
      method: 'POST',
      url: '/api/appointments',
      payload: {
        patient_id: p.id,
        availability_id: agenda.id,
        location_id: w.northId,
        specialty_id: w.generalId,
        doctor_id: w.drA,
        status: 'Confirmada',
      },
    });
    const id = a.json().data.id as number;
    const wrong = await tool('tools/cancel', {
      conversation_id: conversationId(),
      document: other.document,
      appointment_id: id,
    });
    expect(wrong.statusCode).toBe(404);
    const res = await tool('tools/cancel', {
      conversation_id: conversationId(),
      document: p.document,
      appointment_id: id,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ message: 'Su cita quedó cancelada.', data: { status: 'Cancelada' } });
    const agendaNow = (await ctx.c.admin({ method: 'GET', url: `/api/availabilities/${agenda.id}` })).json()
      .data;
    expect(agendaNow.booked_slots).toBe(0);
  });

  it('puts the patient on the waiting list once per conversation', async () => {
    const p = await patient();
    const conv = conversationId();
    const res = (
      await tool('tools/waiting-list', {
        conversation_id: conv,
        document: p.document,
        specialty: 'Pediatría',
      })
    ).json();
    expect(res.data.created).toBe(true);
    const again = (
      await tool('tools/waiting-list', {
        conversation_id: conv,
        document: p.document,
        specialty: 'Pediatría',
      })
    ).json();
    expect(again.data).toEqual({ queue_id: res.data.queue_id, created: false });
    const rows = await ctx.t.app.deps.db.select().from(queueEntries).where(eq(queueEntries.patientId, p.id));
    expect(rows).toHaveLength(1);
  });

  it('hands the call over: a waiting call on the call dashboard, with the transfer message', async () => {
    const conv = conversationId();
    const res = await tool('tools/hand-over', {
      conversation_id: conv,
      caller_number: '+573001234567',
      patient_name: 'Ana Espera',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Le paso con un asesor.');
    const waiting = (await ctx.c.agent({ method: 'GET', url: '/api/calls/waiting' })).json().data as {
      patient_name: string;
      status: string;
    }[];
    expect(waiting.some((c) => c.patient_name === 'Ana Espera' && c.status === 'waiting')).toBe(true);
    const again = (await tool('tools/hand-over', { conversation_id: conv })).json();
    expect(again.data).toMatchObject({ call_id: res.json().data.call_id, created: false });
  });
});
