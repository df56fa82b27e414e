import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  BILLING_LIMITS,
  BILLING_MESSAGES,
  type BillingAuditEvent,
  type BillingGroup,
  type BillingMetrics,
  type BillingRecord,
  type BillingSort,
  type BillingStatus,
  type BillingSummaryItem,
} from '@ips/shared/schemas/billing';
import { api, apiUrl, type ApiEnvelope, type QueryParams } from '@/lib/api-client';
import { getToken } from '@/lib/auth-storage';

/** The screen's filters, as the API takes them (spec §7 "Billing"). */
export interface BillingFilters {
  from: string;
  to: string;
  status: BillingStatus | '';
  doctor_id: number | null;
  service_id: number | null;
  q: string;
}

export const billingKeys = {
  all: ['billing'] as const,
  list: (p: QueryParams) => ['billing', 'list', p] as const,
  summary: (p: QueryParams) => ['billing', 'summary', p] as const,
  metrics: (p: QueryParams) => ['billing', 'metrics', p] as const,
  audit: (id: number) => ['billing', 'audit', id] as const,
};

export function filterParams(f: BillingFilters): QueryParams {
  return {
    from: f.from || undefined,
    to: f.to || undefined,
    status: f.status || undefined,
    doctor_id: f.doctor_id ?? undefined,
    service_id: f.service_id ?? undefined,
    q: f.q.trim() || undefined,
  };
}

interface ListAnswer {
  data: BillingRecord[];
  total: number;
}

/** Spec §8: load failures read 'load error' and 'summary error' when the server says nothing better. */
async function orMessage<T>(p: Promise<T>, message: string): Promise<T> {
  try {
    return await p;
  } catch (err) {
    if (err instanceof Error && err.message && !/^HTTP \d+$/.test(err.message)) throw err;
    throw new Error(message);
  }
}

export const billingListQuery = (params: QueryParams) =>
  queryOptions({
    queryKey: billingKeys.list(params),
    queryFn: ({ signal }) =>
      orMessage(
        api.get<ListAnswer>('/appointment-billing', { query: params, signal }),
        BILLING_MESSAGES.loadError,
      ),
    staleTime: BILLING_LIMITS.cacheMs,
    placeholderData: keepPreviousData,
  });

export function useBillingList(
  f: BillingFilters,
  page: { offset: number; sort: BillingSort; dir: 'asc' | 'desc' },
) {
  return useQuery(billingListQuery({ ...filterParams(f), limit: BILLING_LIMITS.pageSize, ...page }));
}

export function useBillingSummary(f: BillingFilters, group: BillingGroup) {
  const params = { ...filterParams(f), group };
  return useQuery({
    queryKey: billingKeys.summary(params),
    queryFn: ({ signal }) =>
      orMessage(
        api
          .get<{ items: BillingSummaryItem[] }>('/appointment-billing/summary', { query: params, signal })
          .then((r) => r.items),
        BILLING_MESSAGES.summaryError,
      ),
    staleTime: BILLING_LIMITS.cacheMs,
    placeholderData: (previous) => previous,
  });
}

export function useBillingMetrics(f: BillingFilters) {
  const params = filterParams(f);
  return useQuery({
    queryKey: billingKeys.metrics(params),
    queryFn: ({ signal }) =>
      orMessage(
        api
          .get<ApiEnvelope<BillingMetrics>>('/appointment-billing/metrics', { query: params, signal })
          .then((r) => r.data),
        BILLING_MESSAGES.loadError,
      ),
    staleTime: BILLING_LIMITS.cacheMs,
    placeholderData: (previous) => previous,
  });
}

export function useBillingAudit(id: number | null) {
  return useQuery({
    queryKey: billingKeys.audit(id ?? 0),
    queryFn: ({ signal }) =>
      api
        .get<ApiEnvelope<BillingAuditEvent[]>>(`/appointment-billing/${id}/audit`, { signal })
        .then((r) => r.data),
    enabled: id !== null,
  });
}

export function useUpdateBillingStatus() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status }: { id: number; status: BillingStatus }) =>
      api.patch<ApiEnvelope<BillingRecord>>(`/appointment-billing/${id}/status`, { status }),
    onSettled: () => qc.invalidateQueries({ queryKey: billingKeys.all }),
  });
}

/** Download links carry the token in the query (spec §6): a link cannot send the header. */
export const exportUrl = (f: BillingFilters) =>
  apiUrl('/appointment-billing/export.csv', { ...filterParams(f), token: getToken() });
export const auditCsvUrl = (id: number) =>
  apiUrl(`/appointment-billing/${id}/audit.csv`, { token: getToken() });
