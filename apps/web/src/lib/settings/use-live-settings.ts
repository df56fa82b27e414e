import { useQueryClient } from '@tanstack/react-query';
import { useLiveEvent } from '@/lib/live-events';
import { SETTINGS_QUERY_ROOT } from '@/lib/settings/get-settings';

/** The server's event when an administrator saves settings (API lib/live-settings.ts). */
export const SETTINGS_UPDATED_EVENT = 'settings_updated';

/** Keeps the shell's name, logo and timezone current: every settings query is read again on the event. */
export function useLiveSettings(): void {
  const queryClient = useQueryClient();
  useLiveEvent(SETTINGS_UPDATED_EVENT, () => {
    void queryClient.invalidateQueries({ queryKey: SETTINGS_QUERY_ROOT });
  });
}
