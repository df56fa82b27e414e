import { AppError } from '@ips/shared/errors';
import { localDate, localDateTime, parseLocalDateTime, startOfLocalDay } from '@ips/shared/format';
import { addDays, toMinutes } from '@ips/shared/scheduling/calendar-days';
import { suggestNextTime, type BusyRange } from '@ips/shared/scheduling/time-layout';
import type { ReassignAppointmentBody } from '@ips/shared/schemas/availabilities-response';
import { writeAudit } from '../../lib/audit';
import type { Actor, AppDeps } from '../../lib/context';
import { auditView as appointmentAudit, APPOINTMENTS_CHANNEL, releaseSlot, takeSlot } from '../appointments';
import * as appointmentRepo from '../appointments';
import * as repo from './repo';
import { AGENDA_NOT_FOUND, AGENDAS_CHANNEL, canStartAfter, todayIn } from './rules';

/**
 * Other agendas of the same specialty, Activa, from today on, with free capacity (spec §3 "Reassignment
 * candidate"). Today's agendas where no appointment could start any more (the last start has passed) are not
 * offered: choosing one could only fail.
 */
export async function reassignmentCandidates(deps: AppDeps, id: number) {
  const agenda = await repo.findWithNames(deps.db, id);
  if (!agenda) throw new AppError('NOT_FOUND', AGENDA_NOT_FOUND);
  const tz = deps.config.orgTimezone;
  const now = localDateTime(new Date(), tz);
  const today = now.slice(0, 10);
  const nowMinutes = toMinutes(now.slice(11, 16));
  const rows = await repo.list(deps.db, {
    specialtyId: agenda.a.specialtyId,
    status: 'Activa',
    startDate: today,
    withFreeSlots: true,
  });
  return {
    specialty_name: agenda.specialtyName,
    available_agendas: rows
      .filter((r) => r.a.id !== id && canStartAfter(r.a, today, nowMinutes))
      .map((r) => ({
        id: r.a.id,
        doctor_id: r.a.doctorId,
        doctor_name: r.doctorName,
        location_id: r.a.locationId,
        location_name: r.locationName,
        specialty_id: r.a.specialtyId,
        specialty_name: r.specialtyName,
        date: r.a.date,
        start_time: r.a.startTime,
        end_time: r.a.endTime,
        capacity: r.a.capacity,
        booked_slots: r.a.bookedSlots,
        available_slots: Math.max(0, r.a.capacity - r.a.bookedSlots),
      })),
  };
}

/** Minutes after the local midnight of `day` (clamped to the day) for each busy interval. */
function busyMinutes(day: string, tz: string, rows: { scheduledAt: Date; endsAt: Date }[]): BusyRange[] {
  const local = (d: Date) => {
    const text = localDateTime(d, tz);
    if (text.slice(0, 10) < day) return 0;
    if (text.slice(0, 10) > day) return 24 * 60;
    return toMinutes(text.slice(11, 16));
  };
  return rows.map((r) => ({ start: local(r.scheduledAt), end: local(r.endsAt) }));
}

/**
 * Moves a Confirmada appointment to another agenda of its specialty in one transaction: the target's slot is
 * taken first (a full target answers 409 and nothing moves), the source's slot is given back, and the time is
 * the first one free for both the doctor and the patient in the target agenda.
 */
export async function reassignAppointment(deps: AppDeps, actor: Actor, body: ReassignAppointmentBody) {
  const tz = deps.config.orgTimezone;
  return deps.db.transaction(async (tx) => {
    const before = await appointmentRepo.findByIdForUpdate(tx, body.appointment_id);
    if (!before) throw new AppError('NOT_FOUND', 'Cita no encontrada');
    if (before.status !== 'Confirmada')
      throw new AppError('CONFLICT', 'Solo se pueden reasignar citas confirmadas');
    if (before.availabilityId === body.new_availability_id)
      throw new AppError('CONFLICT', 'La cita ya pertenece a la agenda seleccionada');
    const target = await repo.findByIdForUpdate(tx, body.new_availability_id);
    if (!target) throw new AppError('NOT_FOUND', 'Agenda de destino no encontrada');
    if (target.specialtyId !== before.specialtyId)
      throw new AppError('CONFLICT', 'La agenda de destino debe ser de la misma especialidad');
    if (target.date < todayIn(tz))
      throw new AppError('CONFLICT', 'La agenda de destino es de una fecha pasada');

    await takeSlot(tx, target.id);
    if (before.availabilityId) await releaseSlot(tx, before.availabilityId);

    const from = startOfLocalDay(target.date, tz);
    const to = startOfLocalDay(addDays(target.date, 1), tz);
    const busy = busyMinutes(target.date, tz, [
      ...(await appointmentRepo.doctorBusy(tx, target.doctorId, from, to, before.id)),
      ...(await appointmentRepo.patientBusy(tx, before.patientId, from, to, before.id)),
    ]);
    const now = localDateTime(new Date(), tz);
    const notBefore = target.date === localDate(new Date(), tz) ? toMinutes(now.slice(11, 16)) : undefined;
    const time = suggestNextTime(target.startTime, target.endTime, before.durationMinutes, busy, notBefore);
    if (!time)
      throw new AppError(
        'CONFLICT',
        'No hay un horario libre en la agenda de destino para la duración de la cita',
      );
    const start = parseLocalDateTime(`${target.date} ${time}`, tz)!;
    const after = (await appointmentRepo.update(tx, before.id, {
      availabilityId: target.id,
      doctorId: target.doctorId,
      locationId: target.locationId,
      specialtyId: target.specialtyId,
      scheduledAt: start,
      endsAt: new Date(start.getTime() + before.durationMinutes * 60_000),
    }))!;
    await writeAudit(tx, actor, {
      table: 'appointments',
      recordId: before.id,
      action: 'reassign',
      oldValues: appointmentAudit(before),
      newValues: appointmentAudit(after),
    });
    for (const id of [before.availabilityId, target.id])
      if (id) await deps.events.publish(tx, AGENDAS_CHANNEL, 'agenda.updated', { id });
    await deps.events.publish(tx, APPOINTMENTS_CHANNEL, 'appointment.reassigned', { id: before.id });
    const named = (await appointmentRepo.findWithNames(tx, before.id))!;
    return {
      appointment_id: before.id,
      patient_name: named.patientName,
      previous_availability_id: before.availabilityId,
      new_availability_id: target.id,
      scheduled_at: localDateTime(start, tz),
    };
  });
}
