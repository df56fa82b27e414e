import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AuditDetailDto, AuditListResponse, AuditSummaryDto } from '@ips/shared/schemas/audit';
import { api, apiUrl, type ApiEnvelope, type QueryParams } from '@/lib/api-client';
import { getToken } from '@/lib/auth-storage';

/** The screen's filters, as in the URL (all optional; '' is no filter). */
export interface AuditFilters {
  table_name?: string;
  record_id?: string;
  user_id?: string;
  action?: string;
  from?: string;
  to?: string;
}

export const AUDIT_PAGE_SIZE = 25;

const clean = (f: AuditFilters): QueryParams =>
  Object.fromEntries(Object.entries(f).filter(([, v]) => v !== undefined && v !== ''));

/** GET /audit: one page, newest first (administrators and supervisors). */
export const auditListQuery = (filters: AuditFilters, page: number) =>
  queryOptions({
    queryKey: ['audit', 'list', clean(filters), page],
    queryFn: ({ signal }) =>
      api.get<AuditListResponse>('/audit', {
        query: { ...clean(filters), page, limit: AUDIT_PAGE_SIZE },
        signal,
      }),
  });

export function useAuditList(filters: AuditFilters, page: number) {
  return useQuery({ ...auditListQuery(filters, page), placeholderData: keepPreviousData });
}

/** GET /audit/:id: one change with its old and new values. */
export function useAuditEntry(id: number | null) {
  return useQuery({
    queryKey: ['audit', 'entry', id],
    queryFn: ({ signal }) => api.get<ApiEnvelope<AuditDetailDto>>(`/audit/${id}`, { signal }),
    enabled: id !== null,
    select: (r) => r.data,
    // A change never changes.
    staleTime: Infinity,
  });
}

/** GET /audit/summary: counts per table, action and user over the last `days` days. */
export function useAuditSummary(days = 30) {
  return useQuery({
    queryKey: ['audit', 'summary', days],
    queryFn: ({ signal }) =>
      api.get<ApiEnvelope<AuditSummaryDto>>('/audit/summary', { query: { days }, signal }),
    select: (r) => r.data,
    staleTime: 60_000,
  });
}

/**
 * The streamed CSV of the filtered rows. A download link sends no header, so the token goes in the query, as
 * the event streams do (the server accepts it on this route only).
 */
export function auditExportUrl(filters: AuditFilters): string {
  return apiUrl('/audit/export.csv', { ...clean(filters), token: getToken() });
}
