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

type BadgeVariant = 'success' | 'warning' | 'destructive' | 'secondary' | 'outline';

export function agendaStatusVariant(status: string): BadgeVariant {
  return status === 'Activa' ? 'success' : status === 'Cancelada' ? 'destructive' : 'secondary';
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
