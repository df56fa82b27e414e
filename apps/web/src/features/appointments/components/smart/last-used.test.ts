import { describe, expect, it } from 'vitest';
import {
  LAST_USED_TAG,
  lastSpecialtyKey,
  readLastUsed,
  rememberLastUsed,
  withLastUsedFirst,
} from './last-used';

const OPTIONS = [
  { value: '1', label: 'Cardiología' },
  { value: '2', label: 'Medicina General' },
  { value: '3', label: 'Medicina Interna' },
];

function memoryStore() {
  const data = new Map<string, string>();
  return {
    getItem: (k: string) => data.get(k) ?? null,
    setItem: (k: string, v: string) => void data.set(k, v),
  };
}

describe('withLastUsedFirst', () => {
  it('moves the last used option to the top, tagged, keeping the others in order', () => {
    expect(withLastUsedFirst(OPTIONS, '3')).toEqual([
      { value: '3', label: 'Medicina Interna', tag: LAST_USED_TAG },
      { value: '1', label: 'Cardiología' },
      { value: '2', label: 'Medicina General' },
    ]);
  });

  it('leaves the list as it is without a last used one, or when it is no longer offered', () => {
    expect(withLastUsedFirst(OPTIONS, null)).toEqual(OPTIONS);
    expect(withLastUsedFirst(OPTIONS, '9')).toEqual(OPTIONS);
  });
});

describe('the remembered value', () => {
  it('is kept per user', () => {
    const store = memoryStore();
    rememberLastUsed(store, lastSpecialtyKey(7), '3');
    expect(readLastUsed(store, lastSpecialtyKey(7))).toBe('3');
    expect(readLastUsed(store, lastSpecialtyKey(8))).toBeNull();
  });

  it('is simply absent when the storage fails or is missing', () => {
    const broken = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
    };
    expect(() => rememberLastUsed(broken, 'k', '1')).not.toThrow();
    expect(readLastUsed(broken, 'k')).toBeNull();
    expect(readLastUsed(null, 'k')).toBeNull();
  });
});
