import { useMutation } from '@tanstack/react-query';
import type {
  CancelAndReassignResponse,
  CreateAppointmentInput,
} from '@ips/shared/schemas/appointment-booking';
import { useInvalidateScheduling } from '@/lib/scheduling-queries';
import { api, type ApiEnvelope } from '@/lib/api-client';
import type { Appointment } from '@/features/appointments/api/get-appointments';

export type CreateAppointmentBody = CreateAppointmentInput;

/**
 * POST /appointments. The Idempotency-Key is made once per opening of a dialog, so a double click or a retry
 * after a lost answer books one appointment, never two.
 */
export function createAppointment(body: CreateAppointmentBody, idempotencyKey: string): Promise<Appointment> {
  return api
    .post<ApiEnvelope<Appointment>>('/appointments', body, {
      headers: { 'Idempotency-Key': idempotencyKey },
    })
    .then((r) => r.data);
}

export interface MessageResult<T> {
  data: T;
  message?: string;
}

/** POST /appointments/{id}/cancel {reason}. */
export function cancelAppointment(id: number, reason: string): Promise<MessageResult<Appointment>> {
  return api.post<ApiEnvelope<Appointment> & { message?: string }>(`/appointments/${id}/cancel`, { reason });
}

/** POST /appointments/{id}/restore: Cancelada back to Confirmada while its slot is still free. */
export function restoreAppointment(id: number): Promise<MessageResult<Appointment>> {
  return api.post<ApiEnvelope<Appointment> & { message?: string }>(`/appointments/${id}/restore`, {});
}

/** POST /appointments/cancel-and-reassign: the patient goes back to the waiting queue; the slot may pass on. */
export function returnToQueue(body: {
  appointment_id: number;
  cancellation_reason: string;
  auto_assign: boolean;
}): Promise<CancelAndReassignResponse> {
  return api.post<CancelAndReassignResponse>('/appointments/cancel-and-reassign', body);
}

/** POST /availabilities/reassign-appointment: to another agenda of the same specialty, first free time. */
export function reassignAppointment(body: {
  appointment_id: number;
  new_availability_id: number;
}): Promise<{ data: { patient_name: string; scheduled_at: string }; message?: string }> {
  return api.post('/availabilities/reassign-appointment', body);
}

/** Every booking change moves an agenda's slots: refresh appointments, agendas and the queue alike. */
export const useInvalidateBookings = useInvalidateScheduling;

export function useCreateAppointment() {
  const invalidate = useInvalidateBookings();
  return useMutation({
    mutationFn: ({ body, key }: { body: CreateAppointmentBody; key: string }) => createAppointment(body, key),
    onSuccess: invalidate,
  });
}

export function useCancelAppointment() {
  const invalidate = useInvalidateBookings();
  return useMutation({
    mutationFn: ({ id, reason }: { id: number; reason: string }) => cancelAppointment(id, reason),
    onSuccess: invalidate,
  });
}

export function useRestoreAppointment() {
  const invalidate = useInvalidateBookings();
  return useMutation({ mutationFn: restoreAppointment, onSuccess: invalidate });
}

export function useReturnToQueue() {
  const invalidate = useInvalidateBookings();
  return useMutation({ mutationFn: returnToQueue, onSuccess: invalidate });
}

export function useReassignAppointment() {
  const invalidate = useInvalidateBookings();
  return useMutation({ mutationFn: reassignAppointment, onSuccess: invalidate });
}
