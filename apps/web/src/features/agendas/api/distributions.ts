import { useQuery } from '@tanstack/react-query';
import type { AvailableDateDto, DistributionEntryDto } from '@ips/shared/schemas/availabilities-distribution';
import { api, type ApiEnvelope, type QueryParams } from '@/lib/api-client';
import { agendaKeys } from '@/features/agendas/api/agenda-keys';

export type DistributionEntry = DistributionEntryDto;
export type AvailableDate = AvailableDateDto;

export interface DistributionParams {
  availability_id?: number;
  doctor_id?: number;
  specialty_id?: number;
  location_id?: number;
  start_date?: string;
  end_date?: string;
}

export interface DistributionStats {
  agendas: number;
  days: number;
  total_quota: number;
  total_assigned: number;
  total_remaining: number;
  utilization_percent: number;
  bands: { critical: number; high: number; medium: number; low: number };
}

export const useAgendaDistribution = (id: number, enabled = true) =>
  useQuery({
    queryKey: agendaKeys.distribution(id),
    queryFn: ({ signal }) =>
      api
        .get<ApiEnvelope<DistributionEntry[]>>(`/availabilities/${id}/distribution`, { signal })
        .then((r) => r.data),
    enabled,
  });

export const useDistributions = (params: DistributionParams) =>
  useQuery({
    queryKey: agendaKeys.distributions(params),
    queryFn: ({ signal }) =>
      api
        .get<ApiEnvelope<DistributionEntry[]>>('/availabilities/distributions', {
          signal,
          query: params as QueryParams,
        })
        .then((r) => r.data),
    placeholderData: (previous) => previous,
    meta: { live: true },
  });

export const useDistributionStats = (params: DistributionParams) =>
  useQuery({
    queryKey: agendaKeys.distributionStats(params),
    queryFn: ({ signal }) =>
      api
        .get<ApiEnvelope<DistributionStats>>('/availabilities/distributions/stats', {
          signal,
          query: params as QueryParams,
        })
        .then((r) => r.data),
    placeholderData: (previous) => previous,
    meta: { live: true },
  });

/** GET distribution-calendar for the window shown (never a hard-coded month). */
export const useDistributionCalendar = (params: DistributionParams, enabled = true) =>
  useQuery({
    enabled,
    queryKey: agendaKeys.calendar(params),
    queryFn: ({ signal }) =>
      api
        .get<ApiEnvelope<{ available_dates: AvailableDate[] }>>('/availabilities/distribution-calendar', {
          signal,
          query: params as QueryParams,
        })
        .then((r) => r.data.available_dates),
    placeholderData: (previous) => previous,
    meta: { live: true },
  });
