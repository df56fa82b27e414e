import { useEffect, useState } from 'react';
import { localDateTime } from '@ips/shared/format';
import { useOrgSettings } from '@/lib/settings/use-org-settings';

/**
 * Today and the minute of the day in the organisation's timezone (not the browser's), refreshed every minute,
 * so an agenda that ends while the screen is open stops being offered.
 */
export function useOrgClock(): { today: string; nowMinutes: number; timezone: string } {
  const { timezone } = useOrgSettings();
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const id = setInterval(() => setNow(Date.now()), 60_000);
    return () => clearInterval(id);
  }, []);
  const text = localDateTime(now, timezone);
  return {
    timezone,
    today: text.slice(0, 10),
    nowMinutes: Number(text.slice(11, 13)) * 60 + Number(text.slice(14, 16)),
  };
}
