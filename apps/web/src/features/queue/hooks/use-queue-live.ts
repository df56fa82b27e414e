import { useEffect } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { apiUrl } from '@/lib/api-client';
import { getToken } from '@/lib/auth-storage';
import { EventStreamClient } from '@/lib/sse';
import { QUEUE_STREAM_EVENTS } from '@/features/queue/api/queue-events';

/*
 * One connection to /api/queue/stream for the whole tab, shared by the sidebar badge and the queue pages (the
 * badge is not rendered while the sidebar is collapsed, so the pages hold the stream too). It opens with the
 * first user and closes with the last. Any queue event refreshes the waiting list, its count and the daily
 * queue; the stream's own fallback (POLL mode, every 10 s) does the same, and the badge also polls every 30 s.
 */

let shared: { client: EventStreamClient; users: number } | null = null;
let pending: ReturnType<typeof setTimeout> | undefined;

function refresh(qc: QueryClient) {
  // A burst (a group scheduled, a cancellation freeing several slots) refetches once.
  clearTimeout(pending);
  pending = setTimeout(() => {
    void qc.invalidateQueries({ queryKey: ['queue'] });
    void qc.invalidateQueries({ queryKey: ['appointments'] });
  }, 150);
}

function acquire(qc: QueryClient): () => void {
  if (!shared) {
    const client = new EventStreamClient({
      url: (lastEventId) => {
        const token = getToken();
        return token ? apiUrl('/queue/stream', { token, last_event_id: lastEventId }) : null;
      },
      onPoll: () => refresh(qc),
      // The shell's system stream shows the mode badge and handles the end of the session.
      onModeChange: () => {},
      onSessionEnded: () => {},
      modeKey: 'live_mode_queue',
    });
    for (const type of QUEUE_STREAM_EVENTS) client.on(type, () => refresh(qc));
    client.start();
    shared = { client, users: 0 };
  }
  shared.users++;
  return () => {
    if (!shared) return;
    shared.users--;
    if (shared.users === 0) {
      shared.client.stop();
      shared = null;
    }
  };
}

/** Keeps the queue stream open while the calling component is mounted. */
export function useQueueLive(): void {
  const qc = useQueryClient();
  useEffect(() => acquire(qc), [qc]);
}
