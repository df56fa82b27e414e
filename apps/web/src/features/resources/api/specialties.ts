import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SpecialtyDto, SpecialtyUsageDto } from '@ips/shared/schemas/resources-specialties';
import { api, type ApiEnvelope } from '@/lib/api-client';
import { crudOf, useRemove, useSave } from '@/features/resources/api/crud';
import { resourceKeys } from '@/features/resources/api/query-keys';

export type Specialty = SpecialtyDto;

export const specialtiesApi = crudOf<Specialty>('/specialties');

export const specialtiesQuery = queryOptions({
  queryKey: resourceKeys.specialties,
  queryFn: ({ signal }) => specialtiesApi.list(undefined, signal),
});

export const useSpecialties = () => useQuery(specialtiesQuery);
// Doctors and locations show specialty names.
export const useSaveSpecialty = () =>
  useSave(specialtiesApi, [resourceKeys.specialties, resourceKeys.doctors, ['locations']]);
export const useDeleteSpecialty = () => useRemove(specialtiesApi, [resourceKeys.specialties]);

/**
 * GET /specialties/{id}/usage: doctors, sites and patients in its waiting queue, read when the delete dialog opens
 * (the queue changes all day, so it is never taken from the cache).
 */
export const useSpecialtyUsage = (id: number | undefined) =>
  useQuery({
    queryKey: [...resourceKeys.specialties, id, 'usage'],
    queryFn: ({ signal }) =>
      api.get<ApiEnvelope<SpecialtyUsageDto>>(`/specialties/${id}/usage`, { signal }).then((r) => r.data),
    enabled: id !== undefined,
    staleTime: 0,
    gcTime: 0,
  });
