/**
 * The live connection (spec part 1 §9): Server-Sent Events on /api/events/stream?token=…, reconnecting after 1 s and
 * doubling up to 30 s; after 3 failures in a row the app polls every 10 s instead (mode 'POLL'), and the mode is
 * remembered in localStorage (a feature's stream may poll at its own interval: `pollIntervalMs`). While polling it keeps trying the stream at the longest delay, and goes back to 'SSE'
 * as soon as the stream opens.
 */
export type LiveMode = 'SSE' | 'POLL';

export const LIVE_MODE_KEY = 'live_mode';
export const SESSION_ENDED_EVENT = 'session-ended';
const FIRST_DELAY_MS = 1_000;
const MAX_DELAY_MS = 30_000;
const FAILURES_BEFORE_POLL = 3;
const POLL_INTERVAL_MS = 10_000;

export interface LiveEvent {
  type: string;
  data: unknown;
}

export interface EventStreamOptions {
  /**
   * The stream URL with the current token, or null when signed out (then nothing connects). `lastEventId` lets the
   * server replay what was missed while reconnecting (we reconnect with a new EventSource, which forgets it).
   */
  url: (lastEventId: string | null) => string | null;
  /** Refresh what the screen shows: every 10 s in POLL mode, and once after the stream comes back. */
  onPoll: () => void;
  onModeChange: (mode: LiveMode) => void;
  /** The server ended this session (logout elsewhere, forced end by an admin). */
  onSessionEnded: () => void;
  /**
   * Where the mode is remembered (default LIVE_MODE_KEY, the shell's stream). A feature's own stream passes its
   * own key, so that its failures or recoveries never change the mode the shell shows and remembers.
   */
  modeKey?: string;
  /** How often POLL mode refreshes (default 10 s, spec part 1 §9; billing polls every 15 s, part 2 §9). */
  pollIntervalMs?: number;
}

type Handler = (event: LiveEvent) => void;

export function readStoredMode(key: string = LIVE_MODE_KEY): LiveMode {
  try {
    return localStorage.getItem(key) === 'POLL' ? 'POLL' : 'SSE';
  } catch {
    return 'SSE';
  }
}

function parseData(raw: string): unknown {
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return raw;
  }
}

export class EventStreamClient {
  private source: EventSource | null = null;
  private reconnectTimer: ReturnType<typeof setTimeout> | undefined;
  private pollTimer: ReturnType<typeof setInterval> | undefined;
  private failures = 0;
  private lastEventId: string | null = null;
  private delay = FIRST_DELAY_MS;
  private stopped = true;
  private currentMode: LiveMode;
  private readonly handlers = new Map<string, Set<Handler>>();

  constructor(private readonly options: EventStreamOptions) {
    this.currentMode = readStoredMode(options.modeKey);
  }

  get mode(): LiveMode {
    return this.currentMode;
  }

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    if (this.currentMode === 'POLL') this.startPolling();
    this.connect();
  }

  stop(): void {
    this.stopped = true;
    clearTimeout(this.reconnectTimer);
    this.stopPolling();
    this.source?.close();
    this.source = null;
  }

  /** Listen to a named server event; the listener survives reconnections. */
  on(type: string, handler: Handler): () => void {
    let set = this.handlers.get(type);
    if (!set) {
      set = new Set();
      this.handlers.set(type, set);
      this.source?.addEventListener(type, this.dispatch);
    }
    set.add(handler);
    return () => {
      set.delete(handler);
      if (set.size === 0) {
        this.handlers.delete(type);
        this.source?.removeEventListener(type, this.dispatch);
      }
    };
  }

  private readonly dispatch = (e: Event): void => {
    const msg = e as MessageEvent<string>;
    if (msg.lastEventId) this.lastEventId = msg.lastEventId;
    const event: LiveEvent = { type: e.type, data: parseData(msg.data) };
    for (const h of this.handlers.get(e.type) ?? []) h(event);
  };

  private connect(): void {
    if (this.stopped) return;
    const url = this.options.url(this.lastEventId);
    if (!url) return;
    const source = new EventSource(url);
    this.source = source;
    source.addEventListener(SESSION_ENDED_EVENT, () => {
      this.stop();
      this.options.onSessionEnded();
    });
    for (const type of this.handlers.keys()) source.addEventListener(type, this.dispatch);
    source.onopen = () => {
      const recovered = this.failures > 0 || this.currentMode === 'POLL';
      this.failures = 0;
      this.delay = FIRST_DELAY_MS;
      this.stopPolling();
      this.setMode('SSE');
      if (recovered) this.options.onPoll();
    };
    // EventSource retries on its own with its own timing; we close it and apply the spec's backoff instead.
    source.onerror = () => {
      if (this.source !== source) return;
      source.close();
      this.source = null;
      this.failures += 1;
      if (this.failures >= FAILURES_BEFORE_POLL && this.currentMode !== 'POLL') {
        this.setMode('POLL');
        this.startPolling();
      }
      this.scheduleReconnect();
    };
  }

  private scheduleReconnect(): void {
    if (this.stopped) return;
    clearTimeout(this.reconnectTimer);
    const wait = this.delay;
    this.delay = Math.min(this.delay * 2, MAX_DELAY_MS);
    this.reconnectTimer = setTimeout(() => this.connect(), wait);
  }

  private startPolling(): void {
    if (this.pollTimer !== undefined) return;
    this.pollTimer = setInterval(
      () => this.options.onPoll(),
      this.options.pollIntervalMs ?? POLL_INTERVAL_MS,
    );
  }

  private stopPolling(): void {
    clearInterval(this.pollTimer);
    this.pollTimer = undefined;
  }

  private setMode(mode: LiveMode): void {
    if (this.currentMode === mode) return;
    this.currentMode = mode;
    try {
      localStorage.setItem(this.options.modeKey ?? LIVE_MODE_KEY, mode);
    } catch {
      // Private mode without storage: the mode is simply not remembered.
    }
    this.options.onModeChange(mode);
  }
}
