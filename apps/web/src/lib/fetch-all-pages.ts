// Relative import: lib/ is tested under the root Vitest config, which has no '@' alias.
import { api, type QueryParams } from './api-client';

/** The envelope of a paged list (GET /appointments, GET /availabilities): `total` counts every match. */
export interface PagedEnvelope<T> {
  success: true;
  data: T[];
  total: number;
  page: number;
  limit: number;
}

/**
 * Every row of a paged list: page 1, then the other pages together. The page size asked for may be capped by
 * the server, so the pages are counted with the `limit` it answers. A row that moved from one page to the next
 * while they were read (rows added or removed in between) is kept once.
 */
export async function fetchAllPages<T extends { id: number }>(
  path: string,
  query: QueryParams,
  pageSize: number,
  signal?: AbortSignal,
): Promise<T[]> {
  const first = await api.get<PagedEnvelope<T>>(path, {
    signal,
    query: { ...query, page: 1, limit: pageSize },
  });
  const limit = first.limit > 0 ? first.limit : pageSize;
  const pages = Math.ceil(first.total / limit);
  if (pages <= 1) return first.data;
  const rest = await Promise.all(
    Array.from({ length: pages - 1 }, (_, i) =>
      api.get<PagedEnvelope<T>>(path, { signal, query: { ...query, page: i + 2, limit } }),
    ),
  );
  const seen = new Set<number>();
  const rows: T[] = [];
  for (const row of [first.data, ...rest.map((r) => r.data)].flat()) {
    if (seen.has(row.id)) continue;
    seen.add(row.id);
    rows.push(row);
  }
  return rows;
}
