import { createContext, useContext, useEffect, useEffectEvent, useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { apiUrl } from '@/lib/api-client';
import { getToken } from '@/lib/auth-storage';
import { EventStreamClient, readStoredMode, type LiveEvent, type LiveMode } from '@/lib/sse';

interface LiveEventsValue {
  mode: LiveMode;
  client: EventStreamClient | null;
}

const LiveEventsContext = createContext<LiveEventsValue>({ mode: 'SSE', client: null });

interface LiveEventsProviderProps {
  children: ReactNode;
  /** Read once, when the shell mounts: pass a stable (module-level) function. */
  onSessionEnded: () => void;
}

/**
 * Opens the event stream for the signed-in shell. Polling (and the catch-up after a reconnection) refetches the
 * queries marked `meta: { live: true }` that are on screen.
 */
export function LiveEventsProvider({ children, onSessionEnded }: LiveEventsProviderProps) {
  const queryClient = useQueryClient();
  const [mode, setMode] = useState<LiveMode>(readStoredMode);
  // Built once per shell; connecting happens in the effect so StrictMode's double mount stops and restarts it.
  const [client] = useState(
    () =>
      new EventStreamClient({
        url: (lastEventId) => {
          const token = getToken();
          return token ? apiUrl('/events/stream', { token, last_event_id: lastEventId }) : null;
        },
        onPoll: () => {
          void queryClient.invalidateQueries({
            predicate: (q) => q.meta?.live === true,
            refetchType: 'active',
          });
        },
        onModeChange: setMode,
        onSessionEnded,
      }),
  );

  useEffect(() => {
    client.start();
    return () => client.stop();
  }, [client]);

  return <LiveEventsContext.Provider value={{ mode, client }}>{children}</LiveEventsContext.Provider>;
}

/** 'SSE' or 'POLL', for the sidebar badge. */
export function useLiveMode(): LiveMode {
  return useContext(LiveEventsContext).mode;
}

/** Runs `handler` for each server event of this type while the component is mounted. */
export function useLiveEvent(type: string, handler: (event: LiveEvent) => void): void {
  useLiveEvents([type], handler);
}

/** Runs `handler` for each server event of any of these types (pass a module-level array) while mounted. */
export function useLiveEvents(types: readonly string[], handler: (event: LiveEvent) => void): void {
  const { client } = useContext(LiveEventsContext);
  const onEvent = useEffectEvent((e: LiveEvent) => handler(e));
  const key = types.join('|');
  useEffect(() => {
    if (!client) return;
    const offs = key.split('|').map((type) => client.on(type, (e) => onEvent(e)));
    return () => offs.forEach((off) => off());
  }, [client, key]);
}
