import { useMutation } from '@tanstack/react-query';
import type { TransferMode } from '@ips/shared/schemas/availabilities-actions';
import { api, type ApiEnvelope } from '@/lib/api-client';
import { useInvalidateScheduling } from '@/lib/scheduling-queries';
import type { AgendaDetail } from '@/features/agendas/api/agendas';

type WithMessage<T> = ApiEnvelope<T> & { message?: string };

function useAgendaMutation<V, R>(fn: (v: V) => Promise<R>) {
  const invalidate = useInvalidateScheduling();
  return useMutation({ mutationFn: fn, onSuccess: () => void invalidate() });
}

export const useCreateAgenda = () =>
  useAgendaMutation((body: Record<string, unknown>) =>
    api.post<WithMessage<AgendaDetail>>('/availabilities', body),
  );

export const useUpdateAgenda = () =>
  useAgendaMutation(({ id, body }: { id: number; body: Record<string, unknown> }) =>
    api.put<WithMessage<AgendaDetail>>(`/availabilities/${id}`, body),
  );

export const useTransferAgenda = () =>
  useAgendaMutation(({ id, new_date, mode }: { id: number; new_date: string; mode: TransferMode }) =>
    api.post<WithMessage<AgendaDetail> & { appointments_moved: number }>(`/availabilities/${id}/transfer`, {
      new_date,
      mode,
    }),
  );

export const useRescheduleAgenda = () =>
  useAgendaMutation(({ id, ...body }: { id: number; date: string; start_time: string; end_time: string }) =>
    api.post<WithMessage<AgendaDetail> & { appointments_moved: number }>(
      `/availabilities/${id}/reschedule`,
      body,
    ),
  );

export const useCancelAgenda = () =>
  useAgendaMutation(({ id, message, channel }: { id: number; message: string; channel: string }) =>
    api.post<WithMessage<AgendaDetail> & { appointments_cancelled: number; notices_created: number }>(
      `/availabilities/${id}/cancel`,
      { message, channel },
    ),
  );

export const useSyncSlots = () =>
  useAgendaMutation((id: number) =>
    api.post<ApiEnvelope<{ updated: number; booked_slots: number; previous_booked_slots: number }>>(
      `/availabilities/${id}/sync-slots`,
    ),
  );

export const useSyncAppointmentTimes = () =>
  useAgendaMutation((id: number) =>
    api.post<WithMessage<{ updated: number; total: number }>>(`/availabilities/${id}/sync-appointment-times`),
  );

export const useRegenerateDistribution = () =>
  useAgendaMutation((id: number) => api.post(`/availabilities/${id}/regenerate-distribution`));

export const useSetAssigned = () =>
  useAgendaMutation(({ id, assigned }: { id: number; assigned: number }) =>
    api.put<WithMessage<unknown>>(`/availabilities/distributions/${id}/assigned`, { assigned }),
  );

export interface AutoCancelResult {
  cancelled: number;
  appointments_cancelled: number;
  availability_ids: number[];
  skipped_ids: number[];
}

export const useAutoCancel = () =>
  useAgendaMutation((body: { availability_ids: number[]; also_appointments: boolean }) =>
    api.post<WithMessage<AutoCancelResult>>('/availabilities/auto-cancel', body),
  );
