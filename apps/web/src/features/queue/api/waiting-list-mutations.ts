import { useMutation } from '@tanstack/react-query';
import type { OutboundCallsInput, OutboundCallsResponse, QueueItemResponse } from '@ips/shared/schemas/queue';
import type {
  AssignFromWaitingListInput,
  AssignFromWaitingListResponse,
} from '@ips/shared/schemas/waiting-list';
import { api } from '@/lib/api-client';
import { useInvalidateScheduling } from '@/lib/scheduling-queries';

/** A queue change moves the waiting list and its count; an assignment also books an appointment. */
const useInvalidateQueue = useInvalidateScheduling;

/** POST /appointments/waiting-list/assign: the entry leaves the queue and a Confirmada appointment is booked. */
export function useAssignFromWaitingList() {
  const invalidate = useInvalidateQueue();
  return useMutation({
    mutationFn: (body: AssignFromWaitingListInput) =>
      api.post<AssignFromWaitingListResponse & { message?: string }>(
        '/appointments/waiting-list/assign',
        body,
      ),
    onSuccess: invalidate,
    // A 409 (the agenda filled meanwhile) leaves the entry waiting: the agendas on screen are stale either way.
    onError: invalidate,
  });
}

/** DELETE /appointments/waiting-list/{id}?reason= */
export function useRemoveFromWaitingList() {
  const invalidate = useInvalidateQueue();
  return useMutation({
    mutationFn: ({ id, reason }: { id: number; reason?: string }) =>
      api.delete<QueueItemResponse & { message?: string }>(`/appointments/waiting-list/${id}`, {
        query: { reason: reason?.trim() || undefined },
      }),
    onSuccess: invalidate,
  });
}

/** PATCH /appointments/waiting-list/{id}/cups {cups_id}; null clears it. */
export function useUpdateEntryCups() {
  const invalidate = useInvalidateQueue();
  return useMutation({
    mutationFn: ({ id, cups_id }: { id: number; cups_id: number | null }) =>
      api.patch<QueueItemResponse & { message?: string }>(`/appointments/waiting-list/${id}/cups`, {
        cups_id,
      }),
    onSuccess: invalidate,
  });
}

/**
 * POST /queue/outbound-calls: requests automated calls for some entries or a whole specialty. With dry_run the
 * server only previews the generated explanation texts; otherwise each call is recorded as pending for the
 * voice agent (nothing is dialled here).
 */
export function requestOutboundCalls(body: OutboundCallsInput) {
  return api.post<OutboundCallsResponse>('/queue/outbound-calls', body).then((r) => r.data);
}

export function useRequestOutboundCalls() {
  const invalidate = useInvalidateQueue();
  return useMutation({ mutationFn: requestOutboundCalls, onSuccess: invalidate });
}
