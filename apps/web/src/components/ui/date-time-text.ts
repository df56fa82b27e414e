/**
 * What the date and time fields show and accept (es-CO, whatever the browser's language): dates as dd/mm/aaaa and
 * times as HH:MM on a 24-hour clock. The forms keep the values they always had: 'YYYY-MM-DD' and 'HH:MM' ('' when
 * empty or not a real date or time, as a native input reports it).
 */

const pad = (n: number) => String(n).padStart(2, '0');

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** A real calendar day as 'YYYY-MM-DD', or '' (31/02, month 13, year 0…). */
export function isoDate(year: number, month: number, day: number): string {
  if (!Number.isInteger(year) || year < 1000 || year > 9999) return '';
  if (!Number.isInteger(month) || month < 1 || month > 12) return '';
  if (!Number.isInteger(day) || day < 1 || day > daysInMonth(year, month)) return '';
  return `${year}-${pad(month)}-${pad(day)}`;
}

/** 'YYYY-MM-DD' (a longer ISO text is cut to its day) → 'dd/mm/aaaa'; anything else → ''. */
export function dateToText(iso: string | null | undefined): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(iso ?? '');
  if (!m || !isoDate(Number(m[1]), Number(m[2]), Number(m[3]))) return '';
  return `${m[3]}/${m[2]}/${m[1]}`;
}

/**
 * What a person typed → 'YYYY-MM-DD', or '' when it is not a whole, real date. Accepts d/m/aaaa with '/', '-', '.'
 * or spaces between the parts, ddmmaaaa without them, and a pasted 'YYYY-MM-DD'.
 */
export function textToDate(text: string): string {
  const t = text.trim();
  let m = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(t);
  if (m) return isoDate(Number(m[1]), Number(m[2]), Number(m[3]));
  m = /^(\d{1,2})\s*[/.\s-]\s*(\d{1,2})\s*[/.\s-]\s*(\d{4})$/.exec(t);
  if (m) return isoDate(Number(m[3]), Number(m[2]), Number(m[1]));
  m = /^(\d{2})(\d{2})(\d{4})$/.exec(t);
  if (m) return isoDate(Number(m[3]), Number(m[2]), Number(m[1]));
  return '';
}

/**
 * The text while a person types at the end of the field: digits get their slashes (15032026 → 15/03/2026), a
 * one-digit day or month gets its zero when a separator follows (1/ → 01/) or no other digit could (5 → 05/,
 * 1/4 → 01/04/), and nothing longer than dd/mm/aaaa.
 * A pasted 'YYYY-MM-DD' is shown as dd/mm/aaaa.
 */
export function maskDateTyping(text: string): string {
  const iso = /^\s*\d{4}-\d{1,2}-\d{1,2}\s*$/.test(text) ? textToDate(text) : '';
  if (iso) return dateToText(iso);
  const done: string[] = [];
  let current = '';
  for (const ch of text) {
    if (/\d/.test(ch)) {
      // No day starts with 4-9 (or 32-39), no month with 2-9 (or 13-19): that digit is the whole part.
      const limit = done.length === 0 ? 31 : 12;
      if (done.length < 2 && current === '' && Number(ch) > Math.floor(limit / 10)) {
        done.push(`0${ch}`);
        continue;
      }
      if (done.length < 2 && current.length === 1 && Number(current + ch) > limit) {
        done.push(`0${current}`);
        current = '';
      }
      if (done.length < 2 && current.length === 2) {
        done.push(current);
        current = '';
      }
      if (done.length < 2 || current.length < 4) current += ch;
    } else if (/[/.\s-]/.test(ch) && done.length < 2 && current !== '') {
      done.push(current.padStart(2, '0'));
      current = '';
    }
  }
  return [...done, current].join('/');
}

/** 'HH:MM' or 'HH:MM:SS' → 'HH:MM'; anything else → ''. */
export function timeToText(value: string | null | undefined): string {
  const m = /^(\d{1,2}):(\d{2})(?::\d{2})?$/.exec(value ?? '');
  if (!m) return '';
  const h = Number(m[1]);
  const min = Number(m[2]);
  return h <= 23 && min <= 59 ? `${pad(h)}:${pad(min)}` : '';
}

/**
 * What a person typed → 'HH:MM' (24 hours), or ''. Accepts 7:30, 07:30, 7.30 and 0730; `complete` (leaving the
 * field) also reads 730 and a bare hour, 7 → 07:00, which while typing are only the start of a time.
 */
export function textToTime(text: string, complete = false): string {
  const t = text.trim();
  const m = /^(\d{1,2})\s*[:.h]\s*(\d{2})$/.exec(t) ?? /^(\d{2})(\d{2})$/.exec(t);
  if (m) return timeToText(`${m[1]}:${m[2]}`);
  if (!complete) return '';
  const short = /^(\d)(\d{2})$/.exec(t);
  if (short) return timeToText(`${short[1]}:${short[2]}`);
  return /^\d{1,2}$/.test(t) ? timeToText(`${t}:00`) : '';
}

/**
 * The text while a person types at the end of a time field: 0730 → 07:30, 730 → 07:30 (no hour starts with 7 or
 * 73), 7: → 07:, at most HH:MM.
 */
export function maskTimeTyping(text: string): string {
  let hours = '';
  let minutes: string | null = null;
  for (const ch of text) {
    if (/\d/.test(ch)) {
      if (minutes !== null) {
        if (minutes.length < 2) minutes += ch;
      } else if (hours === '' && ch > '2') {
        hours = `0${ch}`;
        minutes = '';
      } else if (hours.length === 1 && Number(hours + ch) > 23) {
        hours = `0${hours}`;
        minutes = ch;
      } else if (hours.length === 2) {
        minutes = ch;
      } else {
        hours += ch;
      }
    } else if (/[:.h]/.test(ch) && minutes === null && hours !== '') {
      hours = hours.padStart(2, '0');
      minutes = '';
    }
  }
  return minutes === null ? hours : `${hours}:${minutes}`;
}

/** 'YYYY-MM-DD' moved by n days (no time zone involved). */
export function addDaysToDate(iso: string, n: number): string {
  const d = new Date(`${iso}T00:00:00Z`);
  if (Number.isNaN(d.getTime())) return '';
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}

/** 'HH:MM' moved by n minutes, wrapping round the day (23:55 + 5 → 00:00). */
export function addMinutesToTime(time: string, n: number): string {
  const t = timeToText(time);
  if (!t) return '';
  const total = (((Number(t.slice(0, 2)) * 60 + Number(t.slice(3, 5)) + n) % 1440) + 1440) % 1440;
  return `${pad(Math.floor(total / 60))}:${pad(total % 60)}`;
}

/** Whether a 'YYYY-MM-DD' lies within the optional bounds (also 'YYYY-MM-DD'). */
export function dateInRange(iso: string, min?: string, max?: string): boolean {
  return !!iso && (!min || iso >= min) && (!max || iso <= max);
}
