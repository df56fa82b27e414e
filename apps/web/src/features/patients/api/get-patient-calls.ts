import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { CallLogDto, ListCallLogsResponse } from '@ips/shared/schemas/call-logs';
import type { CallDto, PatientCalls } from '@ips/shared/schemas/calls';
import { api } from '@/lib/api-client';
import { patientKeys } from '@/features/patients/api/patient-keys';

/** Rows a page of the patient's calls and call logs (the detail's 'Llamadas' tab). */
export const PATIENT_CALLS_PAGE = 10;

export interface PatientCallPage<T> {
  items: T[];
  total: number;
}

/** GET /calls?patient_id=: the call center's calls linked to the patient, newest first (page from 1). */
export function usePatientCalls(patientId: number, page: number) {
  return useQuery({
    queryKey: patientKeys.calls(patientId, page),
    queryFn: async ({ signal }): Promise<PatientCallPage<CallDto>> => {
      const body = await api.get<PatientCalls>('/calls', {
        signal,
        query: { patient_id: patientId, limit: PATIENT_CALLS_PAGE, offset: (page - 1) * PATIENT_CALLS_PAGE },
      });
      return { items: body.items, total: body.total };
    },
    placeholderData: keepPreviousData,
  });
}

/** GET /call-logs?patient_id=: the calls made or requested for the patient (agents, automated outreach). */
export function usePatientCallLogs(patientId: number, page: number) {
  return useQuery({
    queryKey: patientKeys.callLogs(patientId, page),
    queryFn: async ({ signal }): Promise<PatientCallPage<CallLogDto>> => {
      const body = await api.get<ListCallLogsResponse>('/call-logs', {
        signal,
        query: { patient_id: patientId, page, limit: PATIENT_CALLS_PAGE },
      });
      return { items: body.data, total: body.total };
    },
    placeholderData: keepPreviousData,
  });
}
