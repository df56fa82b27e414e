import { describe, expect, it } from 'vitest';
import {
  ageInYears,
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

  it('writes long dates in Spanish', () => {
    expect(formatLongDate('2026-11-21')).toBe('sábado, 21 de noviembre de 2026');
    expect(formatLongDate(new Date('2026-11-22T03:00:00Z'), 'America/Bogota')).toBe(
      'sábado, 21 de noviembre de 2026',
    );
  });
});
