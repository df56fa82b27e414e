import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AppointmentDto } from '@ips/shared/schemas/appointments';
import { api } from '@/lib/api-client';
import { fetchAllPages, type PagedEnvelope } from '@/lib/fetch-all-pages';
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

/** GET /appointments caps a page at 1000. */
const PAGE = 1000;

/** GET /appointments with the filters; follows the pages so a busy day is never cut at the first thousand. */
export function getAppointments(filters: AppointmentFilters, signal?: AbortSignal): Promise<Appointment[]> {
  return fetchAllPages<Appointment>('/appointments', { ...filters }, PAGE, signal);
}

/** How many appointments match, read from the list's `total` with a one-row page. */
export function countAppointments(filters: AppointmentFilters, signal?: AbortSignal): Promise<number> {
  return api
    .get<PagedEnvelope<Appointment>>('/appointments', { signal, query: { ...filters, page: 1, limit: 1 } })
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
