import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { PatientDto, PatientListResponse } from '@ips/shared/schemas/patients-response';
import { api } from '@/lib/api-client';
import { patientKeys } from '@/features/patients/api/patient-keys';
import type { PatientGenderFilter, PatientListParams } from '@/features/patients/api/patient-list-params';

export type Patient = PatientDto;
export type { PatientGenderFilter, PatientListParams };

export type PatientListData = PatientListResponse['data'];

/** GET /patients-v2?page=&limit=&search=&gender=&status= */
export function getPatients(params: PatientListParams, signal?: AbortSignal): Promise<PatientListData> {
  return api
    .get<PatientListResponse>('/patients-v2', {
      signal,
      query: {
        page: params.page,
        limit: params.limit,
        search: params.search?.trim() || undefined,
        gender: params.gender && params.gender !== 'Todos' ? params.gender : undefined,
        status: params.status,
        anchor: params.anchor?.token,
        anchor_page: params.anchor?.page,
      },
    })
    .then((r) => r.data);
}

export const patientsQuery = (params: PatientListParams) =>
  queryOptions({
    queryKey: patientKeys.list(params),
    queryFn: ({ signal }) => getPatients(params, signal),
    // The previous page stays on screen while the next one of the same tab loads (no flashing skeletons when
    // paging or searching); another tab starts from its skeleton rather than showing the wrong status.
    placeholderData: (previous, previousQuery) =>
      (previousQuery?.queryKey[2] as PatientListParams | undefined)?.status === params.status
        ? keepPreviousData(previous)
        : undefined,
    meta: { live: true },
  });

export function usePatients(params: PatientListParams) {
  return useQuery(patientsQuery(params));
}
