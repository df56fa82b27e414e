import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, type ApiEnvelope } from '@/lib/api-client';

/** What anyone may read before signing in. */
export interface PublicSettings {
  org_name: string;
  /** '' when none: an /uploads/… path or an http(s) URL. */
  org_logo_url?: string;
  org_timezone: string;
  demo_mode: boolean;
}

export function getPublicSettings(signal?: AbortSignal): Promise<ApiEnvelope<PublicSettings>> {
  return api.get<ApiEnvelope<PublicSettings>>('/settings/public', { auth: false, signal });
}

export const publicSettingsQuery = queryOptions({
  queryKey: ['settings', 'public'],
  queryFn: ({ signal }) => getPublicSettings(signal).then((r) => r.data),
  staleTime: 5 * 60_000,
});

export function usePublicSettings() {
  return useQuery(publicSettingsQuery);
}
