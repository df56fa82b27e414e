import { AppError } from '@ips/shared/errors';
import { formatDate, formatDateTime, formatTime } from '@ips/shared/format';
import { SETTING_DEFAULTS } from '@ips/shared/schemas/settings';
import type { AppDeps } from '../../lib/context';

/*
 * Issue 34 item 19: a consultation is attended at its time, so an appointment cannot become Completada earlier than
 * its scheduled start minus the tolerance of the setting `attend_early_tolerance_minutes` (Configuración →
 * Automatización de Agenda, default 60). Before, it could be marked hours ahead and only the RIPS check flagged it.
 */

/** The tolerance in minutes: the live setting, else its default. */
export function attendTolerance(deps: Pick<AppDeps, 'settings'>): number {
  const v = Number(deps.settings.get('attend_early_tolerance_minutes'));
  return Number.isInteger(v) && v >= 0 ? v : SETTING_DEFAULTS.attend_early_tolerance_minutes;
}

/** 'Aún no se puede marcar atendida: la cita es el 10/12/2026 a las 14:30; se puede desde las 13:30 (60 minutos antes).' */
export function attendTooEarlyMessage(start: Date, tz: string, tolerance: number): string {
  const from = new Date(start.getTime() - tolerance * 60_000);
  const sameDay = formatDate(from, tz) === formatDate(start, tz);
  const since =
    tolerance === 0
      ? 'desde su hora'
      : `desde ${sameDay ? `las ${formatTime(from, tz)}` : `el ${formatDateTime(from, tz)}`} (${tolerance} ${tolerance === 1 ? 'minuto' : 'minutos'} antes)`;
  return `Aún no se puede marcar atendida: la cita es el ${formatDate(start, tz)} a las ${formatTime(start, tz)}; se puede ${since}.`;
}

/** 409 when `now` is earlier than the appointment's start minus the tolerance. */
export function refuseEarlyAttendance(deps: AppDeps, start: Date, now = new Date()) {
  const tolerance = attendTolerance(deps);
  if (now.getTime() < start.getTime() - tolerance * 60_000)
    throw new AppError('CONFLICT', attendTooEarlyMessage(start, deps.config.orgTimezone, tolerance), {
      status: [attendTooEarlyMessage(start, deps.config.orgTimezone, tolerance)],
    });
}
