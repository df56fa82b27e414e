import { useQuery } from '@tanstack/react-query';
import type { DoctorDto } from '@ips/shared/schemas/resources-doctors';
import { api, type ApiEnvelope } from '@/lib/api-client';
import { resourceKeys } from '@/features/resources/api/query-keys';
import { MAX_DOCTORS, SERVER_SEARCH_MIN } from '@/app/keyboard/palette-entries';

/** GET /doctors/search/q?q=: name, licence or e-mail, from 2 characters. A failure yields an empty list. */
async function searchDoctors(q: string, signal?: AbortSignal): Promise<DoctorDto[]> {
  try {
    const r = await api.get<ApiEnvelope<DoctorDto[]>>('/doctors/search/q', {
      signal,
      query: { q, limit: MAX_DOCTORS },
    });
    return r.data;
  } catch (err) {
    if (err instanceof DOMException && err.name === 'AbortError') throw err;
    return [];
  }
}

/** The palette's doctor search; under the doctors' key, so a saved doctor refreshes it. */
export function useDoctorSearch(text: string) {
  const q = text.trim();
  return useQuery({
    queryKey: [...resourceKeys.doctors, 'search', q],
    queryFn: ({ signal }) => searchDoctors(q, signal),
    enabled: q.length >= SERVER_SEARCH_MIN,
    staleTime: 15_000,
  });
}
