import { and, asc, eq, gt, inArray, sql } from 'drizzle-orm';
import { AppError } from '@ips/shared/errors';
import { formatLongDate, formatTime, parseLocalDateTime } from '@ips/shared/format';
import type { Executor } from '../../db/client';
import { appointments } from '../../db/schema/appointments';
import { calls } from '../../db/schema/calls';
import { patients } from '../../db/schema/patients';
import { doctors, locations, specialties } from '../../db/schema/resources';
import { voiceToolResults } from '../../db/schema/voice';
import type { AppDeps } from '../../lib/context';
import { cancelAppointment } from '../appointments';
import { earliestFreeTimes, smartAssign } from '../auto-assignment';
import { createCall } from '../calls';
import { linkProduced } from './consultations-repo';
import { voiceActor } from './process';

/*
 * The voice agent's server tools (issue 18, decision 038). Each answer is a short Spanish sentence the agent
 * reads aloud plus the structured data. Writes go through the same services as the screens (smart assignment,
 * cancellation, the call center), audited with the voice agent as actor.
 */

export interface ToolAnswer {
  message: string;
  data: unknown;
}

const spoken = (at: Date, tz: string) => `el ${formatLongDate(at, tz)} a las ${formatTime(at, tz)}`;

export async function patientByDocument(db: Executor, document: string) {
  const rows = await db
    .select({ id: patients.id, name: patients.name, status: patients.status, phone: patients.phone })
    .from(patients)
    .where(eq(patients.document, document))
    .limit(2);
  return rows.length === 1 ? rows[0]! : null;
}

export async function requirePatient(db: Executor, document: string) {
  const p = await patientByDocument(db, document);
  if (!p) throw new AppError('NOT_FOUND', 'No encontré un paciente con ese documento.');
  return p;
}

/** A specialty by id or by name (accents and case ignored). */
export async function specialtyByName(db: Executor, name: string) {
  const rows = await db
    .select({ id: specialties.id, name: specialties.name })
    .from(specialties)
    .where(
      /^\d+$/.test(name)
        ? eq(specialties.id, Number(name))
        : sql`immutable_unaccent(lower(${specialties.name})) = immutable_unaccent(lower(${name.trim()}))`,
    )
    .limit(1);
  if (!rows[0]) throw new AppError('NOT_FOUND', `No encontré la especialidad ${name}.`);
  return rows[0];
}

async function upcomingOf(db: Executor, patientId: number, limit: number) {
  return db
    .select({
      id: appointments.id,
      scheduledAt: appointments.scheduledAt,
      status: appointments.status,
      doctor: doctors.name,
      specialty: specialties.name,
      location: locations.name,
    })
    .from(appointments)
    .innerJoin(doctors, eq(doctors.id, appointments.doctorId))
    .innerJoin(specialties, eq(specialties.id, appointments.specialtyId))
    .innerJoin(locations, eq(locations.id, appointments.locationId))
    .where(
      and(
        eq(appointments.patientId, patientId),
        gt(appointments.scheduledAt, new Date()),
        inArray(appointments.status, ['Pendiente', 'Confirmada']),
      ),
    )
    .orderBy(asc(appointments.scheduledAt))
    .limit(limit);
}

/** The patient's next appointment as a sentence, for the conversation start. */
export async function nextAppointmentText(deps: AppDeps, patientId: number): Promise<string | null> {
  const [a] = await upcomingOf(deps.db, patientId, 1);
  return a ? `${a.specialty} ${spoken(a.scheduledAt, deps.config.orgTimezone)} con ${a.doctor}` : null;
}

export async function findPatientTool(deps: AppDeps, document: string): Promise<ToolAnswer> {
  const p = await patientByDocument(deps.db, document);
  if (!p) return { message: 'No encontré un paciente con ese documento.', data: { found: false } };
  return {
    message: `Encontré a ${p.name}.`,
    data: { found: true, patient_id: p.id, name: p.name, status: p.status },
  };
}

export async function upcomingTool(deps: AppDeps, document: string): Promise<ToolAnswer> {
  const p = await requirePatient(deps.db, document);
  const rows = await upcomingOf(deps.db, p.id, 5);
  const tz = deps.config.orgTimezone;
  const data = rows.map((a) => ({
    appointment_id: a.id,
    scheduled_at: a.scheduledAt.toISOString(),
    status: a.status,
    doctor: a.doctor,
    specialty: a.specialty,
    location: a.location,
  }));
  if (rows.length === 0) return { message: `${p.name} no tiene citas próximas.`, data };
  const first = rows[0]!;
  return {
    message:
      rows.length === 1
        ? `${p.name} tiene una cita de ${first.specialty} ${spoken(first.scheduledAt, tz)} con ${first.doctor}.`
        : `${p.name} tiene ${rows.length} citas próximas; la primera es de ${first.specialty} ${spoken(first.scheduledAt, tz)}.`,
    data,
  };
}

/**
 * The earliest free times of the specialty in the next 30 days, one per agenda, found by smart assignment's own
 * search (weekdays, the agenda's hours and duration, what is already booked, not before now): the time
 * `book` would take first is the first one read aloud.
 */
export async function freeSlotsTool(deps: AppDeps, specialtyName: string): Promise<ToolAnswer> {
  const s = await specialtyByName(deps.db, specialtyName);
  const times = await earliestFreeTimes(deps, { specialty_id: s.id, search_days_ahead: 30 }, 5);
  const tz = deps.config.orgTimezone;
  const data = times.map((t) => ({
    availability_id: t.availabilityId,
    date: t.date,
    time: t.time,
    duration_minutes: t.durationMinutes,
    doctor: t.doctor,
    location: t.location,
  }));
  if (times.length === 0)
    return { message: `No hay cupos libres de ${s.name}. Puedo anotarlo en la lista de espera.`, data };
  const first = times[0]!;
  const at = parseLocalDateTime(`${first.date} ${first.time}`, tz)!;
  return {
    message: `Hay cupos de ${s.name}; el primero ${spoken(at, tz)} con ${first.doctor} en ${first.location}.`,
    data,
  };
}

/**
 * Books through smart assignment (the earliest free time, or the waiting queue when there is none), once per
 * conversation: a retry of the tool answers what the first call produced. The conversation's advisory lock
 * and the result row make it idempotent; the agenda's conditional UPDATE makes it never overbook.
 */
export async function bookTool(
  deps: AppDeps,
  b: { conversation_id: string; document: string; specialty: string; reason?: string },
): Promise<ToolAnswer> {
  const actor = voiceActor(b.conversation_id);
  const tz = deps.config.orgTimezone;
  return deps.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`voice-book:${b.conversation_id}`}))`);
    const [seen] = await tx
      .select()
      .from(voiceToolResults)
      .where(and(eq(voiceToolResults.conversationId, b.conversation_id), eq(voiceToolResults.tool, 'book')));
    if (seen) return answerFor(tx, tz, seen.appointmentId, seen.queueId, false);
    const p = await requirePatient(tx, b.document);
    const s = await specialtyByName(tx, b.specialty);
    // smart assignment opens its own transaction: on `tx` it is a savepoint of this one.
    const result = await smartAssign({ ...deps, db: tx as unknown as AppDeps['db'] }, actor, {
      patient_id: p.id,
      specialty_id: s.id,
      urgency_level: 'Normal',
      appointment_type: 'Presencial',
      search_days_ahead: 30,
      reason: b.reason ?? 'Solicitada al agente de voz IA',
    } as Parameters<typeof smartAssign>[2]);
    const appointmentId = result.appointment?.id ?? null;
    const queueId = result.queue_entry?.id ?? null;
    await tx
      .insert(voiceToolResults)
      .values({ conversationId: b.conversation_id, tool: 'book', appointmentId, queueId });
    await linkProduced(tx, b.conversation_id, {
      appointmentId: appointmentId ?? undefined,
      queueId: queueId ?? undefined,
    });
    return answerFor(tx, tz, appointmentId, queueId, true);
  });
}

async function answerFor(
  db: Executor,
  tz: string,
  appointmentId: number | null,
  queueId: number | null,
  created: boolean,
): Promise<ToolAnswer> {
  if (appointmentId) {
    const [a] = await db
      .select({ at: appointments.scheduledAt, doctor: doctors.name, location: locations.name })
      .from(appointments)
      .innerJoin(doctors, eq(doctors.id, appointments.doctorId))
      .innerJoin(locations, eq(locations.id, appointments.locationId))
      .where(eq(appointments.id, appointmentId));
    return {
      message: a
        ? `Su cita quedó agendada ${spoken(a.at, tz)} con ${a.doctor} en ${a.location}.`
        : 'Su cita quedó agendada.',
      data: { assignment_type: 'appointment', appointment_id: appointmentId, created },
    };
  }
  return {
    message: 'No hay cupos disponibles; quedó en la lista de espera y le llamaremos.',
    data: { assignment_type: 'queue', queue_id: queueId, created },
  };
}

export async function cancelTool(
  deps: AppDeps,
  b: { conversation_id: string; document: string; appointment_id: number; reason?: string },
): Promise<ToolAnswer> {
  const p = await requirePatient(deps.db, b.document);
  const [a] = await deps.db
    .select({ patientId: appointments.patientId })
    .from(appointments)
    .where(eq(appointments.id, b.appointment_id));
  // Another patient's appointment is not found, as if it did not exist.
  if (!a || a.patientId !== p.id) throw new AppError('NOT_FOUND', 'No encontré esa cita para este paciente.');
  const dto = await cancelAppointment(
    deps,
    voiceActor(b.conversation_id),
    b.appointment_id,
    b.reason ?? 'Cancelada por el paciente con el agente de voz IA',
  );
  return {
    message: 'Su cita quedó cancelada.',
    data: { appointment_id: dto.id, status: dto.status },
  };
}

/**
 * Hands the call to a person: a waiting call in the call center (published on its live channel at once).
 * Idempotent on the conversation: a second hand-over answers the call already waiting.
 */
export async function handOverTool(
  deps: AppDeps,
  transferMessage: string,
  b: {
    conversation_id: string;
    caller_number?: string;
    patient_name?: string;
    document?: string;
    urgent?: boolean;
  },
): Promise<ToolAnswer> {
  const [existing] = await deps.db
    .select({ id: calls.id, status: calls.status })
    .from(calls)
    .where(eq(calls.conversationId, b.conversation_id));
  if (existing)
    return {
      message: transferMessage,
      data: { call_id: existing.id, status: existing.status, created: false },
    };
  const known = b.document ? await patientByDocument(deps.db, b.document) : null;
  const call = await createCall(deps, voiceActor(b.conversation_id), {
    patient_id: known?.id,
    patient_name: b.patient_name ?? known?.name ?? 'Paciente del agente de voz',
    patient_phone: b.caller_number,
    call_type: 'general',
    priority: b.urgent ? 'alta' : 'normal',
    direction: 'inbound',
    conversation_id: b.conversation_id,
  } as Parameters<typeof createCall>[2]);
  return { message: transferMessage, data: { call_id: call.id, status: call.status, created: true } };
}
