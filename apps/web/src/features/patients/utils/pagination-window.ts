/**
 * Up to `size` page numbers around the current page (spec §2: five buttons windowed around the current page),
 * shifted at the edges so the window stays full: 1 2 [3] 4 5, 4 5 [6] 7 8, 6 7 8 9 [10].
 */
export function paginationWindow(current: number, totalPages: number, size = 5): number[] {
  if (totalPages <= 0) return [];
  const count = Math.min(size, totalPages);
  let start = Math.max(1, current - Math.floor(size / 2));
  start = Math.min(start, totalPages - count + 1);
  return Array.from({ length: count }, (_, i) => start + i);
}
