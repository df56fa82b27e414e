import { and, desc, eq, or, sql, lt } from 'drizzle-orm';
import type { ConsultationItem, ConsultationOutcome } from '@ips/shared/schemas/consultations';
import type { Executor } from '../../db/client';
import { appointments } from '../../db/schema/appointments';
import { callAudio } from '../../db/schema/calls';
import { patients } from '../../db/schema/patients';
import { queueEntries } from '../../db/schema/queue';
import { doctors, specialties } from '../../db/schema/resources';
import { voiceConsultations as vc } from '../../db/schema/voice';

const columns = {
  c: vc,
  patientName: patients.name,
  patientDocument: patients.document,
};

function select(db: Executor) {
  return db.select(columns).from(vc).leftJoin(patients, eq(patients.id, vc.patientId));
}

type Row = Awaited<ReturnType<ReturnType<typeof select>['execute']>>[number];

function toItem(r: Row): ConsultationItem {
  const c = r.c;
  return {
    id: c.id,
    conversation_id: c.conversationId,
    call_id: c.callId,
    patient_id: c.patientId,
    patient_name: r.patientName,
    patient_document: r.patientDocument,
    caller_number: c.callerNumber,
    direction: c.direction as ConsultationItem['direction'],
    started_at: c.startedAt.toISOString(),
    duration_secs: c.durationSecs,
    outcome: c.outcome as ConsultationOutcome,
    summary: c.summary,
    appointment_id: c.appointmentId,
    queue_id: c.queueId,
  };
}

/** A page, newest first, after the keyset cursor (started_at, id). */
export async function page(db: Executor, size: number, after: { at: Date; id: number } | null) {
  const rows = await select(db)
    .where(
      after
        ? or(lt(vc.startedAt, after.at), and(eq(vc.startedAt, after.at), lt(vc.id, after.id)))
        : undefined,
    )
    .orderBy(desc(vc.startedAt), desc(vc.id))
    .limit(size + 1);
  return {
    items: rows.slice(0, size).map(toItem),
    more: rows.length > size,
    last: rows[size - 1]?.c ?? null,
  };
}

export async function findOne(db: Executor, key: { id?: number; conversationId?: string }) {
  const [row] = await select(db).where(
    key.id !== undefined ? eq(vc.id, key.id) : eq(vc.conversationId, key.conversationId!),
  );
  if (!row) return null;
  const c = row.c;
  const [audio] = c.callId
    ? await db.select({ id: callAudio.callId }).from(callAudio).where(eq(callAudio.callId, c.callId))
    : [];
  const [appointment] = c.appointmentId
    ? await db
        .select({
          id: appointments.id,
          scheduledAt: appointments.scheduledAt,
          status: appointments.status,
          doctorName: doctors.name,
          specialtyName: specialties.name,
        })
        .from(appointments)
        .leftJoin(doctors, eq(doctors.id, appointments.doctorId))
        .leftJoin(specialties, eq(specialties.id, appointments.specialtyId))
        .where(eq(appointments.id, c.appointmentId))
    : [];
  const [queue] = c.queueId
    ? await db
        .select({
          id: queueEntries.id,
          status: queueEntries.status,
          priorityLevel: queueEntries.priorityLevel,
          specialtyName: specialties.name,
        })
        .from(queueEntries)
        .leftJoin(specialties, eq(specialties.id, queueEntries.specialtyId))
        .where(eq(queueEntries.id, c.queueId))
    : [];
  return { item: toItem(row), c, hasAudio: Boolean(audio), appointment, queue };
}

/** Links the consultation of a conversation (if already recorded) to what a tool produced. */
export async function linkProduced(
  db: Executor,
  conversationId: string,
  produced: { appointmentId?: number; queueId?: number },
) {
  await db
    .update(vc)
    .set({
      ...(produced.appointmentId ? { appointmentId: produced.appointmentId } : {}),
      ...(produced.queueId ? { queueId: produced.queueId } : {}),
      updatedAt: sql`now()`,
    })
    .where(eq(vc.conversationId, conversationId));
}
