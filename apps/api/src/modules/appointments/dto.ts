import { ageInYears, localDateTime } from '@ips/shared/format';
import type { AppointmentDto } from '@ips/shared/schemas/appointments';
import type { AppointmentWithNames } from './repo';

/** The API shape of an appointment; times are wall-clock text in the organisation's timezone. */
export function toAppointmentDto(
  row: AppointmentWithNames,
  tz: string,
  now: Date = new Date(),
): AppointmentDto {
  const a = row.a;
  return {
    id: a.id,
    patient_id: a.patientId,
    patient_name: row.patientName,
    patient_document: row.patientDocument,
    patient_phone: row.patientPhone,
    patient_email: row.patientEmail,
    patient_eps: row.patientEps,
    age: row.patientBirthDate ? ageInYears(row.patientBirthDate, now, tz) : null,
    availability_id: a.availabilityId,
    location_id: a.locationId,
    location_name: row.locationName,
    specialty_id: a.specialtyId,
    specialty_name: row.specialtyName,
    doctor_id: a.doctorId,
    doctor_name: row.doctorName,
    scheduled_at: localDateTime(a.scheduledAt, tz),
    ends_at: localDateTime(a.endsAt, tz),
    duration_minutes: a.durationMinutes,
    room_id: a.roomId,
    appointment_type: a.appointmentType,
    status: a.status,
    reason: a.reason,
    notes: a.notes,
    insurance_type: a.insuranceType,
    cancellation_reason: a.cancellationReason,
    cancel_reason: a.cancellationReason,
    manual: a.manual,
    service_id: a.serviceId ?? null,
    desired_date: a.desiredDate ?? null,
    first_visit: a.firstVisit ?? null,
    created_at: a.createdAt.toISOString(),
  };
}

/** What the audit keeps of an appointment: ids, times and status, not the patient's words. */
export function auditView(a: {
  id: number;
  patientId: number;
  availabilityId: number | null;
  doctorId: number;
  scheduledAt: Date;
  durationMinutes: number;
  status: string;
  cancellationReason?: string | null;
}) {
  return {
    id: a.id,
    patient_id: a.patientId,
    availability_id: a.availabilityId,
    doctor_id: a.doctorId,
    scheduled_at: a.scheduledAt.toISOString(),
    duration_minutes: a.durationMinutes,
    status: a.status,
    cancellation_reason: a.cancellationReason ?? null,
  };
}
