import { toMinutes } from '@ips/shared/scheduling/calendar-days';

/** 'HH:mm:ss' or 'HH:mm' → 'HH:mm'. */
export const hhmm = (t: string) => t.slice(0, 5);

export const timeRange = (start: string, end: string) => `${hhmm(start)} – ${hhmm(end)}`;

const hoursFormat = new Intl.NumberFormat('es-CO', { maximumFractionDigits: 2 });
/** The agenda's length in hours, e.g. '4 h' or '1,5 h'. */
export function durationHours(start: string, end: string): string {
  const minutes = toMinutes(hhmm(end)) - toMinutes(hhmm(start));
  return `${hoursFormat.format(Math.max(0, minutes) / 60)} h`;
}

/** 'HH:mm' of an appointment's 'YYYY-MM-DD HH:mm:ss'. */
export const appointmentTime = (scheduledAt: string) => scheduledAt.slice(11, 16);

interface AgendaTimes {
  date: string;
  end_time: string;
  duration_minutes: number;
}

/** The agenda is over: a past day, or today from its end on (the clinic's date and minute). */
export function agendaEnded(a: Pick<AgendaTimes, 'date' | 'end_time'>, today: string, nowMinutes: number) {
  return a.date < today || (a.date === today && toMinutes(hhmm(a.end_time)) <= nowMinutes);
}

/**
 * An appointment could still start in the agenda: a later day, or today up to its last start (the rule of the
 * API's `canStartAfter`). What fails this is never offered as free.
 */
export function agendaCanStart(a: AgendaTimes, today: string, nowMinutes: number) {
  if (a.date !== today) return a.date > today;
  return toMinutes(hhmm(a.end_time)) - a.duration_minutes >= nowMinutes;
}

/**
 * The stored statuses as people read them: 'Completa' means finished (decision 009), not full, so it reads
 * 'Finalizada'; the filters and the edit form offer the same words.
 */
export const AGENDA_STATUS_LABEL: Record<string, string> = {
  Activa: 'Activa',
  Completa: 'Finalizada',
  Cancelada: 'Cancelada',
};
export const agendaStatusText = (status: string) => AGENDA_STATUS_LABEL[status] ?? status;

/** The badge of an agenda: an Activa agenda whose hours are over reads 'Finalizada' too. */
export function agendaStatusLabel(
  a: { status: string; date: string; end_time: string },
  today: string,
  nowMinutes: number,
): string {
  if (a.status === 'Activa' && agendaEnded(a, today, nowMinutes)) return 'Finalizada';
  return agendaStatusText(a.status);
}

type BadgeVariant = 'success' | 'warning' | 'destructive' | 'secondary' | 'outline';

/** By the label: Activa green, Cancelada red, Finalizada grey. */
export function agendaStatusVariant(label: string): BadgeVariant {
  return label === 'Activa' ? 'success' : label === 'Cancelada' ? 'destructive' : 'secondary';
}

export function appointmentStatusVariant(status: string): BadgeVariant {
  switch (status) {
    case 'Confirmada':
      return 'success';
    case 'Pendiente':
      return 'warning';
    case 'Cancelada':
      return 'destructive';
    default:
      return 'secondary';
  }
}
