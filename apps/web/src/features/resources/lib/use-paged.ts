import { useState } from 'react';

/** Client-side paging of an already filtered list; the page is clamped when the list shrinks. */
export function usePaged<T>(items: readonly T[], pageSize: number) {
  const [page, setPage] = useState(1);
  const pageCount = Math.max(1, Math.ceil(items.length / pageSize));
  const current = Math.min(page, pageCount);
  return {
    page: current,
    pageCount,
    pageSize,
    total: items.length,
    rows: items.slice((current - 1) * pageSize, current * pageSize),
    setPage,
  };
}
