import { useMutation } from '@tanstack/react-query';
import type {
  SmartAssignInput,
  SmartAssignResponse,
  SmartAssignResult,
} from '@ips/shared/schemas/smart-assign';
import { api } from '@/lib/api-client';
import { useInvalidateBookings } from '@/features/appointments/api/appointment-mutations';

export type { SmartAssignResult };

/**
 * POST /auto-assignment/smart-assign: the first free time that fits the preferences becomes a Confirmada
 * appointment, else the patient joins the waiting queue. The key makes a retried request book once.
 */
export function smartAssign(body: SmartAssignInput, idempotencyKey: string): Promise<SmartAssignResult> {
  return api
    .post<SmartAssignResponse>('/auto-assignment/smart-assign', body, {
      headers: { 'Idempotency-Key': idempotencyKey },
    })
    .then((r) => r.data);
}

export function useSmartAssign() {
  const invalidate = useInvalidateBookings();
  return useMutation({
    mutationFn: ({ body, key }: { body: SmartAssignInput; key: string }) => smartAssign(body, key),
    onSuccess: invalidate,
  });
}
