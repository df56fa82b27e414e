import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ServiceDto } from '@ips/shared/schemas/resources-services';
import { crudOf, useRemove, useSave } from '@/features/resources/api/crud';
import { resourceKeys } from '@/features/resources/api/query-keys';

export type Service = ServiceDto;

export const servicesApi = crudOf<Service>('/services');

export const servicesQuery = queryOptions({
  queryKey: resourceKeys.services,
  queryFn: ({ signal }) => servicesApi.list(undefined, signal),
});

export const useServices = () => useQuery(servicesQuery);
export const useSaveService = () => useSave(servicesApi, [resourceKeys.services]);
export const useDeleteService = () => useRemove(servicesApi, [resourceKeys.services]);
