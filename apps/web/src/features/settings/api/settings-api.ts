import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { OrgSettingsValues, TimezoneOption } from '@ips/shared/schemas/settings';
import type { UploadDto } from '@ips/shared/schemas/uploads';
import { api, type ApiEnvelope } from '@/lib/api-client';
import { SETTINGS_QUERY_ROOT, settingsQuery } from '@/lib/settings/get-settings';
import { fallbackTimezones } from '@/features/settings/api/timezone-fallback';

export type SettingsPatch = Partial<OrgSettingsValues>;

/** GET /settings: every key of the spec with its value or default (the shell reads the same query). */
export function useOrgSettingsValues() {
  return useQuery({ ...settingsQuery, select: (d) => d as unknown as OrgSettingsValues });
}

export const UPDATE_SETTINGS_KEY = ['settings', 'update'] as const;

/** PUT /settings with the keys given only (partial, all or nothing on the server). */
export function useUpdateSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: UPDATE_SETTINGS_KEY,
    mutationFn: (patch: SettingsPatch) =>
      api.put<ApiEnvelope<OrgSettingsValues>>('/settings', patch).then((r) => r.data),
    onSuccess: (data) => {
      queryClient.setQueryData(settingsQuery.queryKey, data);
      void queryClient.invalidateQueries({ queryKey: SETTINGS_QUERY_ROOT });
    },
  });
}

/** GET /timezones; when it fails, the spec's static list (part 1 §9) with offsets computed here. */
export const timezonesQuery = queryOptions({
  queryKey: ['settings', 'timezones'],
  queryFn: ({ signal }) =>
    api
      .get<ApiEnvelope<TimezoneOption[]>>('/timezones', { signal })
      .then((r) => r.data)
      .catch((err: unknown) => {
        if (err instanceof DOMException && err.name === 'AbortError') throw err;
        return fallbackTimezones();
      }),
  staleTime: 60 * 60_000,
});

export function useTimezones() {
  return useQuery(timezonesQuery);
}

/** POST /uploads (multipart, field `file`): the logo; answers its URL. */
export function uploadLogo(file: File): Promise<UploadDto> {
  const form = new FormData();
  form.append('file', file);
  return api.post<ApiEnvelope<UploadDto>>('/uploads', form).then((r) => r.data);
}

export function useUploadLogo() {
  return useMutation({ mutationFn: uploadLogo });
}
