import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PatientStatisticsDto } from '@ips/shared/schemas/patients-response';
import { api, type ApiEnvelope } from '@/lib/api-client';
import { patientKeys } from '@/features/patients/api/patient-keys';

export type PatientStatistics = PatientStatisticsDto;

/** GET /patients-v2/stats/demographics */
export function getPatientStats(signal?: AbortSignal): Promise<PatientStatistics> {
  return api
    .get<ApiEnvelope<PatientStatistics>>('/patients-v2/stats/demographics', { signal })
    .then((r) => r.data);
}

export const patientStatsQuery = queryOptions({
  queryKey: patientKeys.stats(),
  queryFn: ({ signal }) => getPatientStats(signal),
});

/** Loads only while the statistics dialog is open. */
export function usePatientStats(options: { enabled: boolean }) {
  return useQuery({ ...patientStatsQuery, enabled: options.enabled });
}
