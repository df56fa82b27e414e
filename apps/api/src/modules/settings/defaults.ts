import { DEFAULT_TIMEZONE } from '@ips/shared/format';
import { SETTING_DEFAULTS } from '@ips/shared/schemas/settings';

/** Settings of spec part 2 §3 with their documented defaults (packages/shared/src/schemas/settings.ts). */
export function defaultSettings(orgTimezone: string = DEFAULT_TIMEZONE): Record<string, unknown> {
  return { ...SETTING_DEFAULTS, org_timezone: orgTimezone };
}
