/**
 * Concurrent identical reads share one computation: while the board of the call center is being computed, the
 * other dashboards asking for it (every screen refetches on the same live event) wait for that answer instead of
 * running the same queries again. Nothing is kept once it is answered, so a read never sees data older than a
 * read that started before it (decision 030).
 */
export function singleFlight<K extends object>() {
  const flights = new WeakMap<K, Map<string, Promise<unknown>>>();
  return function run<T>(owner: K, key: string, compute: () => Promise<T>): Promise<T> {
    let m = flights.get(owner);
    if (!m) flights.set(owner, (m = new Map()));
    const running = m.get(key) as Promise<T> | undefined;
    if (running) return running;
    const p = compute().finally(() => m.delete(key));
    m.set(key, p);
    return p;
  };
}
