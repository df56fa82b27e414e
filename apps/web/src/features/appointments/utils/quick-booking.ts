import { AGENDA_DURATION } from '@ips/shared/schemas/availabilities';

/*
 * What 'Registrar Cita Rápida' starts from, so that a returning patient is booked with the defaults alone
 * (pick the patient, confirm): the agenda's own appointment length and a reason that names the consultation.
 */

/**
 * The length the quick dialog books: the agenda's own (its slot), never a fixed 30 minutes, which would ask 30 of
 * a 20-minute agenda and find no time once its last 20 minutes come. 30 (the agenda form's default) only for an
 * agenda that does not say.
 */
export function agendaLength(agenda: { duration_minutes?: number | null }): number {
  const d = agenda.duration_minutes;
  return d && d > 0 ? d : AGENDA_DURATION.default;
}

/**
 * The reason offered (spec §5 requires one): the consultation of the agenda's specialty. It stays editable, and
 * cleared it is refused as before ('Debe especificar el motivo de la cita').
 */
export const defaultReason = (agenda: { specialty_name: string }) =>
  agenda.specialty_name.trim() ? `Consulta de ${agenda.specialty_name.trim()}` : 'Consulta';
