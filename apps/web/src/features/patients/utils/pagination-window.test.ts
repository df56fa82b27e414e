import { describe, expect, it } from 'vitest';
import { paginationWindow } from './pagination-window';

describe('paginationWindow', () => {
  it('keeps five buttons around the current page, shifted at the edges', () => {
    expect(paginationWindow(1, 10)).toEqual([1, 2, 3, 4, 5]);
    expect(paginationWindow(3, 10)).toEqual([1, 2, 3, 4, 5]);
    expect(paginationWindow(6, 10)).toEqual([4, 5, 6, 7, 8]);
    expect(paginationWindow(10, 10)).toEqual([6, 7, 8, 9, 10]);
  });

  it('shows every page when there are fewer than five', () => {
    expect(paginationWindow(2, 3)).toEqual([1, 2, 3]);
    expect(paginationWindow(1, 1)).toEqual([1]);
    expect(paginationWindow(1, 0)).toEqual([]);
  });
});
