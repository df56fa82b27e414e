import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SpecialtyDto } from '@ips/shared/schemas/resources-specialties';
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
