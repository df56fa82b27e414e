import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { NOTIFICATION_EVENT } from '@ips/shared/schemas/notifications';
import { apiUrl } from '@/lib/api-client';
import { getToken } from '@/lib/auth-storage';
import { EventStreamClient } from '@/lib/sse';
import { notificationKeys } from '@/features/notifications/api/notifications';

const MODE_KEY = 'live_mode_notifications';

/**
 * The bell's own stream (/api/notifications/stream): an event when my notifications change, on any instance,
 * refetches the count and the list; it reconnects and falls back to polling like every stream (lib/sse.ts).
 */
export function useNotificationsLive(enabled: boolean) {
  const qc = useQueryClient();
  useEffect(() => {
    if (!enabled) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const refresh = () => {
      clearTimeout(timer);
      timer = setTimeout(() => void qc.invalidateQueries({ queryKey: notificationKeys.all }), 100);
    };
    const client = new EventStreamClient({
      url: (lastEventId) => {
        const token = getToken();
        return token ? apiUrl('/notifications/stream', { token, last_event_id: lastEventId }) : null;
      },
      onPoll: refresh,
      onModeChange: () => {},
      onSessionEnded: () => {},
      modeKey: MODE_KEY,
      pollIntervalMs: 30_000,
    });
    client.on(NOTIFICATION_EVENT, refresh);
    client.start();
    return () => {
      clearTimeout(timer);
      client.stop();
    };
  }, [enabled, qc]);
}
