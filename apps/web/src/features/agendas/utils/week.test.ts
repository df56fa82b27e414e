import { describe, expect, it } from 'vitest';
import { buildWeek, monthGrid, monthRange, shiftMonth, shiftWeek, weekLabel, weekRange } from './week';

describe('week navigator', () => {
  it('starts the week on Monday, also from a Sunday', () => {
    expect(weekRange('2026-11-22')).toEqual({ start: '2026-11-16', end: '2026-11-22' });
    expect(weekRange('2026-11-23')).toEqual({ start: '2026-11-23', end: '2026-11-29' });
    expect(shiftWeek('2026-11-25', 1)).toBe('2026-11-30');
    expect(shiftWeek('2026-11-25', -1)).toBe('2026-11-16');
  });

  it('builds seven cards with counts, today, past and selection', () => {
    const counts = new Map([['2026-11-24', { appointments: 3, availabilities: 1 }]]);
    const week = buildWeek('2026-11-26', '2026-11-25', '2026-11-24', counts);
    expect(week.map((d) => d.weekday)).toEqual(['Lun', 'Mar', 'Mié', 'Jue', 'Vie', 'Sáb', 'Dom']);
    expect(week[0]!.date).toBe('2026-11-23');
    expect(week[1]).toMatchObject({ isPast: true, isSelected: true, hasActivity: true, appointments: 3 });
    expect(week[2]).toMatchObject({ isToday: true, isPast: false, hasActivity: false, availabilities: 0 });
    expect(week[6]!.date).toBe('2026-11-29');
  });

  it('labels weeks across months and years', () => {
    expect(weekLabel('2026-11-18')).toBe('16 – 22 de noviembre de 2026');
    expect(weekLabel('2026-12-01')).toBe('30 de noviembre – 6 de diciembre de 2026');
    expect(weekLabel('2026-12-31')).toBe('28 de diciembre de 2026 – 3 de enero de 2027');
  });
});

describe('month calendar', () => {
  it('knows month lengths, leap years and shifts across years', () => {
    expect(monthRange('2028-02')).toEqual({ start: '2028-02-01', end: '2028-02-29' });
    expect(monthRange('2026-12')).toEqual({ start: '2026-12-01', end: '2026-12-31' });
    expect(shiftMonth('2026-12', 1)).toBe('2027-01');
    expect(shiftMonth('2026-01', -1)).toBe('2025-12');
  });

  it('lays the month out in Monday-first weeks', () => {
    const grid = monthGrid('2026-11'); // 1 Nov 2026 is a Sunday
    expect(grid[0]).toEqual([null, null, null, null, null, null, '2026-11-01']);
    expect(grid.at(-1)).toEqual(['2026-11-30', null, null, null, null, null, null]);
    expect(grid).toHaveLength(6);
  });
});
