import { describe, expect, it } from 'vitest';
import { TIMELINE_HOURS, capacityByHour, dayHours, hourRow, hoursOf, placeOnTimeline } from './timeline';

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

  it("widens the rows to the hours the day's agendas and appointments need (issue 15)", () => {
    expect(dayHours([])).toEqual({ first: 8, last: 19 });
    expect(dayHours([{ start: '09:00', minutes: 240 }])).toEqual({ first: 8, last: 19 });
    // An agenda from 07:00 to 18:00 and an appointment from 20:40 to 21:00.
    const hours = dayHours([
      { start: '07:00', minutes: 660 },
      { start: '20:40', minutes: 20 },
    ]);
    expect(hours).toEqual({ first: 7, last: 20 });
    expect(hoursOf(hours)).toHaveLength(14);
    const seven = placeOnTimeline('07:00', 20, hours)!;
    expect(seven.topPercent).toBe(0);
    expect(seven.clipped).toBe(false);
    expect(hourRow('07:10', hours)).toBe(7);
    const bars = capacityByHour(
      [{ start_time: '07:00', end_time: '08:00', capacity: 3, duration_minutes: 20 }],
      ['07:00'],
      hours,
    );
    expect(bars[0]).toEqual({ hour: '07:00', capacidad: 3, ocupados: 1 });
  });
});
