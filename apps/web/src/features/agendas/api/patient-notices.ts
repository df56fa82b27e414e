import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { patientNoticeDto } from '@ips/shared/schemas/notifications';
import { api } from '@/lib/api-client';
import { agendaKeys } from '@/features/agendas/api/agenda-keys';

export type PatientNotice = z.infer<typeof patientNoticeDto>;

export interface PatientNoticesPage {
  data: PatientNotice[];
  total: number;
  page: number;
  limit: number;
  /** Count per status (pendiente, enviada, fallida, sin_correo). */
  summary: Record<string, number>;
}

export const PATIENT_NOTICES_PAGE_SIZE = 10;

/** The notices a cancelled agenda left for its patients, with each one's status (GET /notifications/patient-notices). */
export function usePatientNotices(availabilityId: number, page: number, enabled: boolean) {
  return useQuery({
    queryKey: [...agendaKeys.all, 'patient-notices', availabilityId, page],
    queryFn: ({ signal }) =>
      api.get<PatientNoticesPage>('/notifications/patient-notices', {
        query: { availability_id: availabilityId, page, limit: PATIENT_NOTICES_PAGE_SIZE },
        signal,
      }),
    enabled,
    placeholderData: keepPreviousData,
    // The outbox settles a notice within seconds: follow it while any is still pending.
    refetchInterval: (q) => ((q.state.data?.summary.pendiente ?? 0) > 0 ? 10_000 : false),
  });
}
