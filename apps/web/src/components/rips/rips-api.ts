import { useQuery } from '@tanstack/react-query';
import type { AttendanceDto, Cie10Dto } from '@ips/shared/schemas/rips';
import { api, type ApiEnvelope } from '@/lib/api-client';

/** RIPS reads shared by the RIPS screen and Cola Diaria (the attendance form): code tables, CIE-10, the record. */
export const ripsKeys = {
  all: ['rips'] as const,
  codes: (table: string) => ['rips', 'codes', table] as const,
  cie10: (q: string) => ['rips', 'cie10', q] as const,
  attendance: (id: number) => ['rips', 'attendance', id] as const,
};

export type RipsCode = { table: string; code: string; name: string };

export function useRipsCodes(table: string) {
  return useQuery({
    queryKey: ripsKeys.codes(table),
    queryFn: ({ signal }) =>
      api.get<ApiEnvelope<RipsCode[]>>('/rips/codes', { query: { table }, signal }).then((r) => r.data),
    staleTime: 60 * 60_000,
  });
}

export function useCie10Search(q: string) {
  return useQuery({
    queryKey: ripsKeys.cie10(q),
    queryFn: ({ signal }) =>
      api
        .get<ApiEnvelope<{ items: Cie10Dto[] }>>('/cie10', { query: { search: q, limit: 10 }, signal })
        .then((r) => r.data.items),
    enabled: q.trim().length >= 2,
    staleTime: 5 * 60_000,
  });
}

export function useAttendance(id: number | null) {
  return useQuery({
    queryKey: ripsKeys.attendance(id ?? 0),
    queryFn: ({ signal }) =>
      api.get<ApiEnvelope<AttendanceDto>>(`/rips/attendance/${id}`, { signal }).then((r) => r.data),
    enabled: id !== null,
  });
}
