import { queryOptions, useQuery } from '@tanstack/react-query';
import type {
  AvailabilityDetailDto,
  AvailabilityDto,
  SmartOptionsDto,
} from '@ips/shared/schemas/availabilities-response';
import type { AvailableDateDto } from '@ips/shared/schemas/availabilities-distribution';
import { AGENDA_LIST_MAX } from '@ips/shared/schemas/availabilities';
import { api, type ApiEnvelope } from '@/lib/api-client';
import { fetchAllPages } from '@/lib/fetch-all-pages';
import { availabilityKeys } from '@/features/appointments/api/appointment-keys';

export type Availability = AvailabilityDto;
export type AvailabilityDetail = AvailabilityDetailDto;
export type AvailableDate = AvailableDateDto;

export interface AvailabilityFilters {
  date?: string;
  start_date?: string;
  end_date?: string;
  specialty_id?: number;
  doctor_id?: number;
  location_id?: number;
}

/** GET /availabilities (date, start_date, end_date, specialty_id, doctor_id, location_id), every page. */
export const getAvailabilities = (filters: AvailabilityFilters, signal?: AbortSignal) =>
  fetchAllPages<Availability>('/availabilities', { ...filters }, AGENDA_LIST_MAX, signal);

export const availabilitiesQuery = (filters: AvailabilityFilters) =>
  queryOptions({
    queryKey: availabilityKeys.list(filters),
    queryFn: ({ signal }) => getAvailabilities(filters, signal),
    meta: { live: true },
  });

export const useAvailabilities = (filters: AvailabilityFilters, enabled = true) =>
  useQuery({ ...availabilitiesQuery(filters), enabled });

/** GET /availabilities/{id}: the agenda with its booked patients. */
export const availabilityDetailQuery = (id: number | null) =>
  queryOptions({
    queryKey: availabilityKeys.detail(id ?? 0),
    queryFn: ({ signal }) =>
      api.get<ApiEnvelope<AvailabilityDetail>>(`/availabilities/${id}`, { signal }).then((r) => r.data),
    enabled: id !== null,
    meta: { live: true },
  });

export const useAvailabilityDetail = (id: number | null) => useQuery(availabilityDetailQuery(id));

export interface SmartOptionsFilters {
  date?: string;
  specialty_id?: number;
  location_id?: number;
  doctor_id?: number;
}

/** GET /availabilities/smart-options: specialties, locations and doctors, each narrowing the others. */
export const useSmartOptions = (filters: SmartOptionsFilters) =>
  useQuery({
    queryKey: availabilityKeys.smartOptions(filters),
    queryFn: ({ signal }) =>
      api
        .get<ApiEnvelope<SmartOptionsDto>>('/availabilities/smart-options', { signal, query: { ...filters } })
        .then((r) => r.data),
    staleTime: 5 * 60_000,
  });

export interface CalendarFilters {
  doctor_id: number;
  specialty_id?: number;
  location_id?: number;
  start_date?: string;
  end_date?: string;
}

/** GET /availabilities/distribution-calendar: the days with slots of a doctor, each with its time slots. */
export const useDistributionCalendar = (filters: CalendarFilters | null) =>
  useQuery({
    queryKey: availabilityKeys.calendar(filters ?? {}),
    queryFn: ({ signal }) =>
      api
        .get<ApiEnvelope<{ available_dates: AvailableDate[] }>>('/availabilities/distribution-calendar', {
          signal,
          query: { ...filters },
        })
        .then((r) => r.data.available_dates),
    enabled: filters !== null,
    meta: { live: true },
  });

export interface ReassignmentCandidate {
  id: number;
  doctor_name: string;
  location_name: string;
  specialty_name: string;
  date: string;
  start_time: string;
  end_time: string;
  capacity: number;
  booked_slots: number;
  available_slots: number;
}

/** GET /availabilities/{id}/available-for-reassignment: agendas of the same specialty with free slots. */
export const useReassignmentCandidates = (availabilityId: number | null) =>
  useQuery({
    queryKey: availabilityKeys.reassignment(availabilityId ?? 0),
    queryFn: ({ signal }) =>
      api
        .get<ApiEnvelope<{ specialty_name: string; available_agendas: ReassignmentCandidate[] }>>(
          `/availabilities/${availabilityId}/available-for-reassignment`,
          { signal },
        )
        .then((r) => r.data),
    enabled: availabilityId !== null,
  });
