import { queryOptions, useQuery } from '@tanstack/react-query';
import type { LocationDto, LocationMetricsDto } from '@ips/shared/schemas/resources-locations';
import { api, type ApiEnvelope } from '@/lib/api-client';
import { crudOf, useRemove, useSave } from '@/features/resources/api/crud';
import { resourceKeys } from '@/features/resources/api/query-keys';

export type Location = LocationDto;
export type LocationMetrics = LocationMetricsDto;

export const locationsApi = crudOf<Location>('/locations');

export const locationsQuery = queryOptions({
  queryKey: ['locations', 'list'],
  queryFn: ({ signal }) => locationsApi.list(undefined, signal),
});

export const useLocations = () => useQuery(locationsQuery);

/** GET /locations/{id}/metrics?month&year: capacity, occupancy (0–1) and appointments of one month. */
export const locationMetricsQuery = (id: number, month: number, year: number) =>
  queryOptions({
    queryKey: ['locations', 'metrics', id, year, month],
    queryFn: ({ signal }) =>
      api
        .get<ApiEnvelope<LocationMetrics>>(`/locations/${id}/metrics`, { signal, query: { month, year } })
        .then((r) => r.data),
    meta: { live: true },
  });

export const useLocationMetrics = (id: number, month: number, year: number) =>
  useQuery(locationMetricsQuery(id, month, year));

// Location types count their locations, doctors list their locations and a specialty's usage counts them.
const affected = [['locations'], resourceKeys.locationTypes, resourceKeys.doctors] as const;
export const useSaveLocation = () => useSave(locationsApi, affected);
export const useDeleteLocation = () => useRemove(locationsApi, affected);
