import { TZDate } from '@date-fns/tz';
import { format as fmt, differenceInYears } from 'date-fns';
import { es } from 'date-fns/locale/es';

/**
 * es-CO formatting in the organisation's timezone. Every function takes the zone explicitly so that
 * the result never depends on the server's or the browser's TZ.
 */
export const DEFAULT_TIMEZONE = 'America/Bogota';

type Instant = Date | string | number;

const LOCAL_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const LOCAL_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2}))?$/;

function toInstant(value: Instant): Date {
  if (value instanceof Date) return value;
  if (typeof value === 'number') return new Date(value);
  return new Date(value);
}

function inZone(value: Instant, tz: string): TZDate {
  return new TZDate(toInstant(value).getTime(), tz);
}

/** dd/MM/yyyy. A bare 'YYYY-MM-DD' is a calendar date and is shown as written. */
export function formatDate(value: Instant, tz: string = DEFAULT_TIMEZONE): string {
  if (typeof value === 'string') {
    const m = LOCAL_DATE.exec(value);
    if (m) return `${m[3]}/${m[2]}/${m[1]}`;
  }
  return fmt(inZone(value, tz), 'dd/MM/yyyy');
}

/** HH:mm (24 h). */
export function formatTime(value: Instant, tz: string = DEFAULT_TIMEZONE): string {
  return fmt(inZone(value, tz), 'HH:mm');
}

/** dd/MM/yyyy HH:mm. */
export function formatDateTime(value: Instant, tz: string = DEFAULT_TIMEZONE): string {
  return fmt(inZone(value, tz), 'dd/MM/yyyy HH:mm');
}

/** Long Spanish date, e.g. 'viernes, 21 de noviembre de 2026'. */
export function formatLongDate(value: Instant, tz: string = DEFAULT_TIMEZONE): string {
  if (typeof value === 'string' && LOCAL_DATE.test(value)) {
    const [y, m, d] = value.split('-').map(Number) as [number, number, number];
    return fmt(new Date(y, m - 1, d), "EEEE, d 'de' MMMM 'de' yyyy", { locale: es });
  }
  return fmt(inZone(value, tz), "EEEE, d 'de' MMMM 'de' yyyy", { locale: es });
}

const money = new Map<string, Intl.NumberFormat>();
/** Money in es-CO: COP without decimals ('$ 50.000'), other currencies with two. */
export function formatMoney(amount: number, currency: string = 'COP'): string {
  let f = money.get(currency);
  if (!f) {
    f = new Intl.NumberFormat('es-CO', {
      style: 'currency',
      currency,
      minimumFractionDigits: currency === 'COP' ? 0 : 2,
      maximumFractionDigits: currency === 'COP' ? 0 : 2,
    });
    money.set(currency, f);
  }
  return f.format(amount);
}

/** The calendar date 'YYYY-MM-DD' that an instant falls on in the zone. */
export function localDate(value: Instant = new Date(), tz: string = DEFAULT_TIMEZONE): string {
  return fmt(inZone(value, tz), 'yyyy-MM-dd');
}

/** 'YYYY-MM-DD HH:mm:ss' as the API writes scheduled times. */
export function localDateTime(value: Instant, tz: string = DEFAULT_TIMEZONE): string {
  return fmt(inZone(value, tz), 'yyyy-MM-dd HH:mm:ss');
}

/** Parses 'YYYY-MM-DD HH:mm[:ss]' (space or 'T') read as wall-clock time in the zone. */
export function parseLocalDateTime(text: string, tz: string = DEFAULT_TIMEZONE): Date | null {
  const m = LOCAL_DATE_TIME.exec(text.trim());
  if (!m) return null;
  const [y, mo, d, h, mi, s] = m.slice(1).map((p) => Number(p ?? 0)) as number[];
  if (mo! < 1 || mo! > 12 || d! < 1 || d! > 31 || h! > 23 || mi! > 59 || s! > 59) return null;
  const zoned = new TZDate(y!, mo! - 1, d!, h!, mi!, s!, tz);
  // Reject dates that rolled over (31 February becomes 3 March).
  if (zoned.getDate() !== d || zoned.getMonth() !== mo! - 1) return null;
  return new Date(zoned.getTime());
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
  const today = localDate(now, tz).split('-').map(Number) as [number, number, number];
  const birth = [Number(m[1]), Number(m[2]), Number(m[3])] as const;
  const years = differenceInYears(
    new Date(today[0], today[1] - 1, today[2]),
    new Date(birth[0], birth[1] - 1, birth[2]),
  );
  return years < 0 ? null : years;
}
