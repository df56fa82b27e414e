import { and, asc, gt, inArray } from 'drizzle-orm';
import { sql } from 'drizzle-orm';
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

const NOTIFY_CHANNEL = 'app_events';
/** NOTIFY payloads are limited to 8000 bytes; bigger events travel as an id and are read back. */
const INLINE_LIMIT = 7000;

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

  async publish(exec: Executor, channel: string, type: string, payload: unknown): Promise<number> {
    const [row] = await exec
      .insert(eventLog)
      .values({ channel, type, payload: payload ?? {} })
      .returning({ id: eventLog.id, createdAt: eventLog.createdAt });
    const event: AppEvent = { id: row!.id, channel, type, payload, createdAt: row!.createdAt.toISOString() };
    let text = JSON.stringify(event);
    if (Buffer.byteLength(text) > INLINE_LIMIT) text = JSON.stringify({ id: event.id, ref: true });
    await exec.execute(sql`select pg_notify(${NOTIFY_CHANNEL}, ${text})`);
    return event.id;
  }

  /** Subscribes to one channel, or to all with '*'. Returns the unsubscribe function. */
  subscribe(channel: string, fn: Handler): () => void {
    let set = this.handlers.get(channel);
    if (!set) this.handlers.set(channel, (set = new Set()));
    set.add(fn);
    return () => set.delete(fn);
  }

  /** Events after `afterId` on the channels, oldest first (for Last-Event-ID). */
  async replay(channels: string[], afterId: number, limit = 500): Promise<AppEvent[]> {
    const rows = await this.database.db
      .select()
      .from(eventLog)
      .where(and(inArray(eventLog.channel, channels), gt(eventLog.id, afterId)))
      .orderBy(asc(eventLog.id))
      .limit(limit);
    return rows.map((r) => ({
      id: r.id,
      channel: r.channel,
      type: r.type,
      payload: r.payload,
      createdAt: r.createdAt.toISOString(),
    }));
  }

  private async dispatch(raw: string) {
    let event: AppEvent | { id: number; ref: true };
    try {
      event = JSON.parse(raw);
    } catch {
      return;
    }
    if ('ref' in event) {
      const [row] = await this.database.db
        .select()
        .from(eventLog)
        .where(sql`${eventLog.id} = ${event.id}`);
      if (!row) return;
      event = {
        id: row.id,
        channel: row.channel,
        type: row.type,
        payload: row.payload,
        createdAt: row.createdAt.toISOString(),
      };
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
