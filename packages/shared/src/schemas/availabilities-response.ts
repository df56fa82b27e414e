import { z } from 'zod';
import { refId } from './resources-common';
import { AGENDA_STATUSES, filterId, filterOf, optionalDay } from './availabilities';

/** Answers of the /availabilities routes (spec part 1 §3 "Availability", "Reassignment candidate", exports). */

export const availabilityDto = z.object({
  id: z.number(),
  location_id: z.number(),
  location_name: z.string(),
  specialty_id: z.number(),
  specialty_name: z.string(),
  doctor_id: z.number(),
  doctor_name: z.string(),
  date: z.string(),
  start_time: z.string(),
  end_time: z.string(),
  capacity: z.number(),
  booked_slots: z.number(),
  available_slots: z.number(),
  /**
   * Completada appointments (attended: they no longer hold a slot, booked_slots counts the Confirmada ones), so
   * a past day's occupancy can be read. Only in the GET /availabilities list.
   */
  completed_slots: z.number().optional(),
  duration_minutes: z.number(),
  status: z.enum(AGENDA_STATUSES),
  notes: z.string().nullable(),
  auto_preallocate: z.boolean(),
  preallocation_publish_date: z.string().nullable(),
  auto_distribute: z.boolean(),
  distribution_start_date: z.string().nullable(),
  distribution_end_date: z.string().nullable(),
  exclude_weekends: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type AvailabilityDto = z.infer<typeof availabilityDto>;

/** A booked patient as the details and day-detail dialogs list them. */
export const agendaAppointmentDto = z.object({
  id: z.number(),
  patient_id: z.number(),
  patient_name: z.string(),
  patient_document: z.string(),
  patient_phone: z.string().nullable(),
  status: z.string(),
  scheduled_at: z.string(),
  /** 'HH:mm' in the organisation's timezone. */
  time: z.string(),
  duration_minutes: z.number(),
  reason: z.string().nullable(),
  notes: z.string().nullable(),
  appointment_type: z.string(),
});
export type AgendaAppointmentDto = z.infer<typeof agendaAppointmentDto>;

export const availabilityDetailDto = availabilityDto.extend({
  appointments: z.array(agendaAppointmentDto),
  /** Occupied quota as the spec defines it: the Confirmada appointments. */
  confirmed_count: z.number(),
  /** False when booked_slots drifted from confirmed_count; the screen then calls sync-slots. */
  slots_in_sync: z.boolean(),
});
export type AvailabilityDetailDto = z.infer<typeof availabilityDetailDto>;

export const reassignmentCandidateDto = z.object({
  id: z.number(),
  doctor_id: z.number(),
  doctor_name: z.string(),
  location_id: z.number(),
  location_name: z.string(),
  specialty_id: z.number(),
  specialty_name: z.string(),
  date: z.string(),
  start_time: z.string(),
  end_time: z.string(),
  capacity: z.number(),
  booked_slots: z.number(),
  available_slots: z.number(),
});

export const reassignAppointmentBody = z.object({
  appointment_id: refId('Debe seleccionar una cita'),
  new_availability_id: refId('Debe seleccionar una agenda de destino'),
});
export type ReassignAppointmentBody = z.infer<typeof reassignAppointmentBody>;

const nameOption = z.object({ id: z.number(), name: z.string() });
export const smartOptionsQuery = z.object({
  date: filterOf(optionalDay),
  specialty_id: filterId('Especialidad inválida'),
  location_id: filterId('Ubicación inválida'),
  doctor_id: filterId('Doctor inválido'),
});
export const smartOptionsDto = z.object({
  specialties: z.array(nameOption),
  locations: z.array(nameOption),
  doctors: z.array(
    nameOption.extend({
      specialty_ids: z.array(z.number()),
      location_ids: z.array(z.number()),
      /** The doctor's non-cancelled agendas on the queried date, so the form can avoid an overlap. */
      agendas_on_date: z.array(z.object({ id: z.number(), start_time: z.string(), end_time: z.string() })),
    }),
  ),
});
export type SmartOptionsDto = z.infer<typeof smartOptionsDto>;

export const filterOptionsDto = z.object({
  doctors: z.array(nameOption),
  specialties: z.array(nameOption),
  locations: z.array(nameOption),
  statuses: z.array(z.string()),
});

export const dailyExportQuery = z.object({ date: filterOf(optionalDay) });
export const dailyExportAppointmentDto = z.object({
  id: z.number(),
  /** The agenda the appointment belongs to (null for one booked outside an agenda): one agenda's export. */
  availability_id: z.number().nullable(),
  scheduled_at: z.string(),
  patient_name: z.string(),
  age: z.number().nullable(),
  patient_document: z.string(),
  patient_eps: z.string().nullable(),
  patient_phone: z.string().nullable(),
  patient_email: z.string().nullable(),
  reason: z.string().nullable(),
  status: z.string(),
  duration_minutes: z.number(),
});
export const dailyExportDoctorDto = z.object({
  date: z.string(),
  doctor_id: z.number(),
  doctor_name: z.string(),
  specialty_name: z.string(),
  location_name: z.string(),
  room: z.string().nullable(),
  start_time: z.string(),
  end_time: z.string(),
  availability_ids: z.array(z.number()),
  appointments: z.array(dailyExportAppointmentDto),
});
export type DailyExportDoctorDto = z.infer<typeof dailyExportDoctorDto>;

export const expiredQuery = z.object({ date: filterOf(optionalDay) });
/** Without a body: every expired agenda, appointments as the settings say. */
export const autoCancelBody = z.preprocess(
  (v) => v ?? {},
  z.object({
    availability_ids: z.array(refId('Agenda inválida')).max(1000, 'Demasiadas agendas').optional(),
    also_appointments: z.boolean({ error: 'Use true o false' }).optional(),
  }),
);
export type AutoCancelBody = z.infer<typeof autoCancelBody>;
export const autoCancelResultDto = z.object({
  cancelled: z.number(),
  appointments_cancelled: z.number(),
  availability_ids: z.array(z.number()),
  skipped_ids: z.array(z.number()),
});
export const autoCancelLogDto = z.object({
  id: z.number(),
  availability_id: z.number().nullable(),
  date: z.string(),
  doctor_name: z.string(),
  specialty_name: z.string(),
  location_name: z.string(),
  start_time: z.string(),
  end_time: z.string(),
  appointments_cancelled: z.number(),
  trigger: z.string(),
  user_id: z.number().nullable(),
  created_at: z.string(),
});
