import { useEffect, useState } from 'react';
import { localDateTime } from '@ips/shared/format';
import { useOrgSettings } from '@/lib/settings/use-org-settings';

export interface OrgClock {
  timezone: string;
  /** 'YYYY-MM-DD' in the organisation's zone. */
  today: string;
  /** Minutes after the organisation's midnight. */
  nowMinutes: number;
}

/** Today and the current minute in the organisation's timezone, refreshed every minute. */
export function useOrgClock(): OrgClock {
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
