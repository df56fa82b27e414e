import { z } from 'zod';
import { desiredDateField } from './analytics';
import { appointmentDto } from './appointments';
import { filterId, filterOf, optionalDay } from './availabilities';
import { reassignmentCandidateDto } from './availabilities-response';
import { ok } from './common';
import { priorityLevel } from './queue-entry';
import { queueItemDto } from './queue';
import { clearableRefId, clearableText, refId, searchText } from './resources-common';

/*
 * The waiting list (spec part 1 §2 "Waiting-list assignment dialog", §3 "Waiting-list assignment" and
 * "Waiting-list export", §7 GET/DELETE /appointments/waiting-list, PATCH …/{id}/cups, POST …/assign). The
 * waiting list is the waiting queue seen from the appointments screens: the same entries, grouped by specialty.
 */

export const WAITING_LIST_MESSAGES = {
  entry: 'Debe seleccionar un paciente de la cola de espera',
  agenda: 'Seleccione una agenda',
  notFound: 'Paciente no encontrado en la cola de espera',
  patientMismatch: 'El paciente no corresponde a la entrada de la cola de espera',
  specialtyMismatch: 'La agenda no es de la especialidad de la entrada',
  assigned: '¡Cita asignada exitosamente!',
  assignFailed: 'No se pudo asignar la cita',
  removed: 'Paciente retirado de la cola de espera',
  cupsUpdated: 'CUPS actualizado',
  cupsNotFound: 'CUPS no encontrado',
  noAgendas: 'No hay agendas disponibles',
  loadingAgendas: 'Cargando agendas disponibles...',
  loadAgendasFailed: 'No se pudieron cargar las agendas disponibles',
} as const;
const M = WAITING_LIST_MESSAGES;

/** GET /appointments/waiting-list filters (all optional). */
export const waitingListQuery = z.object({
  specialty_id: filterId('Especialidad inválida'),
  priority_level: filterOf(priorityLevel),
  /** Patient name or document. */
  q: searchText,
});
export type WaitingListQuery = z.infer<typeof waitingListQuery>;

/** One specialty's waiting patients in queue order (queue_position 1, 2, …): the export's unit. */
export const waitingListGroupDto = z.object({
  specialty_id: z.number(),
  specialty_name: z.string(),
  total_waiting: z.number(),
  patients: z.array(queueItemDto),
});
export type WaitingListGroupDto = z.infer<typeof waitingListGroupDto>;

export const waitingListStats = z.object({
  total_patients_waiting: z.number(),
  total_specialties: z.number(),
  by_priority: z.object({ Urgente: z.number(), Alta: z.number(), Normal: z.number(), Baja: z.number() }),
  high_risk_pregnancies: z.number(),
});
/**
 * The entries still waiting (status waiting or assigned), grouped by specialty (by name); `stats` also at the
 * top level, where the spec's clients read stats.total_patients_waiting.
 */
export const waitingListResponse = ok(z.array(waitingListGroupDto)).extend({ stats: waitingListStats });
export type WaitingListResponse = z.infer<typeof waitingListResponse>;

/** PATCH /appointments/waiting-list/{id}/cups: sets (or clears with null) the entry's CUPS. */
export const waitingListCupsBody = z
  .object({ cups_id: clearableRefId('CUPS inválido') })
  .refine((b) => b.cups_id !== undefined, {
    message: 'Debe indicar el CUPS (null para quitarlo)',
    path: ['cups_id'],
  });
export type WaitingListCupsBody = z.infer<typeof waitingListCupsBody>;

/**
 * POST /appointments/waiting-list/assign (spec §3 "Waiting-list assignment"): in one transaction the entry
 * leaves the queue and a Confirmada appointment is booked in the chosen agenda at its next free time (or
 * scheduled_at). patient_id, when sent, must be the entry's; reason, priority_level and cups_id, when sent,
 * update what the appointment and the entry keep. A full agenda answers 409 and the entry stays waiting.
 */
export const assignFromWaitingListBody = z.object({
  waiting_list_id: refId(M.entry),
  availability_id: refId(M.agenda),
  patient_id: z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    refId('Paciente inválido').optional(),
  ),
  reason: clearableText(500, 'El motivo no puede exceder 500 caracteres'),
  priority_level: z.preprocess((v) => (v === null || v === '' ? undefined : v), priorityLevel.optional()),
  cups_id: z.preprocess((v) => (v === '' || v === 0 ? null : v), clearableRefId('CUPS inválido')),
  scheduled_at: z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    z
      .string()
      .trim()
      .regex(/^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}(:\d{2})?$/, 'Fecha y hora inválidas (AAAA-MM-DD HH:mm:ss)')
      .optional(),
  ),
  notes: clearableText(500, 'Las notas no pueden exceder 500 caracteres'),
  /** 'Fecha deseada por el paciente' (Res. 256; decision 032): kept on the appointment as desired_date. */
  desired_date: desiredDateField,
});
export type AssignFromWaitingListBody = z.infer<typeof assignFromWaitingListBody>;
export type AssignFromWaitingListInput = z.input<typeof assignFromWaitingListBody>;
export const assignFromWaitingListResponse = ok(
  z.object({ appointment: appointmentDto, queue_entry: queueItemDto }),
);
export type AssignFromWaitingListResponse = z.infer<typeof assignFromWaitingListResponse>;

/**
 * GET /availabilities/available-by-specialty/{specialty_id} (the dialog's agenda picker; the spec leaves the
 * path open): Activa agendas of the specialty with free slots, from start_date (default today) to end_date
 * (default start + 30 days), by date and time; today's agendas that already ended are left out.
 */
export const availableBySpecialtyParams = z.object({ specialty_id: refId('Especialidad inválida') });
export const availableBySpecialtyQuery = z.object({
  location_id: filterId('Ubicación inválida'),
  doctor_id: filterId('Doctor inválido'),
  start_date: filterOf(optionalDay),
  end_date: filterOf(optionalDay),
});
export type AvailableBySpecialtyQuery = z.infer<typeof availableBySpecialtyQuery>;
/** Same agenda shape as the reassignment candidates (spec part 2 §3 "Waiting-list assignment" picker). */
export const availableAgendaDto = reassignmentCandidateDto;
export type AvailableAgendaDto = z.infer<typeof availableAgendaDto>;
export const availableBySpecialtyResponse = ok(
  z.object({
    specialty_id: z.number(),
    specialty_name: z.string(),
    available_agendas: z.array(availableAgendaDto),
  }),
);
export type AvailableBySpecialtyResponse = z.infer<typeof availableBySpecialtyResponse>;

/** Badge colour of an agenda's free slots in the picker: green above 5, yellow above 2, else orange. */
export function freeSlotsTone(available: number): 'green' | 'yellow' | 'orange' {
  if (available > 5) return 'green';
  if (available > 2) return 'yellow';
  return 'orange';
}
