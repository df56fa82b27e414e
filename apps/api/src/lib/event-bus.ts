import { and, asc, eq, gt, inArray } from 'drizzle-orm';
import type { Database, Executor } from '../db/client';
import { eventLog } from '../db/schema/system';

export interface AppEvent {
  id: number;
  channel: string;
  type: string;
  payload: unknown;
  createdAt: string;
}

type Handler = (event: AppEvent) => void;

/** Sent by the trigger of migration 0012 (big events travel as their position and are read back). */
const NOTIFY_CHANNEL = 'app_events';

/** `id` of an event is its stream position (event_log.seq), the SSE id. */
function toEvent(r: typeof eventLog.$inferSelect): AppEvent {
  return {
    id: r.seq!,
    channel: r.channel,
    type: r.type,
    payload: r.payload,
    createdAt: r.createdAt.toISOString(),
  };
}

/**
 * Events are rows in event_log plus a NOTIFY. Published inside a transaction they are delivered
 * only if it commits; every API instance on the same database receives them (PostgreSQL LISTEN),
 * and PGlite delivers them in-process the same way.
 */
export class EventBus {
  private readonly handlers = new Map<string, Set<Handler>>();
  private unlisten: (() => Promise<void>) | null = null;

  constructor(private readonly database: Database) {}

  async start(): Promise<void> {
    this.unlisten = await this.database.listen(NOTIFY_CHANNEL, (raw) => void this.dispatch(raw));
  }

  async stop(): Promise<void> {
    const u = this.unlisten;
    this.unlisten = null;
    if (u) await u().catch(() => {});
  }

  /**
   * Records the event in the caller's transaction. It gets its stream position (`seq`, the SSE id) and is
   * announced with NOTIFY when that transaction commits (migration 0012, decision 012), so positions follow
   * commit order. Returns the position when `exec` is the database itself (autocommit: already committed),
   * else null (known only at commit).
   */
  async publish(exec: Executor, channel: string, type: string, payload: unknown): Promise<number | null> {
    const [row] = await exec
      .insert(eventLog)
      .values({ channel, type, payload: payload ?? {} })
      .returning({ id: eventLog.id });
    if (exec !== this.database.db) return null;
    const [committed] = await this.database.db
      .select({ seq: eventLog.seq })
      .from(eventLog)
      .where(eq(eventLog.id, row!.id));
    return committed?.seq ?? null;
  }

  /** Subscribes to one channel, or to all with '*'. Returns the unsubscribe function. */
  subscribe(channel: string, fn: Handler): () => void {
    let set = this.handlers.get(channel);
    if (!set) this.handlers.set(channel, (set = new Set()));
    set.add(fn);
    return () => set.delete(fn);
  }

  /** Events after stream position `afterSeq` on the channels, in commit order (for Last-Event-ID). */
  async replay(channels: string[], afterSeq: number, limit = 500): Promise<AppEvent[]> {
    const rows = await this.database.db
      .select()
      .from(eventLog)
      .where(and(inArray(eventLog.channel, channels), gt(eventLog.seq, afterSeq)))
      .orderBy(asc(eventLog.seq))
      .limit(limit);
    return rows.map(toEvent);
  }

  private async dispatch(raw: string) {
    let event: AppEvent | { id: number; ref: true };
    try {
      event = JSON.parse(raw);
    } catch {
      return;
    }
    if ('ref' in event) {
      const [row] = await this.database.db.select().from(eventLog).where(eq(eventLog.seq, event.id));
      if (!row) return;
      event = toEvent(row);
    }
    const full = event as AppEvent;
    for (const key of [full.channel, '*']) {
      for (const fn of this.handlers.get(key) ?? []) {
        try {
          fn(full);
        } catch {
          // One broken subscriber must not starve the others.
        }
      }
    }
  }
}
