import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { OportunidadIndicator } from '@ips/shared/schemas/analytics';
import {
  OPORTUNIDAD_LIST_PAGE_SIZE,
  type OportunidadAppointmentsResponse,
} from '@ips/shared/schemas/analytics-oportunidad-list';
import { api } from '@/lib/api-client';
import type { OportunidadFilters } from '@/features/analytics/api/analytics';

/** A specialty and the indicator P.3.x it answers to (null: none). */
export interface SpecialtyIndicator {
  specialty_id: number;
  specialty_name: string;
  indicator: OportunidadIndicator | null;
}

const INDICATORS_KEY = ['analytics', 'oportunidad-indicators'] as const;

export function useSpecialtyIndicators(enabled: boolean) {
  return useQuery({
    queryKey: INDICATORS_KEY,
    queryFn: ({ signal }) =>
      api
        .get<{ data: SpecialtyIndicator[] }>('/analytics/oportunidad/indicators', { signal })
        .then((r) => r.data),
    enabled,
  });
}

/** PUT one specialty's indicator; the report and the list are refetched. */
export function useSetSpecialtyIndicator() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: { specialty_id: number; indicator: OportunidadIndicator | null }) =>
      api.put<{ success: true; message: string; data: typeof body }>(
        '/analytics/oportunidad/indicators',
        body,
      ),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['analytics'] }),
  });
}

/** PATCH an appointment as first visit (true) or control (false); the indicators and the list are refetched. */
export function useSetFirstVisit() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: { id: number; first_visit: boolean }) =>
      api.patch<{ success: true; message: string; data: { id: number; first_visit: boolean } }>(
        `/analytics/appointments/${v.id}/first-visit`,
        { first_visit: v.first_visit },
      ),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['analytics'] }),
  });
}

/** One page of the report's appointments (same filters as the report, and optionally one indicator). */
export function useOportunidadAppointments(
  f: OportunidadFilters,
  indicator: OportunidadIndicator | null,
  page: number,
) {
  const query = { ...f, indicator, page, limit: OPORTUNIDAD_LIST_PAGE_SIZE };
  return useQuery({
    queryKey: ['analytics', '/analytics/oportunidad/appointments', query],
    queryFn: ({ signal }) =>
      api.get<OportunidadAppointmentsResponse>('/analytics/oportunidad/appointments', { query, signal }),
    placeholderData: keepPreviousData,
  });
}
