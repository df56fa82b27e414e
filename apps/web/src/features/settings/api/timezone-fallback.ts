import type { TimezoneOption } from '@ips/shared/schemas/settings';

/** Spec part 1 §9: UTC and about 22 American, Atlantic and European zones, Colombia first. */
const FALLBACK_ZONES = [
  'America/Bogota',
  'UTC',
  'America/Caracas',
  'America/Lima',
  'America/Guayaquil',
  'America/Panama',
  'America/Mexico_City',
  'America/Guatemala',
  'America/Costa_Rica',
  'America/El_Salvador',
  'America/Havana',
  'America/Santo_Domingo',
  'America/Puerto_Rico',
  'America/La_Paz',
  'America/Santiago',
  'America/Argentina/Buenos_Aires',
  'America/Montevideo',
  'America/Asuncion',
  'America/Sao_Paulo',
  'America/New_York',
  'America/Chicago',
  'America/Los_Angeles',
  'Atlantic/Canary',
  'Europe/Lisbon',
  'Europe/London',
  'Europe/Madrid',
];

function offsetOf(zone: string, at: Date): number {
  try {
    const name = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'longOffset' })
      .formatToParts(at)
      .find((p) => p.type === 'timeZoneName')?.value;
    const m = /GMT([+-])(\d{2}):(\d{2})/.exec(name ?? '');
    return m ? (m[1] === '-' ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3])) : 0;
  } catch {
    return 0;
  }
}

export function formatUtcOffset(minutes: number): string {
  const abs = Math.abs(minutes);
  const hh = String(Math.floor(abs / 60)).padStart(2, '0');
  return `UTC${minutes < 0 ? '-' : '+'}${hh}:${String(abs % 60).padStart(2, '0')}`;
}

export function fallbackTimezones(at: Date = new Date()): TimezoneOption[] {
  return FALLBACK_ZONES.map((id) => {
    const offset_minutes = offsetOf(id, at);
    return { id, offset: formatUtcOffset(offset_minutes), offset_minutes };
  });
}
