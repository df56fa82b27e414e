import { normalStatus } from './scheduled-at';

export interface DayFilters {
  search: string;
  specialty: string;
  doctor: string;
  location: string;
}
export const EMPTY_DAY_FILTERS: DayFilters = { search: '', specialty: '', doctor: '', location: '' };

const fold = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();

interface AgendaLike {
  specialty_id: number;
  doctor_id: number;
  location_id: number;
}
interface AppointmentLike extends AgendaLike {
  patient_name: string;
  patient_document: string;
}

const matchesIds = (f: DayFilters, x: AgendaLike) =>
  (!f.specialty || String(x.specialty_id) === f.specialty) &&
  (!f.doctor || String(x.doctor_id) === f.doctor) &&
  (!f.location || String(x.location_id) === f.location);

/** The day's agendas and appointments narrowed by specialty, doctor, location and patient name or document. */
export function applyDayFilters<A extends AgendaLike, P extends AppointmentLike>(
  f: DayFilters,
  agendas: readonly A[],
  appointments: readonly P[],
): { agendas: A[]; appointments: P[] } {
  const q = fold(f.search.trim());
  return {
    agendas: agendas.filter((a) => matchesIds(f, a)),
    appointments: appointments.filter(
      (p) => matchesIds(f, p) && (!q || fold(p.patient_name).includes(q) || p.patient_document.includes(q)),
    ),
  };
}

/** The four cards: agendas, occupancy, appointments and confirmed (cancelled agendas and appointments aside). */
export function dayCards(
  agendas: readonly { capacity: number; booked_slots: number; status: string }[],
  appointments: readonly { status: string }[],
) {
  const open = agendas.filter((a) => a.status !== 'Cancelada');
  const capacity = open.reduce((s, a) => s + a.capacity, 0);
  const booked = open.reduce((s, a) => s + Math.min(a.booked_slots, a.capacity), 0);
  const live = appointments.filter((a) => normalStatus(a.status) !== 'Cancelada');
  return {
    agendas: open.length,
    capacity,
    booked,
    occupancy: capacity > 0 ? Math.round((booked / capacity) * 100) : 0,
    appointments: live.length,
    confirmed: live.filter((a) => normalStatus(a.status) === 'Confirmada').length,
  };
}
