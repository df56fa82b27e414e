import { describe, expect, it } from 'vitest';
import { busyRanges, suggestFreeTime } from './next-free-time';

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

  it('today: the first step after the current minute, as the server picks (exactly fits, one minute short)', () => {
    const today = { ...base, today: '2026-03-10', durationMinutes: 20, appointments: [] };
    // 09:39: the 09:40 step ends at 10:00 sharp.
    expect(suggestFreeTime({ ...today, nowMinutes: 9 * 60 + 39 })).toBe('09:40');
    // 09:40: that start is now (seconds in), the next step would end at 10:20.
    expect(suggestFreeTime({ ...today, nowMinutes: 9 * 60 + 40 })).toBeNull();
    // 08:00 on the dot is taken as begun too: 08:20.
    expect(suggestFreeTime({ ...today, nowMinutes: 8 * 60 })).toBe('08:20');
    // Off the grid: 08:00–09:50 in 20 minutes has its last start at 09:20, even with 25 minutes left at 09:25.
    expect(suggestFreeTime({ ...today, endTime: '09:50', nowMinutes: 9 * 60 + 19 })).toBe('09:20');
    expect(suggestFreeTime({ ...today, endTime: '09:50', nowMinutes: 9 * 60 + 25 })).toBeNull();
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

describe('busyRanges', () => {
  it('reads scheduled_at with a T as well as a space', () => {
    expect(busyRanges('2026-03-10', [{ ...appt('09:15'), scheduled_at: '2026-03-10T09:15:00' }])).toEqual([
      { start: 555, end: 585 },
    ]);
  });
});
