import { describe, expect, it } from 'vitest';
import { busyRanges, suggestFreeTime, timeWithinRange } from './next-free-time';

const appt = (time: string, status = 'Confirmada', duration = 30, date = '2026-03-10') => ({
  scheduled_at: `${date} ${time}:00`,
  duration_minutes: duration,
  status,
});
const base = {
  date: '2026-03-10',
  startTime: '08:00:00',
  endTime: '10:00:00',
  durationMinutes: 30,
  today: '2026-03-09',
  nowMinutes: 0,
};

describe('suggestFreeTime', () => {
  it('offers the agenda start when nothing is booked', () => {
    expect(suggestFreeTime({ ...base, appointments: [] })).toBe('08:00');
  });

  it('skips booked times but not cancelled ones, nor other days', () => {
    const appointments = [
      appt('08:00'),
      appt('08:30', 'Cancelada'),
      appt('08:30', 'Confirmada', 30, '2026-03-11'),
    ];
    expect(suggestFreeTime({ ...base, appointments })).toBe('08:30');
  });

  it('skips a longer appointment that overlaps several steps', () => {
    expect(suggestFreeTime({ ...base, appointments: [appt('08:00', 'Pendiente', 60)] })).toBe('09:00');
  });

  it('starts from now when the date is today, on the duration grid', () => {
    // 08:40 now: 08:30 has started, the next step is 09:00.
    expect(suggestFreeTime({ ...base, today: '2026-03-10', nowMinutes: 8 * 60 + 40, appointments: [] })).toBe(
      '09:00',
    );
  });

  it('skips the times the server reported as conflicts', () => {
    expect(suggestFreeTime({ ...base, appointments: [appt('08:00')], conflictTimes: ['08:30'] })).toBe(
      '09:00',
    );
  });

  it('returns null when the agenda is full, or the day is past', () => {
    const full = ['08:00', '08:30', '09:00', '09:30'].map((t) => appt(t));
    expect(suggestFreeTime({ ...base, appointments: full })).toBeNull();
    expect(suggestFreeTime({ ...base, today: '2026-03-11', appointments: [] })).toBeNull();
  });

  it('never offers a slot that would end after the agenda', () => {
    expect(
      suggestFreeTime({ ...base, durationMinutes: 45, appointments: [appt('08:00', 'Confirmada', 90)] }),
    ).toBe(null);
  });
});

describe('busyRanges and timeWithinRange', () => {
  it('reads scheduled_at with a T as well as a space', () => {
    expect(busyRanges('2026-03-10', [{ ...appt('09:15'), scheduled_at: '2026-03-10T09:15:00' }])).toEqual([
      { start: 555, end: 585 },
    ]);
  });

  it('accepts a time from the start up to the last one that still ends in range', () => {
    expect(timeWithinRange('08:00', '08:00', '10:00', 30)).toBe(true);
    expect(timeWithinRange('09:30', '08:00', '10:00', 30)).toBe(true);
    expect(timeWithinRange('09:45', '08:00', '10:00', 30)).toBe(false);
    expect(timeWithinRange('07:59', '08:00', '10:00', 30)).toBe(false);
    expect(timeWithinRange('10:00', '08:00', '10:00')).toBe(false);
  });
});
