import type { Executor } from '../db/client';
import { settings } from '../db/schema/system';
import type { EventBus } from './event-bus';

/** The event bus channel of settings changes (payload: the keys that changed). */
export const SETTINGS_CHANNEL = 'settings';
/** The event's type, also what the web app's event stream receives. */
export const SETTINGS_UPDATED_EVENT = 'settings_updated';
/**
 * How often an instance reads the settings again on its own: the backstop for a notification lost while its
 * LISTEN connection was down (lib/event-bus.ts reconnects, but what was sent meanwhile is not replayed here).
 */
export const SETTINGS_BACKSTOP_MS = 30_000;

function validZone(tz: unknown): tz is string {
  if (typeof tz !== 'string' || tz === '') return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}

/**
 * The organisation settings of this API instance, in memory, kept current on every instance (decision 027):
 * - a change committed through this instance is applied at once (`applyCommitted`, right after the commit);
 * - a change through any instance publishes on the `settings` channel inside its transaction; every instance
 *   reads the table again when that event arrives (PostgreSQL NOTIFY after the commit; in-process on PGlite);
 * - a read that started before a newer change or read is dropped (the epoch), so an older answer never
 *   overwrites a newer one; and the table is read again every SETTINGS_BACKSTOP_MS whatever happens.
 * `orgTimezone` is what `deps.config.orgTimezone` returns (a getter), so the ~70 places that read it follow a
 * change without a restart.
 */
export class LiveSettings {
  private values: Record<string, unknown> = {};
  private zone: string;
  private epoch = 0;
  private timer: NodeJS.Timeout | null = null;
  private unsubscribe: (() => void) | null = null;
  /** Reads of the table after the first, for tests. */
  reloads = 0;

  private constructor(
    private readonly db: Executor,
    private readonly defaults: Record<string, unknown>,
  ) {
    this.zone = validZone(defaults.org_timezone) ? defaults.org_timezone : 'America/Bogota';
  }

  static async start(
    db: Executor,
    events: Pick<EventBus, 'subscribe'>,
    defaults: Record<string, unknown>,
    backstopMs = SETTINGS_BACKSTOP_MS,
  ): Promise<LiveSettings> {
    const live = new LiveSettings(db, defaults);
    live.set(await live.read());
    live.unsubscribe = events.subscribe(SETTINGS_CHANNEL, () => void live.reload());
    if (backstopMs > 0) {
      live.timer = setInterval(() => void live.reload(), backstopMs);
      live.timer.unref();
    }
    return live;
  }

  stop() {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    this.unsubscribe?.();
    this.unsubscribe = null;
  }

  /** The organisation's timezone in force (a valid IANA zone). */
  get orgTimezone(): string {
    return this.zone;
  }

  /** One setting: the stored value, else its default. */
  get(key: string): unknown {
    return key in this.values ? this.values[key] : this.defaults[key];
  }

  /** Every known setting (the defaults' keys), stored value or default. */
  snapshot(): Record<string, unknown> {
    return Object.fromEntries(Object.keys(this.defaults).map((k) => [k, this.get(k)]));
  }

  /** Values this instance has just committed: visible to its next request without waiting for the event. */
  applyCommitted(values: Record<string, unknown>) {
    this.epoch++;
    this.set({ ...this.values, ...values });
  }

  /** Reads the table again (on an event, on the backstop timer). */
  async reload(): Promise<void> {
    const epoch = ++this.epoch;
    try {
      const values = await this.read();
      this.reloads++;
      if (epoch === this.epoch) this.set(values);
    } catch {
      // The database is unreachable for now: keep what we have; the next event or the backstop reads again.
    }
  }

  private async read(): Promise<Record<string, unknown>> {
    const rows = await this.db.select({ key: settings.key, value: settings.value }).from(settings);
    return Object.fromEntries(rows.map((r) => [r.key, r.value]));
  }

  private set(values: Record<string, unknown>) {
    this.values = values;
    const tz = this.get('org_timezone');
    if (validZone(tz)) this.zone = tz;
  }
}
