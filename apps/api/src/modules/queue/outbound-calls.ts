import { AppError } from '@ips/shared/errors';
import { formatDate, formatLongDate, formatTime } from '@ips/shared/format';
import type { AppointmentDto } from '@ips/shared/schemas/appointments';
import type { OutboundCallsBody, OutboundCallsResponse, QueueItemDto } from '@ips/shared/schemas/queue';
import { QUEUE_MESSAGES } from '@ips/shared/schemas/queue';
import type { Executor } from '../../db/client';
import type { Actor, AppDeps } from '../../lib/context';
import * as callRepo from '../call-logs';
import { recordCallLog } from '../call-logs';
import { readMany } from '../settings';
import { listItems } from './items-repo';

/*
 * Automated outbound calls requested from the queue (spec part 1 §2 group scheduling dialog, §8 'No se
 * pudieron completar todas las llamadas'). Each request is a pending outbound call log with the text the voice
 * agent will say, built from the entry's data with the template below; the voice-agent integration that
 * dials them comes with the call-center issue. Nothing here claims a call was made or promises a contact time.
 */

/** The explanation a call gives the patient, from the queue entry (and the appointment, when one was booked). */
export function explanationText(
  item: Pick<
    QueueItemDto,
    'patient_name' | 'specialty_name' | 'priority_level' | 'reason' | 'cups_code' | 'cups_name' | 'created_at'
  > & { position: number | null },
  orgName: string,
  tz: string,
  appointment?: Pick<AppointmentDto, 'scheduled_at' | 'doctor_name' | 'location_name'> | null,
): string {
  const parts: string[] = [];
  parts.push(`Hola, ${item.patient_name}. Le habla el asistente automático de ${orgName}.`);
  let request = `Le llamamos por su solicitud de cita de ${item.specialty_name}`;
  if (item.cups_code)
    request += ` (procedimiento ${item.cups_code}${item.cups_name ? ` ${item.cups_name}` : ''})`;
  if (item.reason) request += `, motivo: ${item.reason}`;
  parts.push(`${request}.`);
  if (appointment) {
    const at = appointment.scheduled_at.replace(' ', 'T');
    const instant = new Date(`${at}Z`);
    // scheduled_at is already wall-clock text in the organisation's zone: format it as UTC to keep it as is.
    parts.push(
      `Su cita quedó agendada para el ${formatLongDate(instant, 'UTC')} a las ${formatTime(instant, 'UTC')} ` +
        `con ${appointment.doctor_name} en ${appointment.location_name}.`,
    );
  } else {
    let waiting = `Usted está en la lista de espera desde el ${formatDate(item.created_at, tz)} con prioridad ${item.priority_level}`;
    if (item.position) waiting += `, en la posición ${item.position}`;
    parts.push(`${waiting}. Queremos acordar con usted una fecha y hora disponibles.`);
  }
  return parts.join(' ');
}

export async function orgName(db: Executor): Promise<string> {
  const s = await readMany(db, ['org_name']);
  return typeof s.org_name === 'string' && s.org_name ? s.org_name : 'la IPS';
}

/** Records one pending automated call for a queue item. */
export async function requestCall(
  tx: Executor,
  deps: AppDeps,
  actor: Actor,
  item: QueueItemDto,
  explanation: string,
) {
  return recordCallLog(tx, deps, actor, {
    patientId: item.patient_id,
    specialtyId: item.specialty_id,
    queueId: item.id,
    appointmentId: item.appointment_id,
    userId: actor.userId,
    direction: 'outbound',
    channel: 'ai_voice',
    callType: 'automated_outreach',
    status: 'pending',
    explanation,
  });
}

/**
 * POST /queue/outbound-calls: pending automated calls for the given entries or a specialty's active ones.
 * A patient without a phone, or with an automated call already pending, is skipped and reported.
 */
export async function requestOutboundCalls(
  deps: AppDeps,
  actor: Actor,
  body: OutboundCallsBody,
): Promise<OutboundCallsResponse['data']> {
  const tz = deps.config.orgTimezone;
  return deps.db.transaction(async (tx) => {
    const { items } = await listItems(
      tx,
      body.queue_ids?.length
        ? { ids: body.queue_ids, status: 'active' }
        : { specialtyId: body.specialty_id!, status: 'active' },
      tz,
    );
    if (items.length === 0) throw new AppError('NOT_FOUND', QUEUE_MESSAGES.noCallTargets);
    const org = await orgName(tx);
    const calls: OutboundCallsResponse['data']['calls'] = [];
    const skipped: OutboundCallsResponse['data']['skipped'] = [];
    const seen = new Set<number>();
    for (const item of items) {
      if (!item.patient_phone) {
        skipped.push({ queue_id: item.id, reason: 'El paciente no tiene teléfono registrado' });
        continue;
      }
      if (seen.has(item.patient_id) || (await callRepo.hasPendingAutomated(tx, item.patient_id))) {
        skipped.push({ queue_id: item.id, reason: 'Ya tiene una llamada automática pendiente' });
        continue;
      }
      seen.add(item.patient_id);
      const explanation = body.message ?? explanationText(item, org, tz);
      const log = body.dry_run ? null : await requestCall(tx, deps, actor, item, explanation);
      calls.push({
        queue_id: item.id,
        patient_id: item.patient_id,
        patient_name: item.patient_name,
        patient_phone: item.patient_phone,
        explanation,
        call_log_id: log?.id ?? null,
      });
    }
    return { dry_run: body.dry_run, requested: body.dry_run ? 0 : calls.length, skipped, calls };
  });
}
