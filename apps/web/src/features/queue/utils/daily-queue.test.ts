import { describe, expect, it } from 'vitest';
import { pageCountOf, pageOfPosition } from './daily-queue';

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
