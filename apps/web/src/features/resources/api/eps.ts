import { queryOptions, useQuery } from '@tanstack/react-query';
import type { EpsDto } from '@ips/shared/schemas/resources-eps';
import { crudOf, useRemove, useSave } from '@/features/resources/api/crud';
import { resourceKeys } from '@/features/resources/api/query-keys';

export type Eps = EpsDto;

export const epsApi = crudOf<Eps>('/eps');

export const epsQuery = queryOptions({
  queryKey: resourceKeys.eps,
  queryFn: ({ signal }) => epsApi.list(undefined, signal),
});

export const useEpsList = () => useQuery(epsQuery);
const affected = [resourceKeys.eps, resourceKeys.epsAuthorizations] as const;
export const useSaveEps = () => useSave(epsApi, affected);
export const useDeleteEps = () => useRemove(epsApi, affected);
