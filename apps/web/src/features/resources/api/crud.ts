import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { api, type ApiEnvelope, type QueryParams } from '@/lib/api-client';

/** A write's answer: the saved record and the server's Spanish message ('Especialidad creada'). */
export interface Saved<T> {
  success: true;
  data: T;
  message?: string;
}

export interface Removed {
  success: true;
  message?: string;
}

/** GET/POST `path`, PUT/DELETE `path/{id}` of one master-data resource. */
export function crudOf<T>(path: string) {
  return {
    list: (query?: QueryParams, signal?: AbortSignal) =>
      api.get<ApiEnvelope<T[]>>(path, { query, signal }).then((r) => r.data),
    create: (body: unknown) => api.post<Saved<T>>(path, body),
    update: (id: number, body: unknown) => api.put<Saved<T>>(`${path}/${id}`, body),
    /** Services answer 204 without a body. */
    remove: (id: number) => api.delete<Removed | undefined>(`${path}/${id}`),
  };
}

export type Crud<T> = ReturnType<typeof crudOf<T>>;

/** Refreshes every list that shows what a write changed. */
function useInvalidate(keys: readonly QueryKey[]) {
  const queryClient = useQueryClient();
  return () => Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}

/** Create when `id` is absent, else update. */
export function useSave<T>(crud: Crud<T>, invalidate: readonly QueryKey[]) {
  const refresh = useInvalidate(invalidate);
  return useMutation({
    mutationFn: ({ id, body }: { id?: number; body: unknown }) =>
      id === undefined ? crud.create(body) : crud.update(id, body),
    onSuccess: refresh,
  });
}

export function useRemove<T>(crud: Crud<T>, invalidate: readonly QueryKey[]) {
  const refresh = useInvalidate(invalidate);
  return useMutation({ mutationFn: (id: number) => crud.remove(id), onSuccess: refresh });
}
