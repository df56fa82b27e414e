import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AppointmentDto } from '@ips/shared/schemas/appointments';
import { api } from '@/lib/api-client';
import { appointmentKeys } from '@/features/appointments/api/appointment-keys';

export type Appointment = AppointmentDto;

export interface AppointmentFilters {
  status?: string;
  date?: string;
  start_date?: string;
  end_date?: string;
  availability_id?: number;
  patient_id?: number;
  doctor_id?: number;
}

interface AppointmentPage {
  success: true;
  data: Appointment[];
  total: number;
  page: number;
  limit: number;
}

const PAGE = 1000;

/** GET /appointments with the filters; follows the pages so a busy day is never cut at the first thousand. */
export async function getAppointments(
  filters: AppointmentFilters,
  signal?: AbortSignal,
): Promise<Appointment[]> {
  const first = await api.get<AppointmentPage>('/appointments', {
    signal,
    query: { ...filters, page: 1, limit: PAGE },
  });
  const pages = Math.ceil(first.total / PAGE);
  if (pages <= 1) return first.data;
  const rest = await Promise.all(
    Array.from({ length: pages - 1 }, (_, i) =>
      api.get<AppointmentPage>('/appointments', { signal, query: { ...filters, page: i + 2, limit: PAGE } }),
    ),
  );
  return [first.data, ...rest.map((r) => r.data)].flat();
}

/** How many appointments match, read from the list's `total` with a one-row page. */
export function countAppointments(filters: AppointmentFilters, signal?: AbortSignal): Promise<number> {
  return api
    .get<AppointmentPage>('/appointments', { signal, query: { ...filters, page: 1, limit: 1 } })
    .then((r) => r.total);
}

export const appointmentsQuery = (filters: AppointmentFilters, enabled = true) =>
  queryOptions({
    queryKey: appointmentKeys.list(filters),
    queryFn: ({ signal }) => getAppointments(filters, signal),
    enabled,
    meta: { live: true },
  });

export function useAppointments(filters: AppointmentFilters, enabled = true) {
  return useQuery(appointmentsQuery(filters, enabled));
}
