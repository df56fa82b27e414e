import { api } from '@/lib/api-client';

/** A doctor or a service as the autocompletes offer it. */
export interface Picked {
  id: number;
  name: string;
}

/** Doctor and service suggestions of the autocompletes (GET /doctors|services/search/q, from 2 characters). */
export async function searchEntities(
  kind: 'doctors' | 'services',
  q: string,
  signal?: AbortSignal,
): Promise<Picked[]> {
  const res = await api.get<{ data: { id: number; name: string }[] }>(`/${kind}/search/q`, {
    query: { q, limit: 10 },
    signal,
  });
  return res.data.map((x) => ({ id: x.id, name: x.name }));
}
