import { queryOptions } from '@tanstack/react-query';
import type { CupsDto } from '@ips/shared/schemas/resources-cups';
import { api, type ApiEnvelope } from '@/lib/api-client';

/**
 * A page of the CUPS catalogue (GET /cups), read by the catalogue screen (features/resources) and by the queue's
 * CUPS picker. Its key sits under the catalogue's, so saving a CUPS refreshes both.
 */
export const CUPS_KEY = ['resources', 'cups'] as const;
export const CUPS_PAGE_SIZE = 20;

export interface CupsFilters {
  page: number;
  search: string;
  category: string;
  status: '' | 'Activo' | 'Inactivo';
}

export interface CupsPage {
  cups: CupsDto[];
  pagination: { total: number; total_pages: number; page: number; limit: number };
}

export const cupsPageQuery = (f: CupsFilters) =>
  queryOptions({
    queryKey: [...CUPS_KEY, 'page', f],
    queryFn: ({ signal }) =>
      api
        .get<ApiEnvelope<CupsPage>>('/cups', {
          signal,
          query: {
            page: f.page,
            limit: CUPS_PAGE_SIZE,
            search: f.search.trim() || undefined,
            category: f.category || undefined,
            status: f.status || undefined,
          },
        })
        .then((r) => r.data),
  });
