import { localDate } from '@ips/shared/format';
import { useOrgSettings } from '@/lib/settings/use-org-settings';

/** Today's date and the timezone of the organisation (not the browser's). */
export function useOrgToday(): { today: string; timezone: string } {
  const { timezone } = useOrgSettings();
  return { today: localDate(new Date(), timezone), timezone };
}
