import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { ConsultationDetail, ConsultationListResponse } from '@ips/shared/schemas/consultations';
import { api, apiUrl, type ApiEnvelope } from '@/lib/api-client';
import { getToken } from '@/lib/auth-storage';

export const CONSULTATIONS_KEY = ['consultations'] as const;
const PAGE_SIZE = 25;

/** GET /consultations/elevenlabs, a page at a time by cursor ("Cargar más"). */
export function useConsultations() {
  return useInfiniteQuery({
    queryKey: [...CONSULTATIONS_KEY, 'list'],
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) =>
      api.get<ConsultationListResponse>('/consultations/elevenlabs', {
        signal,
        query: { page_size: PAGE_SIZE, cursor: pageParam ?? undefined },
      }),
    getNextPageParam: (last) => last.next_cursor,
  });
}

export function useConsultation(id: number | null) {
  return useQuery({
    queryKey: [...CONSULTATIONS_KEY, 'detail', id],
    queryFn: ({ signal }) =>
      api
        .get<ApiEnvelope<ConsultationDetail>>(`/consultations/elevenlabs/${id}`, { signal })
        .then((r) => r.data),
    enabled: id !== null,
  });
}

/** The recording's URL for the audio element (it cannot send headers). */
export const recordingSrc = (callId: number) => apiUrl(`/calls/${callId}/audio`, { token: getToken() });
