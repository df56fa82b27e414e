import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, type ApiEnvelope } from '@/lib/api-client';

/** The organisation's settings (part 2 §7 GET /settings). Only the fields the shell reads are typed here. */
export interface OrgSettings {
  org_name?: string | null;
  org_logo_url?: string | null;
  org_timezone?: string | null;
  [key: string]: unknown;
}

export function getSettings(signal?: AbortSignal): Promise<ApiEnvelope<OrgSettings>> {
  return api.get<ApiEnvelope<OrgSettings>>('/settings', { signal });
}

/** Every settings query starts with this key: a change (the live event, a save) invalidates them all. */
export const SETTINGS_QUERY_ROOT = ['settings'] as const;

export const settingsQuery = queryOptions({
  queryKey: ['settings', 'org'],
  queryFn: ({ signal }) => getSettings(signal).then((r) => r.data),
  staleTime: 5 * 60_000,
  retry: false,
});

export function useSettings(options: { enabled?: boolean } = {}) {
  return useQuery({ ...settingsQuery, enabled: options.enabled ?? true });
}
