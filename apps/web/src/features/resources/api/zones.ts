import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ZoneDto } from '@ips/shared/schemas/resources-zones';
import { crudOf, useRemove, useSave } from '@/features/resources/api/crud';
import { resourceKeys } from '@/features/resources/api/query-keys';

export type Zone = ZoneDto;

export const zonesApi = crudOf<Zone>('/zones');

export const zonesQuery = queryOptions({
  queryKey: resourceKeys.zones,
  queryFn: ({ signal }) => zonesApi.list(undefined, signal),
});

export const useZones = () => useQuery(zonesQuery);
export const useSaveZone = () => useSave(zonesApi, [resourceKeys.zones]);
export const useDeleteZone = () => useRemove(zonesApi, [resourceKeys.zones]);
