import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type {
  AnalyticsRange,
  LocationsResponse,
  OportunidadResponse,
  OverviewResponse,
  PerformanceResponse,
  SpecialtiesResponse,
} from '@ips/shared/schemas/analytics';
import { api, apiUrl, type ApiEnvelope, type QueryParams } from '@/lib/api-client';
import { getToken } from '@/lib/auth-storage';

/** The screen's filters (spec part 2 §2): range, zone, then one of its municipalities. */
export interface AnalyticsFilters {
  range: AnalyticsRange;
  zone_id: number | null;
  municipality_id: number | null;
}

const params = (f: AnalyticsFilters): QueryParams => ({
  range: f.range,
  zone_id: f.zone_id,
  municipality_id: f.municipality_id,
});
const STALE = 30_000;

function useAnalytics<T>(path: string, query: QueryParams) {
  return useQuery({
    queryKey: ['analytics', path, query],
    queryFn: ({ signal }) => api.get<T>(path, { query, signal }),
    placeholderData: keepPreviousData,
    staleTime: STALE,
  });
}

export const useOverview = (f: AnalyticsFilters) =>
  useAnalytics<OverviewResponse>('/analytics/overview', params(f));
export const useLocations = (f: AnalyticsFilters) =>
  useAnalytics<LocationsResponse>('/analytics/locations', { ...params(f), months: 4 });
export const useSpecialties = (f: AnalyticsFilters) =>
  useAnalytics<SpecialtiesResponse>('/analytics/specialties', params(f));
export const usePerformance = (f: AnalyticsFilters) =>
  useAnalytics<PerformanceResponse>('/analytics/performance', params(f));
/** The oportunidad report's choice: the year, a month or a semester, and optionally a site and an EPS. */
export interface OportunidadFilters {
  year: number;
  month: number | null;
  semester: number | null;
  location_id: number | null;
  eps_id: number | null;
}
export const useOportunidad = (f: OportunidadFilters) =>
  useAnalytics<OportunidadResponse>('/analytics/oportunidad', { ...f });

/** Sites and EPS for the oportunidad filters. */
export function useNamedList(path: '/locations' | '/eps') {
  return useQuery({
    queryKey: ['analytics', 'list', path],
    queryFn: ({ signal }) => api.get<ApiEnvelope<Named[]>>(path, { signal }).then((r) => r.data),
    staleTime: 5 * 60_000,
  });
}

export interface Named {
  id: number;
  name: string;
}
export function useZones() {
  return useQuery({
    queryKey: ['analytics', 'zones'],
    queryFn: ({ signal }) => api.get<ApiEnvelope<Named[]>>('/zones', { signal }).then((r) => r.data),
    staleTime: 5 * 60_000,
  });
}
export function useMunicipalities(zoneId: number | null) {
  return useQuery({
    queryKey: ['analytics', 'municipalities', zoneId],
    queryFn: ({ signal }) =>
      api
        .get<ApiEnvelope<Named[]>>('/municipalities', { query: { zone_id: zoneId }, signal })
        .then((r) => r.data),
    enabled: zoneId !== null,
    staleTime: 5 * 60_000,
  });
}

/** The oportunidad files, built by the server (Excel): the indicators, or the per-appointment detail. */
export const oportunidadExportUrl = (kind: 'indicators' | 'detail', f: OportunidadFilters) =>
  apiUrl('/analytics/oportunidad/export', { kind, ...f, format: 'xlsx', token: getToken() });
