import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PatientSummaryDto } from '@ips/shared/schemas/patients-response';
import { api, type ApiEnvelope } from '@/lib/api-client';
import { patientKeys } from '@/features/patients/api/patient-keys';

export type PatientSummary = PatientSummaryDto;

/** GET /patients-v2/summary: the four cards (total, Nuevos Hoy, by gender, Top 3 EPS). */
export function getPatientSummary(signal?: AbortSignal): Promise<PatientSummary> {
  return api.get<ApiEnvelope<PatientSummary>>('/patients-v2/summary', { signal }).then((r) => r.data);
}

export const patientSummaryQuery = queryOptions({
  queryKey: patientKeys.summary(),
  queryFn: ({ signal }) => getPatientSummary(signal),
  meta: { live: true },
});

export function usePatientSummary() {
  return useQuery(patientSummaryQuery);
}
