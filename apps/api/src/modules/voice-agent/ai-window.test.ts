import { describe, expect, it } from 'vitest';
import { offlineReason } from './ai-window';

const base: Record<string, unknown> = {
  ai_enabled: true,
  ai_vacation_mode: false,
  ai_pause_holidays: true,
  ai_start_time: '08:00',
  ai_end_time: '18:00',
  ai_break_start: '12:00',
  ai_break_end: '13:00',
  ai_mon: true,
  ai_tue: true,
  ai_wed: true,
  ai_thu: true,
  ai_fri: true,
  ai_sat: false,
  ai_sun: false,
};

/** 2026-07-20 (Monday, a Colombian holiday) and 2026-07-21 (Tuesday), Bogotá = UTC−5. */
const at = (local: string) => new Date(`${local}-05:00`);
const reason = (local: string, over: Record<string, unknown> = {}, holidays = ['2026-07-20']) =>
  offlineReason({
    get: (k) => ({ ...base, ...over })[k],
    now: at(local),
    tz: 'America/Bogota',
    isHoliday: (d) => holidays.includes(d),
  });

describe('the AI settings windows', () => {
  it('is on inside the hours of an enabled day, off the break', () => {
    expect(reason('2026-07-21T08:00:00')).toBeNull();
    expect(reason('2026-07-21T11:59:00')).toBeNull();
    expect(reason('2026-07-21T13:00:00')).toBeNull();
    expect(reason('2026-07-21T17:59:00')).toBeNull();
  });
  it('is off before the start and from the end time on', () => {
    expect(reason('2026-07-21T07:59:00')).toBe('hours');
    expect(reason('2026-07-21T18:00:00')).toBe('hours');
  });
  it('is off in the break', () => {
    expect(reason('2026-07-21T12:00:00')).toBe('break');
    expect(reason('2026-07-21T12:59:00')).toBe('break');
  });
  it('is off on a day not enabled (Saturday)', () => {
    expect(reason('2026-07-25T10:00:00')).toBe('day');
  });
  it('is off on a holiday only when paused on holidays', () => {
    expect(reason('2026-07-20T10:00:00')).toBe('holiday');
    expect(reason('2026-07-20T10:00:00', { ai_pause_holidays: false })).toBeNull();
  });
  it('is off in vacation mode and when the assistant is disabled', () => {
    expect(reason('2026-07-21T10:00:00', { ai_vacation_mode: true })).toBe('vacation');
    expect(reason('2026-07-21T10:00:00', { ai_enabled: false })).toBe('disabled');
  });
  it('reads the day and the time in the organisation zone, not the server zone', () => {
    // 2026-07-22T02:00Z is Tuesday 21:00 in Bogotá: after hours, though UTC says Wednesday.
    expect(
      offlineReason({
        get: (k) => base[k],
        now: new Date('2026-07-22T02:00:00Z'),
        tz: 'America/Bogota',
        isHoliday: () => false,
      }),
    ).toBe('hours');
  });
});
