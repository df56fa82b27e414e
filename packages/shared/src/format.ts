/**
 * es-CO formatting in the organisation's timezone. Every function takes the zone explicitly so that the
 * result never depends on the server's or the browser's TZ. Built on Intl only: no library in the
 * browser's first load, and the same code on the server.
 */
export const DEFAULT_TIMEZONE = 'America/Bogota';

type Instant = Date | string | number;
interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

const LOCAL_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const LOCAL_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2}))?$/;

const cache = new Map<string, Intl.DateTimeFormat>();
function formatter(key: string, make: () => Intl.DateTimeFormat): Intl.DateTimeFormat {
  let f = cache.get(key);
  if (!f) cache.set(key, (f = make()));
  return f;
}

function toInstant(value: Instant): Date {
  return value instanceof Date ? value : new Date(value);
}

const pad = (n: number, w = 2) => String(n).padStart(w, '0');

/** The wall-clock reading of an instant in the zone, as Intl gives it (the reference; slow: formatToParts). */
function wallClockIntl(value: Instant, tz: string): WallClock {
  const f = formatter(
    `wall|${tz}`,
    () =>
      new Intl.DateTimeFormat('en-US', {
        timeZone: tz,
        hourCycle: 'h23',
        year: 'numeric',
        month: 'numeric',
        day: 'numeric',
        hour: 'numeric',
        minute: 'numeric',
        second: 'numeric',
      }),
  );
  const out: Record<string, number> = {};
  for (const p of f.formatToParts(toInstant(value))) if (p.type !== 'literal') out[p.type] = Number(p.value);
  return {
    year: out.year!,
    month: out.month!,
    day: out.day!,
    hour: out.hour! % 24,
    minute: out.minute!,
    second: out.second!,
  };
}

const HOUR_MS = 3_600_000;
/** Per zone, by UTC hour: the zone's offset in ms through that whole hour, or NaN when it changes inside it. */
const hourOffsets = new Map<string, Map<number, number>>();
const MAX_CACHED_HOURS = 50_000;

/** Milliseconds the zone is ahead of UTC at the instant `t`, read with Intl. */
function intlOffsetAt(t: number, tz: string): number {
  const w = wallClockIntl(t, tz);
  return Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second) - Math.floor(t / 1000) * 1000;
}

/**
 * The wall-clock reading of an instant in the zone. Lists format thousands of instants, and formatToParts costs
 * microseconds each, so the zone's offset is read once per UTC hour and cached when it is the same at the hour's
 * first and last millisecond (no transition inside; zones change offset at most once in an hour). Instants in an
 * hour with a transition, and invalid dates (which throw as Intl does), go through Intl itself.
 */
function wallClock(value: Instant, tz: string): WallClock {
  const ms = toInstant(value).getTime();
  if (!Number.isFinite(ms)) return wallClockIntl(value, tz);
  let zone = hourOffsets.get(tz);
  if (!zone) hourOffsets.set(tz, (zone = new Map()));
  const hour = Math.floor(ms / HOUR_MS);
  let offset = zone.get(hour);
  if (offset === undefined) {
    const first = intlOffsetAt(hour * HOUR_MS, tz);
    const last = intlOffsetAt((hour + 1) * HOUR_MS - 1, tz);
    offset = first === last ? first : Number.NaN;
    if (zone.size >= MAX_CACHED_HOURS) zone.clear();
    zone.set(hour, offset);
  }
  if (Number.isNaN(offset)) return wallClockIntl(ms, tz);
  const d = new Date(ms + offset);
  return {
    year: d.getUTCFullYear(),
    month: d.getUTCMonth() + 1,
    day: d.getUTCDate(),
    hour: d.getUTCHours(),
    minute: d.getUTCMinutes(),
    second: d.getUTCSeconds(),
  };
}

/** dd/MM/yyyy. A bare 'YYYY-MM-DD' is a calendar date and is shown as written. */
export function formatDate(value: Instant, tz: string = DEFAULT_TIMEZONE): string {
  if (typeof value === 'string') {
    const m = LOCAL_DATE.exec(value);
    if (m) return `${m[3]}/${m[2]}/${m[1]}`;
  }
  const w = wallClock(value, tz);
  return `${pad(w.day)}/${pad(w.month)}/${w.year}`;
}

/** HH:mm (24 h). */
export function formatTime(value: Instant, tz: string = DEFAULT_TIMEZONE): string {
  const w = wallClock(value, tz);
  return `${pad(w.hour)}:${pad(w.minute)}`;
}

/** dd/MM/yyyy HH:mm. */
export function formatDateTime(value: Instant, tz: string = DEFAULT_TIMEZONE): string {
  return `${formatDate(value, tz)} ${formatTime(value, tz)}`;
}

/** Long Spanish date, e.g. 'sábado, 21 de noviembre de 2026'. */
export function formatLongDate(value: Instant, tz: string = DEFAULT_TIMEZONE): string {
  const calendarDay = typeof value === 'string' && LOCAL_DATE.test(value);
  const zone = calendarDay ? 'UTC' : tz;
  const f = formatter(
    `long|${zone}`,
    () =>
      new Intl.DateTimeFormat('es-CO', {
        timeZone: zone,
        weekday: 'long',
        day: 'numeric',
        month: 'long',
        year: 'numeric',
      }),
  );
  return f.format(calendarDay ? new Date(`${value}T00:00:00Z`) : toInstant(value));
}

const money = new Map<string, Intl.NumberFormat>();
/** Money in es-CO: COP without decimals ('$ 50.000'), other currencies with two. */
export function formatMoney(amount: number, currency: string = 'COP'): string {
  let f = money.get(currency);
  if (!f) {
    const digits = currency === 'COP' ? 0 : 2;
    f = new Intl.NumberFormat('es-CO', {
      style: 'currency',
      currency,
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
    });
    money.set(currency, f);
  }
  return f.format(amount);
}

const integer = new Intl.NumberFormat('es-CO', { maximumFractionDigits: 0 });

/**
 * The noun in the number a count needs: 'cupo' for 1, 'cupos' for 0, 2, 1.000… (Spanish uses the singular only
 * for one). `many` is the plural; words that do not just add 's' ('mes'/'meses') name it.
 */
export function plural(n: number, one: string, many: string = `${one}s`): string {
  return Math.abs(n) === 1 ? one : many;
}

/** A count with its noun, the number in es-CO ('1 cupo', '3 cupos', '1.250 llamadas'). */
export function countOf(n: number, one: string, many: string = `${one}s`): string {
  return `${Number.isInteger(n) ? integer.format(n) : n} ${plural(n, one, many)}`;
}

/** The calendar date 'YYYY-MM-DD' that an instant falls on in the zone. */
export function localDate(value: Instant = new Date(), tz: string = DEFAULT_TIMEZONE): string {
  const w = wallClock(value, tz);
  return `${w.year}-${pad(w.month)}-${pad(w.day)}`;
}

/** 'YYYY-MM-DD HH:mm:ss' as the API writes scheduled times. */
export function localDateTime(value: Instant, tz: string = DEFAULT_TIMEZONE): string {
  const w = wallClock(value, tz);
  return `${w.year}-${pad(w.month)}-${pad(w.day)} ${pad(w.hour)}:${pad(w.minute)}:${pad(w.second)}`;
}

/** Milliseconds the zone is ahead of UTC at the instant `t`. */
function offsetAt(t: number, tz: string): number {
  const w = wallClock(t, tz);
  return Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second) - Math.floor(t / 1000) * 1000;
}

/** Parses 'YYYY-MM-DD HH:mm[:ss]' (space or 'T') read as wall-clock time in the zone. */
export function parseLocalDateTime(text: string, tz: string = DEFAULT_TIMEZONE): Date | null {
  const m = LOCAL_DATE_TIME.exec(text.trim());
  if (!m) return null;
  const [y, mo, d, h, mi, s] = m.slice(1).map((p) => Number(p ?? 0)) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  if (mo < 1 || mo > 12 || d < 1 || h > 23 || mi > 59 || s > 59) return null;
  const asUtc = Date.UTC(y, mo - 1, d, h, mi, s);
  if (new Date(asUtc).getUTCDate() !== d) return null; // 31 February and the like
  // The offset at the guess, corrected once for a transition between the guess and the answer.
  let t = asUtc - offsetAt(asUtc, tz);
  const second = asUtc - offsetAt(t, tz);
  if (second !== t) t = second;
  return new Date(t);
}

/** The instant of local midnight starting the given calendar date in the zone. */
export function startOfLocalDay(date: string, tz: string = DEFAULT_TIMEZONE): Date {
  const parsed = parseLocalDateTime(`${date} 00:00:00`, tz);
  if (!parsed) throw new RangeError(`Fecha inválida: ${date}`);
  return parsed;
}

/** Whole years between a birth date ('YYYY-MM-DD') and today in the zone. */
export function ageInYears(
  birthDate: string,
  now: Instant = new Date(),
  tz: string = DEFAULT_TIMEZONE,
): number | null {
  const m = LOCAL_DATE.exec(birthDate.slice(0, 10));
  if (!m) return null;
  const [by, bm, bd] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const t = wallClock(now, tz);
  const years = t.year - by - (t.month < bm || (t.month === bm && t.day < bd) ? 1 : 0);
  return years < 0 ? null : years;
}
