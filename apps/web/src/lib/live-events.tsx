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
  onSessionEnded: () => void;
}

/**
 * Opens the event stream for the signed-in shell. Polling (and the catch-up after a reconnection) refetches the
 * queries marked `meta: { live: true }` that are on screen.
 */
export function LiveEventsProvider({ children, onSessionEnded }: LiveEventsProviderProps) {
  const queryClient = useQueryClient();
  const [mode, setMode] = useState<LiveMode>(readStoredMode);
  const [client, setClient] = useState<EventStreamClient | null>(null);
  const sessionEnded = useEffectEvent(() => onSessionEnded());

  useEffect(() => {
    const c = new EventStreamClient({
      url: () => {
        const token = getToken();
        return token ? apiUrl('/events/stream', { token }) : null;
      },
      onPoll: () => {
        void queryClient.invalidateQueries({ predicate: (q) => q.meta?.live === true, refetchType: 'active' });
      },
      onModeChange: setMode,
      onSessionEnded: () => sessionEnded(),
    });
    setClient(c);
    setMode(c.mode);
    c.start();
    return () => c.stop();
  }, [queryClient]);

  return <LiveEventsContext.Provider value={{ mode, client }}>{children}</LiveEventsContext.Provider>;
}

/** 'SSE' or 'POLL', for the sidebar badge. */
export function useLiveMode(): LiveMode {
  return useContext(LiveEventsContext).mode;
}

/** Runs `handler` for each server event of this type while the component is mounted. */
export function useLiveEvent(type: string, handler: (event: LiveEvent) => void): void {
  const { client } = useContext(LiveEventsContext);
  const onEvent = useEffectEvent((e: LiveEvent) => handler(e));
  useEffect(() => {
    if (!client) return;
    return client.on(type, (e) => onEvent(e));
  }, [client, type]);
}
