import type { PatientListParams } from '@/features/patients/api/patient-list-params';

/** Query keys of the patient feature; invalidating `patientKeys.all` refreshes lists, cards and statistics. */
export const patientKeys = {
  all: ['patients'] as const,
  lists: () => [...patientKeys.all, 'list'] as const,
  list: (params: PatientListParams) => [...patientKeys.lists(), params] as const,
  summary: () => [...patientKeys.all, 'summary'] as const,
  stats: () => [...patientKeys.all, 'stats'] as const,
  detail: (id: number) => [...patientKeys.all, 'detail', id] as const,
  appointments: (id: number) => [...patientKeys.all, 'appointments', id] as const,
  calls: (id: number, page: number) => [...patientKeys.all, 'calls', id, page] as const,
  callLogs: (id: number, page: number) => [...patientKeys.all, 'call-logs', id, page] as const,
};
