import { describe, expect, it } from 'vitest';
import { estimatedWaitMinutes, formatTimeWaiting, formatWait } from './wait-time';

describe('estimated wait', () => {
  it('is 15 minutes per position', () => {
    expect(estimatedWaitMinutes(1)).toBe(15);
    expect(estimatedWaitMinutes(4)).toBe(60);
    expect(estimatedWaitMinutes(0)).toBe(0);
  });

  it('shows minutes below an hour and Xh Ym from an hour on', () => {
    expect(formatWait(0)).toBe('0 min');
    expect(formatWait(15)).toBe('15 min');
    expect(formatWait(45)).toBe('45 min');
    expect(formatWait(59)).toBe('59 min');
    expect(formatWait(60)).toBe('1h 0m');
    expect(formatWait(75)).toBe('1h 15m');
    expect(formatWait(150)).toBe('2h 30m');
    expect(formatWait(estimatedWaitMinutes(9))).toBe('2h 15m');
  });

  it('never shows a negative or fractional wait', () => {
    expect(formatWait(-5)).toBe('0 min');
    expect(formatWait(14.6)).toBe('15 min');
  });
});

describe('time waited', () => {
  it('reads in minutes or hours under a day (20 hours ago is not "today"), then 1 día, N días', () => {
    expect(formatTimeWaiting(0)).toBe('0 min');
    expect(formatTimeWaiting(45)).toBe('45 min');
    expect(formatTimeWaiting(20 * 60 + 4)).toBe('20h 4m');
    expect(formatTimeWaiting(24 * 60)).toBe('1 día');
    expect(formatTimeWaiting(47 * 60)).toBe('1 día');
    expect(formatTimeWaiting(12 * 24 * 60 + 5)).toBe('12 días');
  });
});
