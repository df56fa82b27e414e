import { localDate } from '@ips/shared/format';
import { useOrgSettings } from '@/features/settings/hooks/use-org-settings';

/** Today's date and the timezone of the organisation (not the browser's). */
export function useOrgToday(): { today: string; timezone: string } {
  const { timezone } = useOrgSettings();
  return { today: localDate(new Date(), timezone), timezone };
}
