import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CupsDto, CupsImportResult } from '@ips/shared/schemas/resources-cups';
import { api, type ApiEnvelope } from '@/lib/api-client';
import { useRemove, useSave, type Crud, type Saved } from '@/features/resources/api/crud';
import { resourceKeys } from '@/features/resources/api/query-keys';
import { cupsPageQuery, type CupsFilters } from '@/lib/cups-query';

export type Cups = CupsDto;
export type { CupsImportResult };

/** Spec part 2 §9: offered when the catalogue has no categories yet or they cannot be loaded. */
export const FALLBACK_CUPS_CATEGORIES = ['Ecografía', 'Ecografía Doppler', 'Odontología'] as const;

interface CupsStats {
  total: number;
  active: number;
  inactive: number;
  requires_authorization: number;
  categories: number;
}

const cupsApi: Crud<Cups> = {
  list: () => Promise.reject(new Error('Use cupsPageQuery')),
  create: (body) => api.post<Saved<Cups>>('/cups', body),
  update: (id, body) => api.put<Saved<Cups>>(`/cups/${id}`, body),
  remove: (id) => api.delete(`/cups/${id}`),
};

export const useCupsPage = (f: CupsFilters) =>
  useQuery({ ...cupsPageQuery(f), placeholderData: keepPreviousData });

export const useCupsCategories = () =>
  useQuery({
    queryKey: [...resourceKeys.cups, 'categories'],
    queryFn: ({ signal }) =>
      api.get<ApiEnvelope<string[]>>('/cups/categories', { signal }).then((r) => r.data),
  });

export const useCupsStats = () =>
  useQuery({
    queryKey: [...resourceKeys.cups, 'stats'],
    queryFn: ({ signal }) =>
      api.get<ApiEnvelope<CupsStats>>('/cups/stats/summary', { signal }).then((r) => r.data),
  });

export const useSaveCups = () => useSave(cupsApi, [resourceKeys.cups]);
export const useDeleteCups = () => useRemove(cupsApi, [resourceKeys.cups]);

/** POST /cups/import: `preview` reports every line; `apply` writes all of it or nothing. */
export function useImportCups() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ csv, mode }: { csv: string; mode: 'preview' | 'apply' }) =>
      api.post<Saved<CupsImportResult>>('/cups/import', { csv, mode }),
    onSuccess: (res) => {
      if (res.data.applied) return queryClient.invalidateQueries({ queryKey: resourceKeys.cups });
    },
  });
}
