import { queryOptions, useQuery } from '@tanstack/react-query';
import type { LocationTypeDto } from '@ips/shared/schemas/resources-location-types';
import { crudOf, useRemove, useSave } from '@/features/resources/api/crud';
import { resourceKeys } from '@/features/resources/api/query-keys';

export type LocationType = LocationTypeDto;

export const locationTypesApi = crudOf<LocationType>('/location-types');

export const locationTypesQuery = queryOptions({
  queryKey: resourceKeys.locationTypes,
  queryFn: ({ signal }) => locationTypesApi.list(undefined, signal),
});

export const useLocationTypes = () => useQuery(locationTypesQuery);
// Locations show their type's name.
const affected = [resourceKeys.locationTypes, ['locations']] as const;
export const useSaveLocationType = () => useSave(locationTypesApi, affected);
export const useDeleteLocationType = () => useRemove(locationTypesApi, affected);
