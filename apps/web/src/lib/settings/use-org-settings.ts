import { DEFAULT_TIMEZONE } from '@ips/shared/format';
import { usePublicSettings } from '@/lib/settings/get-public-settings';
import { useSettings } from '@/lib/settings/get-settings';

export const DEFAULT_ORG_NAME = 'IPS';

export interface OrgInfo {
  orgName: string;
  /** The saved logo ('' when none). */
  logoUrl: string;
  timezone: string;
  demoMode: boolean;
  isLoading: boolean;
}

/**
 * The organisation's name and timezone for the signed-in shell: from GET /settings, falling back to the public
 * settings when that call fails (a role without access to settings, or an older server).
 */
export function useOrgSettings(): OrgInfo {
  const publicSettings = usePublicSettings();
  const settings = useSettings();
  const orgName = settings.data?.org_name || publicSettings.data?.org_name || DEFAULT_ORG_NAME;
  const logoUrl = settings.data
    ? (settings.data.org_logo_url ?? '')
    : (publicSettings.data?.org_logo_url ?? '');
  const timezone = settings.data?.org_timezone || publicSettings.data?.org_timezone || DEFAULT_TIMEZONE;
  return {
    orgName,
    logoUrl,
    timezone,
    demoMode: publicSettings.data?.demo_mode === true,
    isLoading: settings.isPending && publicSettings.isPending,
  };
}
