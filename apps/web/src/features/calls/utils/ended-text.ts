import { formatDateTime, formatTime, localDate } from '@ips/shared/format';

/**
 * When a completed call ended, as the monitor lists it: the time alone when it ended today (organisation's
 * timezone), else date and time, since "recent" is not "today" (issue 34).
 */
export function endedText(at: string, now: number | Date, timezone: string): string {
  return localDate(at, timezone) === localDate(now, timezone)
    ? formatTime(at, timezone)
    : formatDateTime(at, timezone);
}
