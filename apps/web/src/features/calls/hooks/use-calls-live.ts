import { useEffect, useSyncExternalStore } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { CALL_EVENT_TYPES } from '@ips/shared/schemas/calls';
import { apiUrl } from '@/lib/api-client';
import { getToken } from '@/lib/auth-storage';
import { EventStreamClient, readStoredMode, type LiveMode } from '@/lib/sse';
import { CALLS_KEY } from '@/features/calls/api/calls-api';

/*
 * One connection to /api/calls/stream per tab while a call-center screen that wants live data is on screen. An
 * event refetches what is shown (debounced: a burst refetches once). While the stream is down (mode POLL) the
 * screens poll at the spec's pace instead (monitor 5 s, dashboard 30 s) through their queries' refetchInterval;
 * the stream's own 10 s poll is not used.
 */

const MODE_KEY = 'live_mode_calls';
let shared: { client: EventStreamClient; users: number } | null = null;
let mode: LiveMode = readStoredMode(MODE_KEY);
const listeners = new Set<() => void>();
let timer: ReturnType<typeof setTimeout> | undefined;

function setMode(next: LiveMode) {
  mode = next;
  for (const l of listeners) l();
}

function refresh(qc: QueryClient) {
  clearTimeout(timer);
  timer = setTimeout(() => void qc.invalidateQueries({ queryKey: CALLS_KEY }), 120);
}

function acquire(qc: QueryClient): () => void {
  if (!shared) {
    const client = new EventStreamClient({
      url: (lastEventId) => {
        const token = getToken();
        return token ? apiUrl('/calls/stream', { token, last_event_id: lastEventId }) : null;
      },
      onPoll: () => refresh(qc),
      onModeChange: setMode,
      onSessionEnded: () => {},
      modeKey: MODE_KEY,
    });
    for (const type of CALL_EVENT_TYPES) client.on(type, () => refresh(qc));
    client.start();
    shared = { client, users: 0 };
    setMode(client.mode);
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

const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};

/** Keeps the calls stream open while mounted and `enabled`; returns whether the stream is live ('SSE'). */
export function useCallsLive(enabled = true): LiveMode {
  const qc = useQueryClient();
  useEffect(() => (enabled ? acquire(qc) : undefined), [qc, enabled]);
  return useSyncExternalStore(
    subscribe,
    () => mode,
    () => mode,
  );
}
