import { describe, expect, it } from 'vitest';
import { formatPhone, formatRate, formatSeconds, liveSeconds, longCallPercent } from './format';

describe('call formats', () => {
  it('durations as m:ss or h:mm:ss', () => {
    expect(formatSeconds(0)).toBe('0:00');
    expect(formatSeconds(65)).toBe('1:05');
    expect(formatSeconds(3723)).toBe('1:02:03');
    expect(formatSeconds(null)).toBe('—');
  });
  it('phones +57 grouped, others as stored', () => {
    expect(formatPhone('+573105550101')).toBe('+57 310 555 0101');
    expect(formatPhone('+14155550100')).toBe('+14155550100');
    expect(formatPhone(null)).toBe('—');
  });
  it('the long-call bar against 1,800 s, capped at 100 %', () => {
    expect(longCallPercent(900)).toBe(50);
    expect(longCallPercent(5000)).toBe(100);
  });
  it('rates in es-CO and durations that keep counting', () => {
    expect(formatRate(0.6).replace(/\s/g, ' ')).toMatch(/^60\s?%$/);
    expect(formatRate(null)).toBe('—');
    expect(liveSeconds(10, 1_000, 4_500)).toBe(13);
  });
});
