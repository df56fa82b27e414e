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

  /**
   * One round trip: the row and its NOTIFY in a single statement (a booking publishes inside the transaction
   * that holds its agenda's row, so every statement there is waiting time for the next booking).
   */
  async publish(exec: Executor, channel: string, type: string, payload: unknown): Promise<number> {
    const json = JSON.stringify(payload ?? {});
    const res = await exec.execute<{ id: number | string }>(sql`
      with e as (
        insert into ${eventLog} (channel, type, payload) values (${channel}, ${type}, ${json}::jsonb)
        returning id, created_at
      ), t as (
        select e.id, json_build_object(
          'id', e.id, 'channel', ${channel}::text, 'type', ${type}::text, 'payload', ${json}::jsonb,
          'createdAt', to_char(e.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
        )::text as txt from e
      )
      select t.id, pg_notify(${NOTIFY_CHANNEL}, case when octet_length(t.txt) > ${INLINE_LIMIT}
        then json_build_object('id', t.id, 'ref', true)::text else t.txt end) from t`);
    const rows = Array.isArray(res) ? res : (res as { rows: { id: number | string }[] }).rows;
    return Number(rows[0]!.id);
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
