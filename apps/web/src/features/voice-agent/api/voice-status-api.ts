import { useQuery } from '@tanstack/react-query';
import type { VoiceStatus } from '@ips/shared/schemas/voice-tools';
import { api, type ApiEnvelope } from '@/lib/api-client';

/** GET /integrations/elevenlabs/status, every minute while the screen is open. */
export function useVoiceStatus() {
  return useQuery({
    queryKey: ['voice-agent', 'status'],
    queryFn: ({ signal }) =>
      api.get<ApiEnvelope<VoiceStatus>>('/integrations/elevenlabs/status', { signal }).then((r) => r.data),
    refetchInterval: 60_000,
  });
}
