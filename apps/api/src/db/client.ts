import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as schema from './schema/index';

/** Both drivers expose the same query builder; the node-postgres type stands for both. */
export type Db = NodePgDatabase<typeof schema>;
/** A transaction handle, accepted wherever a `Db` is. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type Executor = Db | Tx;

export interface Database {
  kind: 'pglite' | 'postgres';
  db: Db;
  /** Raw parameterised SQL for the few places the builder does not fit. */
  query<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<T[]>;
  /** Runs `fn` for every NOTIFY on `channel`; resolves to an unsubscribe function. */
  listen(channel: string, fn: (payload: string) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
  /** PGlite only: the data folder as a tarball, to start another instance from (`loadDataDir`). */
  dumpDataDir?: () => Promise<Blob>;
}

export interface DatabaseOptions {
  databaseUrl?: string;
  /** PGlite folder, or 'memory://'. */
  dataDir: string;
  /** PGlite only: start from this dump of a data folder (`dumpDataDir`) instead of an empty cluster. */
  loadDataDir?: Blob;
  poolMax?: number;
  onListenError?: (err: unknown) => void;
}

export async function openDatabase(opts: DatabaseOptions): Promise<Database> {
  return opts.databaseUrl ? openPostgres(opts.databaseUrl, opts) : openPglite(opts.dataDir, opts.loadDataDir);
}

async function openPglite(dataDir: string, loadDataDir?: Blob): Promise<Database> {
  if (!dataDir.startsWith('memory://')) mkdirSync(dataDir, { recursive: true });
  const client = await PGlite.create(dataDir, {
    extensions: { pg_trgm, btree_gist, unaccent },
    loadDataDir,
  });
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    kind: 'pglite',
    db,
    async query<T>(text: string, params: unknown[] = []) {
      const res = await client.query<T>(text, params);
      return res.rows;
    },
    async listen(channel, fn) {
      const unlisten = await client.listen(channel, fn);
      return async () => {
        if (!client.closed) await unlisten();
      };
    },
    dumpDataDir: () => client.dumpDataDir('none'),
    async close() {
      if (client.closed) return;
      // CHECKPOINT flushes the WAL into the data files so the next start has nothing to replay.
      await client.exec('CHECKPOINT');
      await client.close();
    },
  };
}

async function openPostgres(url: string, opts: DatabaseOptions): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: opts.poolMax ?? 10 });
  pool.on('error', (err) => opts.onListenError?.(err));
  const db = drizzlePg(pool, { schema });
  const listener = new PgListener(url, opts.onListenError);
  return {
    kind: 'postgres',
    db,
    async query<T>(text: string, params: unknown[] = []) {
      const res = await pool.query(text, params);
      return res.rows as T[];
    },
    listen: (channel, fn) => listener.listen(channel, fn),
    async close() {
      await listener.close();
      await pool.end();
    },
  };
}

/**
 * One dedicated connection per process for LISTEN, shared by all subscribers, reconnecting with backoff
 * if the server drops it (events published meanwhile are replayed from event_log by the streams).
 */
class PgListener {
  private client: pg.Client | null = null;
  private connecting: Promise<pg.Client> | null = null;
  private readonly handlers = new Map<string, Set<(payload: string) => void>>();
  private closed = false;
  private retryMs = 500;

  constructor(
    private readonly url: string,
    private readonly onError?: (err: unknown) => void,
  ) {}

  async listen(channel: string, fn: (payload: string) => void): Promise<() => Promise<void>> {
    let set = this.handlers.get(channel);
    const first = !set;
    if (!set) this.handlers.set(channel, (set = new Set()));
    set.add(fn);
    const client = await this.connect();
    if (first) await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    return async () => {
      set.delete(fn);
      if (set.size === 0 && this.handlers.get(channel) === set) {
        this.handlers.delete(channel);
        if (this.client && !this.closed)
          await this.client.query(`UNLISTEN ${pg.escapeIdentifier(channel)}`).catch(() => {});
      }
    };
  }

  private connect(): Promise<pg.Client> {
    if (this.client) return Promise.resolve(this.client);
    if (!this.connecting) {
      this.connecting = (async () => {
        const client = new pg.Client({ connectionString: this.url });
        client.on('notification', (msg) => {
          for (const fn of this.handlers.get(msg.channel) ?? []) fn(msg.payload ?? '');
        });
        client.on('error', (err) => {
          this.onError?.(err);
          this.drop(client);
        });
        client.on('end', () => this.drop(client));
        await client.connect();
        for (const channel of this.handlers.keys())
          await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
        this.client = client;
        this.retryMs = 500;
        return client;
      })().finally(() => {
        this.connecting = null;
      });
    }
    return this.connecting;
  }

  private drop(client: pg.Client) {
    if (this.client !== client) return;
    this.client = null;
    if (this.closed || this.handlers.size === 0) return;
    const wait = this.retryMs;
    this.retryMs = Math.min(this.retryMs * 2, 30_000);
    setTimeout(() => {
      if (!this.closed) this.connect().catch((err) => (this.onError?.(err), this.drop(client)));
    }, wait).unref();
  }

  async close() {
    this.closed = true;
    const c = this.client;
    this.client = null;
    if (c) await c.end().catch(() => {});
  }
}
