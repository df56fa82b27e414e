/** One field of a change: its value before and after, and whether it changed. */
export interface FieldChange {
  key: string;
  before: unknown;
  after: unknown;
  /** Absent on one side (created, deleted, or a field only one side records). */
  hasBefore: boolean;
  hasAfter: boolean;
  changed: boolean;
}

const isRecord = (v: unknown): v is Record<string, unknown> =>
  v !== null && typeof v === 'object' && !Array.isArray(v);

/** Deep equality of JSON values (key order does not matter). */
export function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) && Array.isArray(b))
    return a.length === b.length && a.every((x, i) => sameJson(x, b[i]));
  if (isRecord(a) && isRecord(b)) {
    const ka = Object.keys(a);
    return ka.length === Object.keys(b).length && ka.every((k) => k in b && sameJson(a[k], b[k]));
  }
  return false;
}

/**
 * The fields of the old and new values side by side: the old value's keys in their order, then the keys only
 * the new one has. A value that is not an object (rare) is shown as one field named 'valor'.
 */
export function diffValues(before: unknown, after: unknown): FieldChange[] {
  const wrap = (v: unknown) => (v === null || v === undefined ? {} : isRecord(v) ? v : { valor: v });
  const a = wrap(before);
  const b = wrap(after);
  const keys = [...Object.keys(a), ...Object.keys(b).filter((k) => !(k in a))];
  return keys.map((key) => {
    const hasBefore = key in a;
    const hasAfter = key in b;
    return {
      key,
      before: a[key],
      after: b[key],
      hasBefore,
      hasAfter,
      changed: hasBefore !== hasAfter || !sameJson(a[key], b[key]),
    };
  });
}

/** A value as the dialog shows it: text as is, nested objects and arrays as indented JSON. */
export function showValue(v: unknown): string {
  if (v === null || v === undefined) return '—';
  if (typeof v === 'boolean') return v ? 'Sí' : 'No';
  if (typeof v === 'string') return v === '' ? '(vacío)' : v;
  if (typeof v === 'number') return String(v);
  return JSON.stringify(v, null, 2);
}
