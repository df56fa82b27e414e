import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DoctorDto } from '@ips/shared/schemas/resources-doctors';
import { crudOf, useRemove, useSave } from '@/features/resources/api/crud';
import { resourceKeys } from '@/features/resources/api/query-keys';

export type Doctor = DoctorDto;

export const doctorsApi = crudOf<Doctor>('/doctors');

export const doctorsQuery = queryOptions({
  queryKey: resourceKeys.doctors,
  queryFn: ({ signal }) => doctorsApi.list(undefined, signal),
});

export const useDoctors = () => useQuery(doctorsQuery);
export const useSaveDoctor = () => useSave(doctorsApi, [resourceKeys.doctors]);
export const useDeleteDoctor = () => useRemove(doctorsApi, [resourceKeys.doctors]);
