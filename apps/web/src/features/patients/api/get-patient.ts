import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PatientDto } from '@ips/shared/schemas/patients-response';
import { api, type ApiEnvelope } from '@/lib/api-client';
import { patientKeys } from '@/features/patients/api/patient-keys';

/** GET /patients-v2/{id}: the full record with the names of its lookups. */
export function getPatient(id: number, signal?: AbortSignal): Promise<PatientDto> {
  return api.get<ApiEnvelope<PatientDto>>(`/patients-v2/${id}`, { signal }).then((r) => r.data);
}

/**
 * The edit form loads the record after a short pause (spec: 200 ms), so the dialog opens at once and the
 * skeleton shows instead of a flash of empty fields.
 */
export const EDIT_LOAD_DELAY_MS = 200;

export const patientQuery = (id: number, delayMs = 0) =>
  queryOptions({
    queryKey: patientKeys.detail(id),
    queryFn: async ({ signal }) => {
      if (delayMs > 0) await new Promise((r) => setTimeout(r, delayMs));
      return getPatient(id, signal);
    },
    staleTime: 0,
  });

export function usePatient(id: number | null, options: { delayMs?: number } = {}) {
  return useQuery({ ...patientQuery(id ?? 0, options.delayMs), enabled: id !== null, gcTime: 0 });
}
