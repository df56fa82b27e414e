import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CallDashboard,
  CallDto,
  CallHistory,
  CallPriority,
  CallStatus,
  CallStatusData,
  CreateCallInput,
} from '@ips/shared/schemas/calls';
import { api, apiUrl, type ApiEnvelope } from '@/lib/api-client';
import { getToken } from '@/lib/auth-storage';

export const CALLS_KEY = ['calls'] as const;

export interface HistoryFilters {
  status?: CallStatus;
  priority?: CallPriority;
  search?: string;
}

export const callKeys = {
  status: [...CALLS_KEY, 'status'] as const,
  dashboard: [...CALLS_KEY, 'dashboard'] as const,
  history: (f: HistoryFilters, limit: number, offset: number) =>
    [...CALLS_KEY, 'history', f, limit, offset] as const,
  detail: (id: number) => [...CALLS_KEY, 'detail', id] as const,
};

/** The monitor (GET /calls/status); `pollMs` only while the live stream is down (spec: every 5 s). */
export function useCallMonitor(pollMs: number | false) {
  return useQuery({
    queryKey: callKeys.status,
    queryFn: ({ signal }) =>
      api.get<ApiEnvelope<CallStatusData>>('/calls/status', { signal }).then((r) => r.data),
    refetchInterval: pollMs,
  });
}

/** The dashboard (GET /calls/dashboard); `pollMs` only while the live stream is down (spec: every 30 s). */
export function useCallDashboard(pollMs: number | false) {
  return useQuery({
    queryKey: callKeys.dashboard,
    queryFn: ({ signal }) =>
      api.get<ApiEnvelope<CallDashboard>>('/calls/dashboard', { signal }).then((r) => r.data),
    refetchInterval: pollMs,
  });
}

export function useCallHistory(f: HistoryFilters, limit: number, offset: number) {
  return useQuery({
    queryKey: callKeys.history(f, limit, offset),
    queryFn: ({ signal }) =>
      api.get<CallHistory>('/calls/history', {
        signal,
        query: { status: f.status, priority: f.priority, search: f.search || undefined, limit, offset },
      }),
    placeholderData: keepPreviousData,
  });
}

export function useCallDetail(id: number | null) {
  return useQuery({
    queryKey: callKeys.detail(id ?? 0),
    queryFn: ({ signal }) => api.get<ApiEnvelope<CallDto>>(`/calls/${id}`, { signal }).then((r) => r.data),
    enabled: id !== null,
  });
}

/** The server's CSV of every call matching the filters (the token travels in the query: a download link). */
export function historyExportUrl(f: HistoryFilters) {
  return apiUrl('/calls/history/export.csv', {
    status: f.status,
    priority: f.priority,
    search: f.search || undefined,
    token: getToken(),
  });
}

/** A recording's URL for the audio element (it cannot send headers). */
export const audioSrc = (call: Pick<CallDto, 'id'>) =>
  apiUrl(`/calls/${call.id}/audio`, { token: getToken() });

export type CallActionInput =
  | { action: 'attend' | 'transfer'; id: number; agent_name: string }
  | { action: 'hold'; id: number }
  | { action: 'end'; id: number; outcome?: string };

export function useCallAction() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: CallActionInput) => {
      const { action, id, ...body } = input;
      return api.post<ApiEnvelope<CallDto>>(`/calls/${id}/${action}`, action === 'hold' ? undefined : body);
    },
    onSettled: () => qc.invalidateQueries({ queryKey: CALLS_KEY }),
  });
}

export function useRegisterCall() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateCallInput) => api.post<ApiEnvelope<CallDto>>('/calls', body).then((r) => r.data),
    onSettled: () => qc.invalidateQueries({ queryKey: CALLS_KEY }),
  });
}
