import { describe, expect, it } from 'vitest';
import {
  ageInYears,
  countOf,
  plural,
  formatLongDate,
  formatDate,
  formatDateTime,
  formatMoney,
  formatTime,
  localDate,
  localDateTime,
  parseLocalDateTime,
  startOfLocalDay,
} from './format';

const BOGOTA = 'America/Bogota';

describe('es-CO formatting in the organisation timezone', () => {
  // 2026-03-01 03:30 UTC is still 28 Feb 22:30 in Bogotá (UTC-5).
  const instant = new Date('2026-03-01T03:30:00Z');

  it('shows the local date and time whatever the process TZ', () => {
    expect(formatDate(instant, BOGOTA)).toBe('28/02/2026');
    expect(formatTime(instant, BOGOTA)).toBe('22:30');
    expect(formatDateTime(instant, BOGOTA)).toBe('28/02/2026 22:30');
    expect(localDate(instant, BOGOTA)).toBe('2026-02-28');
    expect(localDateTime(instant, BOGOTA)).toBe('2026-02-28 22:30:00');
    expect(formatDate(instant, 'Asia/Tokyo')).toBe('01/03/2026');
  });

  it('shows a calendar date as written', () => {
    expect(formatDate('2026-12-31', 'Pacific/Kiritimati')).toBe('31/12/2026');
  });

  it('parses wall-clock text as time in the zone', () => {
    expect(parseLocalDateTime('2026-11-23 08:00:00', BOGOTA)?.toISOString()).toBe('2026-11-23T13:00:00.000Z');
    expect(parseLocalDateTime('2026-11-23T08:00', BOGOTA)?.toISOString()).toBe('2026-11-23T13:00:00.000Z');
    expect(parseLocalDateTime('2026-02-31 08:00:00', BOGOTA)).toBeNull();
    expect(parseLocalDateTime('2026-11-23 24:00:00', BOGOTA)).toBeNull();
    expect(parseLocalDateTime('mañana', BOGOTA)).toBeNull();
    expect(startOfLocalDay('2026-11-23', BOGOTA).toISOString()).toBe('2026-11-23T05:00:00.000Z');
  });

  it('formats COP without decimals', () => {
    expect(formatMoney(50000).replace(/\s/g, ' ')).toBe('$ 50.000');
    expect(formatMoney(1234567.4)).toMatch(/1\.234\.567$/);
  });

  it('computes age from the local date', () => {
    // At 23:00 on 20 Nov in Bogotá it is already 21 Nov in UTC: the birthday has not come yet locally.
    const now = new Date('2026-11-21T04:00:00Z');
    expect(ageInYears('1990-11-21', now, BOGOTA)).toBe(35);
    expect(ageInYears('1990-11-21', now, 'UTC')).toBe(36);
    expect(ageInYears('2030-01-01', now, BOGOTA)).toBeNull();
    expect(ageInYears('bad', now, BOGOTA)).toBeNull();
  });

  it('handles zones with daylight saving', () => {
    // New York: 2026-03-08 02:30 does not exist (clocks jump 02:00 → 03:00); 08:00 that day is EDT (UTC-4).
    expect(parseLocalDateTime('2026-03-08 08:00:00', 'America/New_York')?.toISOString()).toBe(
      '2026-03-08T12:00:00.000Z',
    );
    expect(parseLocalDateTime('2026-01-08 08:00:00', 'America/New_York')?.toISOString()).toBe(
      '2026-01-08T13:00:00.000Z',
    );
    expect(localDateTime(new Date('2026-11-01T05:30:00Z'), 'America/New_York')).toBe('2026-11-01 01:30:00');
  });

  it('reads the wall clock as Intl does, across transitions and odd offsets (the per-hour offset cache)', () => {
    const zones = [
      BOGOTA,
      'America/New_York',
      'Asia/Tokyo',
      'Asia/Kathmandu', // +05:45
      'America/St_Johns', // -03:30 with daylight saving
      'Australia/Lord_Howe', // half-hour daylight saving
      'Europe/London',
      'UTC',
    ];
    const formats = new Map<string, Intl.DateTimeFormat>();
    const reference = (t: number, tz: string) => {
      let f = formats.get(tz);
      if (!f)
        formats.set(
          tz,
          (f = new Intl.DateTimeFormat('en-US', {
            timeZone: tz,
            hourCycle: 'h23',
            year: 'numeric',
            month: '2-digit',
            day: '2-digit',
            hour: '2-digit',
            minute: '2-digit',
            second: '2-digit',
          })),
        );
      const parts = f.formatToParts(new Date(t));
      const p = Object.fromEntries(parts.map((x) => [x.type, x.value]));
      return `${p.year}-${p.month}-${p.day} ${String(Number(p.hour) % 24).padStart(2, '0')}:${p.minute}:${p.second}`;
    };
    // Every 17 minutes 13 seconds through the 2026 and 1990 transition seasons, plus random instants 1900–2100.
    const instants: number[] = [];
    for (const [from, to] of [
      ['2026-03-01', '2026-04-10'],
      ['2026-09-25', '2026-11-05'],
      ['1990-03-20', '1990-04-05'],
    ] as const)
      for (let t = Date.parse(`${from}T00:00:00Z`); t < Date.parse(`${to}T00:00:00Z`); t += 1_033_000)
        instants.push(t);
    let seed = 42;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    for (let i = 0; i < 5000; i++)
      instants.push(Date.UTC(1900, 0, 1) + Math.floor(random() * 200 * 365.25 * 86_400_000));
    for (const tz of zones) {
      const wrong = instants.filter((t) => localDateTime(t, tz) !== reference(t, tz));
      expect(wrong.map((t) => `${new Date(t).toISOString()} ${tz}`)).toEqual([]);
    }
    expect(() => localDateTime(new Date(Number.NaN), BOGOTA)).toThrow(RangeError);
  });

  it('writes long dates in Spanish', () => {
    expect(formatLongDate('2026-11-21')).toBe('sábado, 21 de noviembre de 2026');
    expect(formatLongDate(new Date('2026-11-22T03:00:00Z'), 'America/Bogota')).toBe(
      'sábado, 21 de noviembre de 2026',
    );
  });
});

describe('singular and plural', () => {
  it('uses the singular only for one', () => {
    expect(countOf(1, 'cupo')).toBe('1 cupo');
    expect(countOf(0, 'cupo')).toBe('0 cupos');
    expect(countOf(2, 'atendida')).toBe('2 atendidas');
    expect(countOf(-1, 'día')).toBe('-1 día');
    expect(plural(1, 'recibida')).toBe('recibida');
    expect(plural(3, 'recibida')).toBe('recibidas');
  });

  it('takes an irregular plural and groups thousands as es-CO', () => {
    expect(countOf(1, 'mes', 'meses')).toBe('1 mes');
    expect(countOf(12, 'mes', 'meses')).toBe('12 meses');
    expect(countOf(1250, 'llamada')).toBe('1.250 llamadas');
  });
});
