import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  BuildPackageBody,
  RipsPackageDto,
  RipsProblemDto,
  RipsProblemGroupDto,
} from '@ips/shared/schemas/rips';
import { api, apiUrl, type ApiEnvelope } from '@/lib/api-client';
import { getToken } from '@/lib/auth-storage';
import { ripsKeys } from '@/components/rips/rips-api';

export const PACKAGES_PAGE = 10;
export const PROBLEMS_PAGE = 50;

type Page<T> = { items: T[]; total: number; page: number; limit: number };

export function usePackages(page: number) {
  return useQuery({
    queryKey: [...ripsKeys.all, 'packages', page],
    queryFn: ({ signal }) =>
      api
        .get<ApiEnvelope<Page<RipsPackageDto>>>('/rips/packages', {
          query: { page, limit: PACKAGES_PAGE },
          signal,
        })
        .then((r) => r.data),
    placeholderData: (previous) => previous,
  });
}

/** One page of a package's problems; of one cause (a group's key) when given. */
export function useProblems(id: number | null, page: number, cause?: string) {
  return useQuery({
    queryKey: [...ripsKeys.all, 'problems', id, page, cause ?? null],
    queryFn: ({ signal }) =>
      api
        .get<ApiEnvelope<Page<RipsProblemDto> & { listed: number }>>(`/rips/packages/${id}/problems`, {
          query: { page, limit: PROBLEMS_PAGE, ...(cause ? { cause } : {}) },
          signal,
        })
        .then((r) => r.data),
    enabled: id !== null,
    placeholderData: (previous) => previous,
  });
}

/** A package's problems grouped by cause, with counts. */
export function useProblemGroups(id: number) {
  return useQuery({
    queryKey: [...ripsKeys.all, 'problem-groups', id],
    queryFn: ({ signal }) =>
      api
        .get<ApiEnvelope<{ items: RipsProblemGroupDto[]; total: number; listed: number }>>(
          `/rips/packages/${id}/problem-groups`,
          { signal },
        )
        .then((r) => r.data),
  });
}

function useRipsMutation<A, R>(fn: (a: A) => Promise<R>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSettled: () => qc.invalidateQueries({ queryKey: ripsKeys.all }),
  });
}

export const useBuildPackage = () =>
  useRipsMutation((body: BuildPackageBody) =>
    api.post<ApiEnvelope<RipsPackageDto>>('/rips/packages', body).then((r) => r.data),
  );
export const useMarkReady = () => useRipsMutation((id: number) => api.put(`/rips/packages/${id}/ready`));
export const useRecordCuv = () =>
  useRipsMutation((a: { id: number; cuv: string; cuv_date: string }) =>
    api.put(`/rips/packages/${a.id}/cuv`, { cuv: a.cuv, cuv_date: a.cuv_date }),
  );

/** The download link carries the token (a link cannot send the header), like the billing CSV. */
export const downloadUrl = (id: number) => apiUrl(`/rips/packages/${id}/download`, { token: getToken() });

export type FixKind = 'patient' | 'doctor' | 'specialty' | 'attendance';

export function useFixRecord<T>(kind: Exclude<FixKind, 'attendance'>, id: number | null) {
  const path = kind === 'specialty' ? null : `/rips/${kind}s/${id}`;
  return useQuery({
    queryKey: [...ripsKeys.all, 'fix', kind, id],
    queryFn: async ({ signal }) => {
      if (path) return api.get<ApiEnvelope<T>>(path, { signal }).then((r) => r.data);
      const all = await api.get<ApiEnvelope<(T & { specialty_id: number })[]>>('/rips/specialties', {
        signal,
      });
      return all.data.find((s) => s.specialty_id === id) as T;
    },
    enabled: id !== null,
  });
}

export const useSaveFix = (kind: Exclude<FixKind, 'attendance'>) =>
  useRipsMutation((a: { id: number; body: Record<string, unknown> }) =>
    api.put(`/rips/${kind === 'specialty' ? 'specialties' : `${kind}s`}/${a.id}`, a.body),
  );

export function useEpsOptions() {
  return useQuery({
    queryKey: [...ripsKeys.all, 'eps'],
    queryFn: ({ signal }) =>
      api
        .get<ApiEnvelope<{ id: number; name: string }[]>>('/eps', { query: { status: 'active' }, signal })
        .then((r) => r.data),
    staleTime: 10 * 60_000,
  });
}
