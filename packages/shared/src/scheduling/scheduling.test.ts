import { describe, expect, it } from 'vitest';
import { addDays, isoWeekday, mondayOf, parseDay } from './calendar-days';
import { distributeCapacity, workingDays } from './distribution';
import { layoutSequential, suggestNextTime } from './time-layout';

const seeded = (seed: number) => () => {
  seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
  return seed / 2 ** 31;
};
const sum = (qs: { quota: number }[]) => qs.reduce((a, q) => a + q.quota, 0);

describe('calendar days', () => {
  it('knows weekdays and Mondays without depending on TZ', () => {
    expect(isoWeekday('2026-11-21')).toBe(6); // Saturday
    expect(isoWeekday('2026-11-22')).toBe(7);
    expect(mondayOf('2026-11-22')).toBe('2026-11-16');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(() => parseDay('2026-02-30')).toThrow();
  });
});

describe('quota distribution', () => {
  const noHolidays = { excludeWeekends: true, holidays: new Set<string>() };

  it('excludes weekends and holidays', () => {
    // 16–22 Nov 2026: Monday 16 is a holiday (Independencia de Cartagena).
    const days = workingDays('2026-11-16', '2026-11-22', {
      excludeWeekends: true,
      holidays: new Set(['2026-11-16']),
    });
    expect(days).toEqual(['2026-11-17', '2026-11-18', '2026-11-19', '2026-11-20']);
    expect(
      workingDays('2026-11-21', '2026-11-22', { excludeWeekends: false, holidays: new Set() }),
    ).toHaveLength(2);
  });

  it('always adds up to the capacity exactly', () => {
    const days = workingDays('2026-11-02', '2026-11-30', noHolidays);
    for (const capacity of [1, 7, 20, 21, 100, 333]) {
      for (let s = 1; s < 20; s++) {
        const q = distributeCapacity(capacity, days, seeded(s));
        expect(sum(q)).toBe(capacity);
        const quotas = q.map((x) => x.quota);
        expect(Math.max(...quotas) - Math.min(...quotas)).toBeLessThanOrEqual(
          capacity >= days.length ? 1 : 0,
        );
      }
    }
  });

  it('gives everything to a single day', () => {
    expect(distributeCapacity(12, ['2026-11-23'])).toEqual([{ date: '2026-11-23', quota: 12 }]);
  });

  it('with fewer slots than days, spreads one per chosen day', () => {
    const days = workingDays('2026-11-23', '2026-12-04', noHolidays);
    const q = distributeCapacity(3, days, seeded(7));
    expect(q).toHaveLength(3);
    expect(q.every((x) => x.quota === 1 && days.includes(x.date))).toBe(true);
    expect(new Set(q.map((x) => x.date)).size).toBe(3);
  });

  it('handles nothing to distribute and refuses nonsense', () => {
    expect(distributeCapacity(0, ['2026-11-23'])).toEqual([]);
    expect(distributeCapacity(5, [])).toEqual([]);
    expect(() => distributeCapacity(-1, ['2026-11-23'])).toThrow();
    expect(() => distributeCapacity(1.5, ['2026-11-23'])).toThrow();
  });
});

describe('sequential time layout', () => {
  it('lays appointments out from the start, each with its duration', () => {
    expect(layoutSequential('08:00', [30, 30, 45, 15])).toEqual(['08:00', '08:30', '09:00', '09:45']);
    expect(layoutSequential('07:30:00', [])).toEqual([]);
  });

  it('suggests the first free slot that fits', () => {
    const busy = [
      { start: 8 * 60, end: 8 * 60 + 30 },
      { start: 9 * 60, end: 9 * 60 + 30 },
    ];
    expect(suggestNextTime('08:00', '12:00', 30, busy)).toBe('08:30');
    expect(suggestNextTime('08:00', '12:00', 60, busy)).toBe('10:00');
    expect(suggestNextTime('08:00', '12:00', 30, busy, 10 * 60 + 5)).toBe('10:30');
    expect(suggestNextTime('08:00', '09:00', 30, [{ start: 480, end: 540 }])).toBeNull();
  });
});
