import { describe, expect, it } from 'vitest';
import { pageCountOf, pageOfPosition, validDay } from './daily-queue';

describe('daily queue paging', () => {
  it('counts the pages of a total, one at least', () => {
    expect(pageCountOf(0, 25)).toBe(1);
    expect(pageCountOf(25, 25)).toBe(1);
    expect(pageCountOf(26, 25)).toBe(2);
    expect(pageCountOf(8250, 25)).toBe(330);
  });

  it('finds the page of a 0-based position', () => {
    expect(pageOfPosition(0, 25)).toBe(1);
    expect(pageOfPosition(24, 25)).toBe(1);
    expect(pageOfPosition(25, 25)).toBe(2);
    expect(pageOfPosition(8249, 25)).toBe(330);
  });
});

describe('the ?date= of Cola Diaria', () => {
  it('keeps a real day and drops anything else', () => {
    expect(validDay('2026-03-09')).toBe('2026-03-09');
    expect(validDay('2026-02-30')).toBeNull();
    expect(validDay('mañana')).toBeNull();
    expect(validDay(null)).toBeNull();
  });
});
