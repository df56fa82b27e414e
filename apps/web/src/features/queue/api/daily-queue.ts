import { keepPreviousData, queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { DailyQueueDto, DailyQueueResponse } from '@ips/shared/schemas/appointment-booking';
import type { AppointmentDto } from '@ips/shared/schemas/appointments';
import { api, type ApiEnvelope } from '@/lib/api-client';
import { useInvalidateScheduling } from '@/lib/scheduling-queries';
import { queueKeys } from '@/features/queue/api/queue-keys';

export type DailyQueue = DailyQueueDto;
export type DailyAppointment = AppointmentDto;

export interface DailyQueueParams {
  date: string;
  specialty_id?: number;
  doctor_id?: number;
  location_id?: number;
  /** One status; absent for all. */
  status?: string;
  /** Patient name or document, doctor or specialty (the server ignores accents and case). */
  q?: string;
  page: number;
  limit: number;
}

/**
 * GET /appointments/daily-queue?date&page&limit: one page of the day's appointments that match the filters, in
 * time order, with the day's counts and (today) the next one to attend. The server filters and pages: a large
 * clinic's day holds thousands of appointments.
 */
export function getDailyQueue(params: DailyQueueParams, signal?: AbortSignal): Promise<DailyQueue> {
  return api
    .get<DailyQueueResponse>('/appointments/daily-queue', { signal, query: { ...params } })
    .then((r) => r.data);
}

export const dailyQueueQuery = (params: DailyQueueParams) =>
  queryOptions({
    queryKey: queueKeys.dailyQueue(params),
    queryFn: ({ signal }) => getDailyQueue(params, signal),
    // Another day keeps the previous one on screen (dimmed) instead of flashing skeletons.
    placeholderData: keepPreviousData,
    meta: { live: true },
  });

export function useDailyQueue(params: DailyQueueParams) {
  return useQuery(dailyQueueQuery(params));
}

/**
 * PUT /appointments/{id} {status}: confirm a Pendiente, or mark a Confirmada as attended (Completada), with the
 * service given when one was chosen (otherwise the appointment's own, else its specialty's default: decision 031).
 */
export function useSetAppointmentStatus() {
  const invalidate = useInvalidateScheduling();
  return useMutation({
    mutationFn: ({
      id,
      status,
      service_id,
    }: {
      id: number;
      status: 'Confirmada' | 'Completada';
      service_id?: number;
    }) =>
      api
        .put<ApiEnvelope<DailyAppointment> & { message?: string }>(`/appointments/${id}`, {
          status,
          ...(service_id ? { service_id } : {}),
        })
        .then((r) => r.data),
    onSuccess: () => invalidate(),
  });
}
