import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AppointmentDto } from '@ips/shared/schemas/appointments';
import type {
  AvailabilityDetailDto,
  AvailabilityDto,
  SmartOptionsDto,
} from '@ips/shared/schemas/availabilities-response';
import { AGENDA_LIST_MAX } from '@ips/shared/schemas/availabilities';
import { api, type ApiEnvelope, type QueryParams } from '@/lib/api-client';
import { fetchAllPages } from '@/lib/fetch-all-pages';
import { agendaKeys } from '@/features/agendas/api/agenda-keys';

export type Agenda = AvailabilityDto;
export type AgendaDetail = AvailabilityDetailDto;
export type Appointment = AppointmentDto;

export interface AgendaListParams {
  date?: string;
  start_date?: string;
  end_date?: string;
  specialty_id?: number;
  doctor_id?: number;
  location_id?: number;
  status?: string;
  /** Only agendas where an appointment can still start (what is offered as free; GET ?upcoming=true). */
  upcoming?: boolean;
}

/** Spec §9: the agenda list refreshes every 90 s. */
const AGENDA_REFRESH_MS = 90_000;

export const agendasQuery = (params: AgendaListParams, enabled = true) =>
  queryOptions({
    queryKey: agendaKeys.list(params),
    queryFn: ({ signal }) => fetchAllPages<Agenda>('/availabilities', { ...params }, AGENDA_LIST_MAX, signal),
    enabled,
    refetchInterval: AGENDA_REFRESH_MS,
    placeholderData: (previous) => previous,
    meta: { live: true },
  });
export const useAgendas = (params: AgendaListParams, enabled = true) =>
  useQuery(agendasQuery(params, enabled));

export const useAgendaDetail = (id: number | null) =>
  useQuery({
    queryKey: agendaKeys.detail(id ?? 0),
    queryFn: ({ signal }) =>
      api.get<ApiEnvelope<AgendaDetail>>(`/availabilities/${id}`, { signal }).then((r) => r.data),
    enabled: id !== null,
    meta: { live: true },
  });

export interface AppointmentListParams {
  availability_id?: number;
  date?: string;
  status?: string;
}

/** GET /appointments answers at most 1000 a page. */
const APPOINTMENTS_PAGE = 1000;

/**
 * GET /appointments (availability_id or date): the booked patients of an agenda or a day, every page (a busy
 * day has several thousand).
 */
export const useAgendaAppointments = (params: AppointmentListParams, enabled = true) =>
  useQuery({
    queryKey: agendaKeys.appointments(params),
    queryFn: ({ signal }) =>
      fetchAllPages<Appointment>('/appointments', { ...params }, APPOINTMENTS_PAGE, signal),
    enabled,
    meta: { live: true },
  });

export interface DaySummary {
  date: string;
  appointments: number;
  availabilities: number;
}

/** GET /appointments/summary?start&end: appointments and non-cancelled agendas per day. */
export const useAgendaSummary = (start: string, end: string) =>
  useQuery({
    queryKey: agendaKeys.summary(start, end),
    queryFn: ({ signal }) =>
      api
        .get<ApiEnvelope<{ by_day: DaySummary[] }>>('/appointments/summary', {
          signal,
          query: { start, end },
        })
        .then((r) => r.data.by_day),
    placeholderData: (previous) => previous,
    refetchInterval: AGENDA_REFRESH_MS,
    meta: { live: true },
  });

export interface SmartOptionsParams {
  date?: string;
  specialty_id?: number;
  location_id?: number;
  doctor_id?: number;
}

/** The create form's chained selects (location → specialties, specialty → doctors). */
export const useSmartOptions = (params: SmartOptionsParams, enabled = true) =>
  useQuery({
    queryKey: agendaKeys.options(params),
    queryFn: ({ signal }) =>
      api
        .get<ApiEnvelope<SmartOptionsDto>>('/availabilities/smart-options', {
          signal,
          query: params as QueryParams,
        })
        .then((r) => r.data),
    enabled,
    placeholderData: (previous) => previous,
    staleTime: 60_000,
  });

export interface FilterOptions {
  doctors: { id: number; name: string }[];
  specialties: { id: number; name: string }[];
  locations: { id: number; name: string }[];
  statuses: string[];
}

/** Failures silently yield empty lists (spec §8: agenda lookups). */
export const useFilterOptions = () =>
  useQuery({
    queryKey: agendaKeys.filterOptions(),
    queryFn: ({ signal }) =>
      api
        .get<ApiEnvelope<FilterOptions>>('/availabilities/filters/options', { signal })
        .then((r) => r.data)
        .catch((): FilterOptions => ({ doctors: [], specialties: [], locations: [], statuses: [] })),
    staleTime: 5 * 60_000,
  });
