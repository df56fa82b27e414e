import type { AppDeps } from '../../lib/context';
import type { StreamSessions } from '../../lib/sse';
import { sessionCache } from './cache';
import { findActiveSession } from './repo';
import { SESSIONS_CHANNEL } from './service';

/**
 * What an event stream needs to end with its session (lib/sse.ts, which knows no module: app.ts hands it this):
 * the sessions channel, and whether a session is still active, read through the cache the auth hook reads.
 */
export function streamSessions(deps: AppDeps): StreamSessions {
  const cache = sessionCache(deps);
  return {
    channel: SESSIONS_CHANNEL,
    isActive: async (id: string) => (await cache.get(id, () => findActiveSession(deps.db, id))) !== null,
  };
}
