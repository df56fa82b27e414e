import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  EpsAuthorizationBatchBody,
  EpsAuthorizationDto,
} from '@ips/shared/schemas/resources-eps-authorizations';
import { api, type ApiEnvelope } from '@/lib/api-client';
import type { Removed, Saved } from '@/features/resources/api/crud';
import { resourceKeys } from '@/features/resources/api/query-keys';

export type EpsAuthorization = EpsAuthorizationDto;

export const epsAuthorizationsQuery = (filter: { epsId?: number; locationId?: number }) =>
  queryOptions({
    queryKey: [...resourceKeys.epsAuthorizations, 'list', filter],
    queryFn: ({ signal }) =>
      api
        .get<ApiEnvelope<EpsAuthorization[]>>('/eps-authorizations', {
          signal,
          query: { eps_id: filter.epsId, location_id: filter.locationId },
        })
        .then((r) => r.data),
  });

export const useEpsAuthorizations = (filter: { epsId?: number; locationId?: number }) =>
  useQuery(epsAuthorizationsQuery(filter));

/** The specialties an EPS has authorized at a location: the ticked boxes. */
export const useAuthorizedSpecialties = (epsId: number | null, locationId: number | null) =>
  useQuery({
    queryKey: [...resourceKeys.epsAuthorizations, 'authorized', epsId, locationId],
    queryFn: ({ signal }) =>
      api
        .get<ApiEnvelope<EpsAuthorization[]>>(
          `/eps-authorizations/eps/${epsId}/location/${locationId}/specialties`,
          { signal },
        )
        .then((r) => r.data),
    enabled: epsId !== null && locationId !== null,
  });

interface BatchResult {
  created: number;
  updated: number;
  authorizations: EpsAuthorization[];
}

export function useSaveAuthorizations() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: EpsAuthorizationBatchBody) =>
      api.post<Saved<BatchResult>>('/eps-authorizations/batch', body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: resourceKeys.epsAuthorizations }),
  });
}

export function useDeleteAuthorization() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<Removed | undefined>(`/eps-authorizations/${id}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: resourceKeys.epsAuthorizations }),
  });
}
