import type { AppDeps } from '../../lib/context';
import type { findActiveSession } from './repo';

export type ActiveSession = NonNullable<Awaited<ReturnType<typeof findActiveSession>>>;

/** How long an instance may trust a session it read, when the invalidation event did not reach it (decision 016). */
export const SESSION_CACHE_TTL_MS = 5_000;
/**
 * How long a session (or a user's sessions) announced as ended or changed bypass the cache. It covers the time
 * from the announcement, written inside the transaction, to its commit and the NOTIFY coming back: meanwhile
 * every request reads the database, which is authoritative before and after the commit.
 */
const BYPASS_MS = 60_000;
const MAX_ENTRIES = 20_000;

interface Entry {
  row: ActiveSession;
  until: number;
}

/**
 * Active sessions read by the auth hook, kept for a few seconds so a request does not pay a database round
 * trip for them (decision 016). Only active sessions are kept. Correctness rests on three rules:
 * - an end or change announced in this process (publishSessionsEnded, publishUserChanged) drops the entries
 *   and makes them bypass the cache until the event comes back through LISTEN, i.e. until after the commit;
 * - the same events from another instance drop them when they arrive (PostgreSQL NOTIFY, decision 003);
 * - a read that started before an invalidation is not stored (the epoch), and nothing is trusted longer
 *   than SESSION_CACHE_TTL_MS, the backstop for a notification lost while the LISTEN connection was down.
 */
export class SessionCache {
  private readonly entries = new Map<string, Entry>();
  private readonly bypassSessions = new Map<string, number>();
  private readonly bypassUsers = new Map<number, number>();
  private epoch = 0;
  hits = 0;
  misses = 0;

  constructor(
    public ttlMs = SESSION_CACHE_TTL_MS,
    private readonly now: () => number = Date.now,
  ) {}

  private bypassed(id: string, userId: number | undefined): boolean {
    const t = this.now();
    const s = this.bypassSessions.get(id);
    if (s !== undefined) {
      if (s > t) return true;
      this.bypassSessions.delete(id);
    }
    if (userId === undefined) return false;
    const u = this.bypassUsers.get(userId);
    if (u !== undefined) {
      if (u > t) return true;
      this.bypassUsers.delete(userId);
    }
    return false;
  }

  /**
   * The session when the cache holds it fresh (same rules as `get`), else undefined: the auth hook answers
   * from here without a promise and calls `get` only when this misses.
   */
  peek(id: string): ActiveSession | undefined {
    const e = this.entries.get(id);
    if (e === undefined) return undefined;
    const t = this.now();
    if (e.until > t && e.row.expiresAt.getTime() > t && !this.bypassed(id, e.row.userId)) {
      this.hits++;
      return e.row;
    }
    return undefined;
  }

  /** The session from the cache when fresh, else from `load` (stored unless invalidated meanwhile). */
  async get(id: string, load: () => Promise<ActiveSession | null>): Promise<ActiveSession | null> {
    const hit = this.peek(id);
    if (hit) return hit;
    if (this.entries.has(id)) this.entries.delete(id);
    this.misses++;
    const epoch = this.epoch;
    const row = await load();
    if (row && epoch === this.epoch && this.ttlMs > 0 && !this.bypassed(id, row.userId)) {
      if (this.entries.size >= MAX_ENTRIES) this.prune();
      this.entries.set(id, { row, until: this.now() + this.ttlMs });
    }
    return row;
  }

  /** Records a touch of last_seen_at so the next request does not touch again from a stale value. */
  touched(id: string, at: Date) {
    const e = this.entries.get(id);
    if (e) e.row = { ...e.row, lastSeenAt: at };
  }

  /** Sessions ended (logout, forced end, password change, deactivation). `untilCommit`: announced here. */
  endSessions(ids: readonly string[], untilCommit: boolean) {
    this.epoch++;
    const until = this.now() + BYPASS_MS;
    for (const id of ids) {
      this.entries.delete(id);
      if (untilCommit) this.bypassSessions.set(id, until);
      else this.bypassSessions.delete(id);
    }
  }

  /** A user's role, status, name or e-mail changed: every session of the user is read again. */
  userChanged(userId: number, untilCommit: boolean) {
    this.epoch++;
    for (const [id, e] of this.entries) if (e.row.userId === userId) this.entries.delete(id);
    if (untilCommit) this.bypassUsers.set(userId, this.now() + BYPASS_MS);
    else this.bypassUsers.delete(userId);
  }

  clear() {
    this.epoch++;
    this.entries.clear();
  }

  get size() {
    return this.entries.size;
  }

  private prune() {
    const t = this.now();
    for (const [id, e] of this.entries) if (e.until <= t) this.entries.delete(id);
    // Still full (a burst of distinct sessions): start over rather than grow without bound.
    if (this.entries.size >= MAX_ENTRIES) this.entries.clear();
  }
}

const caches = new WeakMap<AppDeps['events'], SessionCache>();

/**
 * The cache of one app instance (one per event bus), subscribed on first use to the sessions channel, where
 * every instance announces ended sessions and changed users.
 */
export function sessionCache(deps: Pick<AppDeps, 'events'>): SessionCache {
  let cache = caches.get(deps.events);
  if (!cache) {
    // SESSION_CACHE_TTL_MS=0 turns the cache off (bench/framework-overhead.ts measures both ways).
    const env = process.env.SESSION_CACHE_TTL_MS;
    const c = new SessionCache(
      env !== undefined && /^\d+$/.test(env)
        ? Math.min(Number(env), SESSION_CACHE_TTL_MS)
        : SESSION_CACHE_TTL_MS,
    );
    caches.set(deps.events, c);
    deps.events.subscribe('sessions', (e) => {
      const p = (e.payload ?? {}) as { session_ids?: unknown; user_id?: unknown };
      if (e.type === 'ended' && Array.isArray(p.session_ids)) c.endSessions(p.session_ids.map(String), false);
      else if (e.type === 'user-changed' && typeof p.user_id === 'number') c.userChanged(p.user_id, false);
      else c.clear();
    });
    cache = c;
  }
  return cache;
}
