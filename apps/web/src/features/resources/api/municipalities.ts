import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { MunicipalityDto } from '@ips/shared/schemas/resources-municipalities';
import { crudOf, useRemove, useSave } from '@/features/resources/api/crud';
import { resourceKeys } from '@/features/resources/api/query-keys';

export type Municipality = MunicipalityDto;

export const municipalitiesApi = crudOf<Municipality>('/municipalities');

/** All municipalities (the DIVIPOLA catalogue, ~1.100) or those of one zone. */
export const municipalitiesQuery = (zoneId?: number) =>
  queryOptions({
    queryKey: [...resourceKeys.municipalities, zoneId ?? 'all'],
    queryFn: ({ signal }) => municipalitiesApi.list(zoneId ? { zone_id: zoneId } : undefined, signal),
    staleTime: 5 * 60_000,
  });

export const useMunicipalities = (zoneId?: number) =>
  useQuery({ ...municipalitiesQuery(zoneId), placeholderData: keepPreviousData });

// A zone's count of municipalities and the locations' municipality names change with them.
const affected = [resourceKeys.municipalities, resourceKeys.zones, ['locations']] as const;
export const useSaveMunicipality = () => useSave(municipalitiesApi, affected);
export const useDeleteMunicipality = () => useRemove(municipalitiesApi, affected);
