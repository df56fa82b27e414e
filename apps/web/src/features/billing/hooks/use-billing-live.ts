import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { BILLING_EVENTS, BILLING_LIMITS } from '@ips/shared/schemas/billing';
import { apiUrl } from '@/lib/api-client';
import { getToken } from '@/lib/auth-storage';
import { EventStreamClient, readStoredMode, type LiveMode } from '@/lib/sse';
import { billingKeys } from '@/features/billing/api/billing';

const MODE_KEY = 'live_mode_billing';

/**
 * 'Tiempo Real (SSE)' (spec §2, §9): while on, /api/appointment-billing/stream refreshes the screen on
 * billing_created and billing_status_updated; it reconnects after min(30 s, 1 s × 2^intentos) and after three
 * failures in a row polls every 15 s until the stream is back (lib/sse.ts). Off: only 'Actualizar' refreshes.
 */
export function useBillingLive(enabled: boolean): LiveMode | null {
  const qc = useQueryClient();
  const [mode, setMode] = useState<LiveMode>(() => readStoredMode(MODE_KEY));
  useEffect(() => {
    if (!enabled) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    // A burst of events (a day's bills marked paid) refetches once.
    const refresh = () => {
      clearTimeout(timer);
      timer = setTimeout(() => void qc.invalidateQueries({ queryKey: billingKeys.all }), 150);
    };
    const client = new EventStreamClient({
      url: (lastEventId) => {
        const token = getToken();
        return token ? apiUrl('/appointment-billing/stream', { token, last_event_id: lastEventId }) : null;
      },
      onPoll: refresh,
      onModeChange: setMode,
      onSessionEnded: () => {},
      modeKey: MODE_KEY,
      pollIntervalMs: BILLING_LIMITS.pollMs,
    });
    client.on(BILLING_EVENTS.created, refresh);
    client.on(BILLING_EVENTS.statusUpdated, refresh);
    client.start();
    return () => {
      clearTimeout(timer);
      client.stop();
    };
  }, [enabled, qc]);
  return enabled ? mode : null;
}
