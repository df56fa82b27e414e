import { useEffect } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { apiUrl } from '@/lib/api-client';
import { getToken } from '@/lib/auth-storage';
import { EventStreamClient } from '@/lib/sse';
import { APPOINTMENT_STREAM_EVENTS, QUEUE_STREAM_EVENTS } from '@/features/queue/api/queue-events';

/*
 * One connection to /api/queue/stream per tab while a queue page (Cola de Espera, Cola Diaria) is on screen; it
 * opens with the first user and closes with the last. The sidebar badge follows the shell's stream instead.
 * A queue event refreshes the waiting list, its count and the daily queue; an appointment event the daily
 * queue. The stream's own fallback (POLL mode, every 10 s) refreshes both.
 */

let shared: { client: EventStreamClient; users: number } | null = null;
const pending = new Map<string, ReturnType<typeof setTimeout>>();

/** A burst (a group scheduled, a cancellation freeing several slots) refetches once per key. */
function refresh(qc: QueryClient, key: readonly unknown[]) {
  const id = JSON.stringify(key);
  clearTimeout(pending.get(id));
  pending.set(
    id,
    setTimeout(() => {
      pending.delete(id);
      void qc.invalidateQueries({ queryKey: key });
    }, 150),
  );
}

const QUEUE = ['queue'] as const;
const DAILY = ['appointments', 'daily-queue'] as const;

function acquire(qc: QueryClient): () => void {
  if (!shared) {
    const client = new EventStreamClient({
      url: (lastEventId) => {
        const token = getToken();
        return token ? apiUrl('/queue/stream', { token, last_event_id: lastEventId }) : null;
      },
      onPoll: () => {
        refresh(qc, QUEUE);
        refresh(qc, DAILY);
      },
      // The shell's system stream shows the mode badge and handles the end of the session.
      onModeChange: () => {},
      onSessionEnded: () => {},
      modeKey: 'live_mode_queue',
    });
    // A queue change can book an appointment (assignment, freed slot): both views refresh.
    for (const type of QUEUE_STREAM_EVENTS)
      client.on(type, () => {
        refresh(qc, QUEUE);
        refresh(qc, DAILY);
      });
    for (const type of APPOINTMENT_STREAM_EVENTS) client.on(type, () => refresh(qc, DAILY));
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
