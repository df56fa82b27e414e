/**
 * The last specialty a user booked with, remembered on this browser (localStorage, one key per user) and offered
 * first the next time: a receptionist who books the same specialty all morning picks it with Enter.
 */
export const LAST_USED_TAG = 'Última usada';

export const lastSpecialtyKey = (userId: number | string) => `ips.smart-assign.last-specialty.${userId}`;

type Store = Pick<Storage, 'getItem' | 'setItem'>;

/** The remembered value, or null (nothing yet, or storage unavailable: private mode, quota, policy). */
export function readLastUsed(store: Store | null, key: string): string | null {
  try {
    return store?.getItem(key) || null;
  } catch {
    return null;
  }
}

export function rememberLastUsed(store: Store | null, key: string, value: string): void {
  try {
    store?.setItem(key, value);
  } catch {
    // Not remembering is harmless.
  }
}

/** The options with the last used one moved to the top and tagged; unchanged if it is not offered. */
export function withLastUsedFirst<T extends { value: string; tag?: string }>(
  options: readonly T[],
  last: string | null,
): T[] {
  const i = last ? options.findIndex((o) => o.value === last) : -1;
  if (i < 0) return [...options];
  return [{ ...options[i]!, tag: LAST_USED_TAG }, ...options.slice(0, i), ...options.slice(i + 1)];
}
