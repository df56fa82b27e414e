import { CALL_CONSTANTS } from '@ips/shared/schemas/calls';

export { formatSeconds } from '../../../lib/format-seconds';

const pct = new Intl.NumberFormat('es-CO', { style: 'percent', maximumFractionDigits: 1 });
export const formatRate = (v: number | null | undefined) =>
  v === null || v === undefined ? '—' : pct.format(v);

/** Share of the long-call threshold (1,800 s) a call has used, 0–100. */
export const longCallPercent = (seconds: number) =>
  Math.min(100, Math.round((seconds / CALL_CONSTANTS.longCallSeconds) * 100));

/** Seconds elapsed since a server value was read, added to a duration the server computed then. */
export function liveSeconds(base: number, readAt: number, now: number) {
  return base + Math.max(0, Math.floor((now - readAt) / 1000));
}

/** '+573105550101' → '+57 310 555 0101'; other numbers as stored. */
export function formatPhone(phone: string | null | undefined): string {
  if (!phone) return '—';
  const m = /^\+57(\d{3})(\d{3})(\d{4})$/.exec(phone);
  return m ? `+57 ${m[1]} ${m[2]} ${m[3]}` : phone;
}
