import { DEFAULT_TIMEZONE } from '@ips/shared/format';
import type { TimezoneOption } from '@ips/shared/schemas/settings';

/** Minutes east of UTC of a zone at an instant, from Intl's 'GMT-05:00' (or 'GMT'). */
export function offsetMinutes(zone: string, at: Date): number {
  const part = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'longOffset' })
    .formatToParts(at)
    .find((p) => p.type === 'timeZoneName')?.value;
  const m = /GMT([+-])(\d{2}):(\d{2})/.exec(part ?? '');
  if (!m) return 0;
  return (m[1] === '-' ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3]));
}

export function formatOffset(minutes: number): string {
  const sign = minutes < 0 ? '-' : '+';
  const abs = Math.abs(minutes);
  return `UTC${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
}

/**
 * ICU lists some zones under their old names (CLDR keeps them stable); people look for the current ones. Each is
 * renamed only when this runtime accepts the current name.
 */
const CURRENT_NAMES: Record<string, string> = {
  'Asia/Calcutta': 'Asia/Kolkata',
  'Asia/Katmandu': 'Asia/Kathmandu',
  'Asia/Saigon': 'Asia/Ho_Chi_Minh',
  'Asia/Rangoon': 'Asia/Yangon',
  'Europe/Kiev': 'Europe/Kyiv',
  'America/Buenos_Aires': 'America/Argentina/Buenos_Aires',
  'America/Godthab': 'America/Nuuk',
  'Atlantic/Faeroe': 'Atlantic/Faroe',
  'Pacific/Enderbury': 'Pacific/Kanton',
  'Pacific/Ponape': 'Pacific/Pohnpei',
  'Pacific/Truk': 'Pacific/Chuuk',
};

function currentName(zone: string): string {
  const renamed = CURRENT_NAMES[zone];
  if (!renamed) return zone;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: renamed });
    return renamed;
  } catch {
    return zone;
  }
}

/** The IANA zones this runtime knows (and UTC), with their offset now; Colombia first, then by offset and name. */
export function listTimezones(at: Date = new Date()): TimezoneOption[] {
  const zones = new Set<string>(Intl.supportedValuesOf('timeZone').map(currentName));
  zones.add('UTC');
  zones.add(DEFAULT_TIMEZONE);
  const list = [...zones].map((id) => {
    const offset_minutes = offsetMinutes(id, at);
    return { id, offset: formatOffset(offset_minutes), offset_minutes };
  });
  list.sort((a, b) =>
    a.id === DEFAULT_TIMEZONE
      ? -1
      : b.id === DEFAULT_TIMEZONE
        ? 1
        : a.offset_minutes - b.offset_minutes || a.id.localeCompare(b.id),
  );
  return list;
}

let cached: { until: number; list: TimezoneOption[] } | null = null;

/** The list, built at most once a minute (about 430 zones; offsets change only with daylight saving time). */
export function timezonesNow(now = Date.now()): TimezoneOption[] {
  if (!cached || cached.until <= now) cached = { until: now + 60_000, list: listTimezones(new Date(now)) };
  return cached.list;
}
