import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { EventStreamClient, LIVE_MODE_KEY, type LiveMode } from './sse';
import { stubLocalStorage } from './test-globals';

class FakeEventSource {
  static all: FakeEventSource[] = [];
  onopen: (() => void) | null = null;
  onerror: (() => void) | null = null;
  closed = false;
  private listeners = new Map<string, Set<(e: Event) => void>>();
  constructor(readonly url: string) {
    FakeEventSource.all.push(this);
  }
  addEventListener(type: string, fn: (e: Event) => void) {
    if (!this.listeners.has(type)) this.listeners.set(type, new Set());
    this.listeners.get(type)!.add(fn);
  }
  removeEventListener(type: string, fn: (e: Event) => void) {
    this.listeners.get(type)?.delete(fn);
  }
  close() {
    this.closed = true;
  }
  emit(type: string, data: string, lastEventId = '') {
    const e = { type, data, lastEventId } as unknown as Event;
    for (const fn of this.listeners.get(type) ?? []) fn(e);
  }
  static latest(): FakeEventSource {
    return FakeEventSource.all[FakeEventSource.all.length - 1]!;
  }
}

let storage: Map<string, string>;

function makeClient(modeKey?: string) {
  const modes: LiveMode[] = [];
  const onPoll = vi.fn();
  const onSessionEnded = vi.fn();
  const client = new EventStreamClient({
    url: (last) => `/api/events/stream?token=t${last ? `&last_event_id=${last}` : ''}`,
    onPoll,
    onModeChange: (m) => modes.push(m),
    onSessionEnded,
    modeKey,
  });
  return { client, modes, onPoll, onSessionEnded };
}

beforeEach(() => {
  vi.useFakeTimers();
  FakeEventSource.all = [];
  vi.stubGlobal('EventSource', FakeEventSource);
  storage = stubLocalStorage();
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('EventStreamClient', () => {
  it('reconnects after 1 s doubling, and polls every 10 s after 3 failures in a row', () => {
    const { client, modes, onPoll } = makeClient();
    client.start();
    expect(FakeEventSource.all).toHaveLength(1);
    expect(FakeEventSource.latest().url).toBe('/api/events/stream?token=t');

    FakeEventSource.latest().onerror!();
    expect(FakeEventSource.all[0]!.closed).toBe(true);
    vi.advanceTimersByTime(999);
    expect(FakeEventSource.all).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(FakeEventSource.all).toHaveLength(2);

    FakeEventSource.latest().onerror!();
    vi.advanceTimersByTime(1999);
    expect(FakeEventSource.all).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(FakeEventSource.all).toHaveLength(3);
    expect(client.mode).toBe('SSE');

    FakeEventSource.latest().onerror!();
    expect(client.mode).toBe('POLL');
    expect(modes).toEqual(['POLL']);
    expect(storage.get(LIVE_MODE_KEY)).toBe('POLL');

    vi.advanceTimersByTime(10_000);
    expect(onPoll).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(10_000);
    expect(onPoll).toHaveBeenCalledTimes(2);
    client.stop();
  });

  it('polls at the interval a feature asks for (billing: 15 s)', () => {
    const onPoll = vi.fn();
    const client = new EventStreamClient({
      url: () => '/api/appointment-billing/stream?token=t',
      onPoll,
      onModeChange: () => {},
      onSessionEnded: () => {},
      modeKey: 'live_mode_billing',
      pollIntervalMs: 15_000,
    });
    client.start();
    for (const wait of [1000, 2000]) {
      FakeEventSource.latest().onerror!();
      vi.advanceTimersByTime(wait);
    }
    FakeEventSource.latest().onerror!();
    expect(client.mode).toBe('POLL');
    vi.advanceTimersByTime(14_999);
    expect(onPoll).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(onPoll).toHaveBeenCalledTimes(1);
    expect(storage.get('live_mode_billing')).toBe('POLL');
    expect(storage.get(LIVE_MODE_KEY)).toBeUndefined();
    client.stop();
  });

  it('caps the reconnect delay at 30 s', () => {
    const { client } = makeClient();
    client.start();
    const waits: number[] = [];
    for (let i = 0; i < 7; i++) {
      const before = FakeEventSource.all.length;
      FakeEventSource.latest().onerror!();
      let waited = 0;
      while (FakeEventSource.all.length === before) {
        vi.advanceTimersByTime(1000);
        waited += 1000;
      }
      waits.push(waited);
    }
    expect(waits).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000]);
    client.stop();
  });

  it('goes back to SSE when the stream opens, stops polling and refreshes once', () => {
    storage.set(LIVE_MODE_KEY, 'POLL');
    const { client, modes, onPoll } = makeClient();
    expect(client.mode).toBe('POLL');
    client.start();
    vi.advanceTimersByTime(10_000);
    expect(onPoll).toHaveBeenCalledTimes(1);

    FakeEventSource.latest().onopen!();
    expect(client.mode).toBe('SSE');
    expect(modes).toEqual(['SSE']);
    expect(storage.get(LIVE_MODE_KEY)).toBe('SSE');
    expect(onPoll).toHaveBeenCalledTimes(2);
    vi.advanceTimersByTime(60_000);
    expect(onPoll).toHaveBeenCalledTimes(2);
    client.stop();
  });

  it("keeps a feature stream's mode under its own key, apart from the shell's", () => {
    storage.set(LIVE_MODE_KEY, 'POLL');
    const { client } = makeClient('live_mode_queue');
    expect(client.mode).toBe('SSE');
    client.start();
    for (let i = 0; i < 3; i++) {
      FakeEventSource.latest().onerror!();
      vi.advanceTimersByTime(30_000);
    }
    expect(client.mode).toBe('POLL');
    expect(storage.get('live_mode_queue')).toBe('POLL');
    FakeEventSource.latest().onopen!();
    expect(storage.get('live_mode_queue')).toBe('SSE');
    expect(storage.get(LIVE_MODE_KEY)).toBe('POLL');
    client.stop();
  });

  it('delivers named events, survives reconnection and resumes from the last event id', () => {
    const { client } = makeClient();
    const seen: unknown[] = [];
    client.on('queue.updated', (e) => seen.push(e.data));
    client.start();
    FakeEventSource.latest().emit('queue.updated', '{"id":7}', '41');
    FakeEventSource.latest().onerror!();
    vi.advanceTimersByTime(1000);
    expect(FakeEventSource.latest().url).toBe('/api/events/stream?token=t&last_event_id=41');
    FakeEventSource.latest().emit('queue.updated', 'texto');
    expect(seen).toEqual([{ id: 7 }, 'texto']);
    client.stop();
  });

  it('ends everything when the server says the session ended', () => {
    const { client, onSessionEnded } = makeClient();
    client.start();
    FakeEventSource.latest().emit('session-ended', '{"reason":"revoked"}');
    expect(onSessionEnded).toHaveBeenCalledTimes(1);
    expect(FakeEventSource.latest().closed).toBe(true);
    vi.advanceTimersByTime(60_000);
    expect(FakeEventSource.all).toHaveLength(1);
  });
});
