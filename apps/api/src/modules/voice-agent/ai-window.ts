import { localDateTime } from '@ips/shared/format';

/** Why the voice agent is off at an instant, or null when it is on (AI settings, spec part 2 §2 and §3). */
export type OfflineReason = 'disabled' | 'vacation' | 'holiday' | 'day' | 'hours' | 'break';

const DAY_KEYS = ['ai_sun', 'ai_mon', 'ai_tue', 'ai_wed', 'ai_thu', 'ai_fri', 'ai_sat'] as const;

export interface AiWindowInput {
  get: (key: string) => unknown;
  now: Date;
  tz: string;
  /** Whether the local date (YYYY-MM-DD) is a holiday (the holidays table). */
  isHoliday: (date: string) => boolean;
}

const hhmm = (v: unknown) => (typeof v === 'string' && /^\d{2}:\d{2}$/.test(v) ? v : null);

/**
 * The AI settings' windows, in the organisation's timezone: assistant off, vacation mode, a holiday when paused
 * on holidays, a day not enabled, outside [start, end), inside the break [break_start, break_end).
 */
export function offlineReason({ get, now, tz, isHoliday }: AiWindowInput): OfflineReason | null {
  if (get('ai_enabled') === false) return 'disabled';
  if (get('ai_vacation_mode') === true) return 'vacation';
  const local = localDateTime(now, tz);
  const date = local.slice(0, 10);
  const time = local.slice(11, 16);
  if (get('ai_pause_holidays') === true && isHoliday(date)) return 'holiday';
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const weekday = new Date(Date.UTC(y, m - 1, d)).getUTCDay();
  if (get(DAY_KEYS[weekday]!) !== true) return 'day';
  const start = hhmm(get('ai_start_time'));
  const end = hhmm(get('ai_end_time'));
  if ((start && time < start) || (end && time >= end)) return 'hours';
  const bs = hhmm(get('ai_break_start'));
  const be = hhmm(get('ai_break_end'));
  if (bs && be && time >= bs && time < be) return 'break';
  return null;
}
