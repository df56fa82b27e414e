/** 'YYYY-MM-DD' + 'HH:mm[:ss]' → 'YYYY-MM-DD HH:mm:00', the wall-clock text the API takes (spec §9). */
export function toScheduledAt(date: string, time: string): string {
  return `${date} ${time.slice(0, 5)}:00`;
}

/** The 'YYYY-MM-DD' part of a scheduled_at text ('T' or space between date and time). */
export const dateOf = (scheduledAt: string) => scheduledAt.slice(0, 10);

/** The 'HH:mm' part of a scheduled_at text. */
export const timeOf = (scheduledAt: string) => scheduledAt.slice(11, 16);

/** 'HH:mm:ss' → 'HH:mm'. */
export const hhmm = (time: string) => time.slice(0, 5);

/** Case-insensitive status comparison (spec §4: the dashboard counts statuses case-insensitively). */
const CANONICAL: Record<string, string> = {
  pendiente: 'Pendiente',
  pending: 'Pendiente',
  confirmada: 'Confirmada',
  confirmado: 'Confirmada',
  confirmed: 'Confirmada',
  completada: 'Completada',
  completado: 'Completada',
  completed: 'Completada',
  cancelada: 'Cancelada',
  cancelado: 'Cancelada',
  cancelled: 'Cancelada',
  canceled: 'Cancelada',
};
export const normalStatus = (status: string) => CANONICAL[status.trim().toLowerCase()] ?? status;

/** 'lunes, 23 de…' → 'Lunes, 23 de…' at the start of a line (Spanish keeps the rest lower-case). */
export const upperFirst = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
