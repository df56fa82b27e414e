/** Calendar arithmetic on 'YYYY-MM-DD' strings, in UTC so that no process TZ can shift a day. */
const DAY_MS = 86_400_000;

export function parseDay(day: string): number {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!m) throw new RangeError(`Fecha inválida: ${day}`);
  const t = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  if (new Date(t).toISOString().slice(0, 10) !== day) throw new RangeError(`Fecha inválida: ${day}`);
  return t;
}

export function formatDay(t: number): string {
  return new Date(t).toISOString().slice(0, 10);
}

export function addDays(day: string, n: number): string {
  return formatDay(parseDay(day) + n * DAY_MS);
}

/** 1 = Monday … 7 = Sunday (the spec's template numbering). */
export function isoWeekday(day: string): number {
  const d = new Date(parseDay(day)).getUTCDay();
  return d === 0 ? 7 : d;
}

export function daysBetween(start: string, end: string): string[] {
  const out: string[] = [];
  for (let t = parseDay(start), last = parseDay(end); t <= last; t += DAY_MS) out.push(formatDay(t));
  return out;
}

/** Monday of the week that contains `day` (the agenda week starts on Monday). */
export function mondayOf(day: string): string {
  return addDays(day, 1 - isoWeekday(day));
}

/** 'HH:mm' or 'HH:mm:ss' → minutes after midnight. */
export function toMinutes(time: string): number {
  const m = /^(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(time);
  if (!m || Number(m[1]) > 23 || Number(m[2]) > 59) throw new RangeError(`Hora inválida: ${time}`);
  return Number(m[1]) * 60 + Number(m[2]);
}

/** Minutes after midnight → 'HH:mm'. */
export function fromMinutes(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`;
}
