import { describe, expect, it } from 'vitest';
import { TIMELINE_HOURS, capacityByHour, hourRow, placeOnTimeline } from './timeline';

describe('timeline', () => {
  it('has the rows 8:00 to 19:00', () => {
    expect(TIMELINE_HOURS[0]).toBe(8);
    expect(TIMELINE_HOURS.at(-1)).toBe(19);
    expect(TIMELINE_HOURS).toHaveLength(12);
  });

  it('places an item by its start and duration over the 8:00–20:00 column', () => {
    const first = placeOnTimeline('08:00', 60)!;
    expect(first.topPercent).toBe(0);
    expect(first.heightPercent).toBeCloseTo(100 / 12);
    expect(first.clipped).toBe(false);
    const p = placeOnTimeline('14:00', 30)!;
    expect(p.topPercent).toBeCloseTo(50);
    expect(p.heightPercent).toBeCloseTo(100 / 24);
  });

  it('cuts items that cross the edges and drops those wholly outside', () => {
    const early = placeOnTimeline('07:30', 60)!;
    expect(early.topPercent).toBe(0);
    expect(early.heightPercent).toBeCloseTo(100 / 24);
    expect(early.clipped).toBe(true);
    expect(placeOnTimeline('19:30', 60)!.clipped).toBe(true);
    expect(placeOnTimeline('06:00', 60)).toBeNull();
    expect(placeOnTimeline('20:00', 30)).toBeNull();
  });

  it('puts a start time in its hour row, and nothing outside 8:00–19:59', () => {
    expect(hourRow('09:40')).toBe(9);
    expect(hourRow('19:59')).toBe(19);
    expect(hourRow('07:59')).toBeNull();
    expect(hourRow('20:00')).toBeNull();
  });

  it('counts the slots each hour offers and the confirmed appointments that start in it', () => {
    const bars = capacityByHour(
      [
        { start_time: '08:00:00', end_time: '10:00:00', capacity: 3, duration_minutes: 30 },
        { start_time: '09:30', end_time: '10:00', capacity: 5, duration_minutes: 20 },
      ],
      ['08:00', '09:30', '21:00'],
    );
    expect(bars.find((b) => b.hour === '08:00')).toEqual({ hour: '08:00', capacidad: 2, ocupados: 1 });
    // 09:00 from the first agenda; 09:30 and 09:50 from the second (the third slot would start at its end).
    expect(bars.find((b) => b.hour === '09:00')).toEqual({ hour: '09:00', capacidad: 3, ocupados: 1 });
    expect(bars.reduce((s, b) => s + b.ocupados, 0)).toBe(2);
  });
});
