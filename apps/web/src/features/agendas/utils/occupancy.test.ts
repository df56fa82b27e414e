import { describe, expect, it } from 'vitest';
import {
  cardOccupancyTone,
  isLowAvailability,
  listOccupancyTone,
  occupancyPercent,
  quotaBand,
} from './occupancy';

describe('occupancy colours', () => {
  it('card bar: green below 80%, yellow from 80%, red from 100%', () => {
    expect(cardOccupancyTone(7, 10)).toBe('green');
    expect(cardOccupancyTone(79, 100)).toBe('green');
    expect(cardOccupancyTone(8, 10)).toBe('yellow');
    expect(cardOccupancyTone(99, 100)).toBe('yellow');
    expect(cardOccupancyTone(10, 10)).toBe('red');
    expect(cardOccupancyTone(11, 10)).toBe('red');
  });

  it('list view: under 50% green, 50–80% yellow, 80% and above red', () => {
    expect(listOccupancyTone(4, 10)).toBe('green');
    expect(listOccupancyTone(5, 10)).toBe('yellow');
    expect(listOccupancyTone(79, 100)).toBe('yellow');
    expect(listOccupancyTone(8, 10)).toBe('red');
  });

  it('handles an empty capacity and rounds the percent', () => {
    expect(occupancyPercent(0, 0)).toBe(0);
    expect(occupancyPercent(1, 3)).toBe(33);
    expect(cardOccupancyTone(0, 0)).toBe('green');
    expect(cardOccupancyTone(199, 250)).toBe('green'); // 79.6%, shown as 80 but not yet yellow
    expect(occupancyPercent(199, 250)).toBe(80);
  });

  it('highlights 5 or fewer free slots', () => {
    expect(isLowAvailability(5)).toBe(true);
    expect(isLowAvailability(0)).toBe(true);
    expect(isLowAvailability(6)).toBe(false);
  });

  it('quota bands at 60, 80 and 90 %', () => {
    expect(quotaBand(5, 10)).toBe('low');
    expect(quotaBand(6, 10)).toBe('medium');
    expect(quotaBand(8, 10)).toBe('high');
    expect(quotaBand(9, 10)).toBe('critical');
    expect(quotaBand(0, 0)).toBe('low');
  });
});
