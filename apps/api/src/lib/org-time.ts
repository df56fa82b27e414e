import { localDate } from '@ips/shared/format';
import type { AppDeps } from './context';

/**
 * The organisation's "today" ('YYYY-MM-DD'). The timezone is the settings value, loaded into
 * `deps.config.orgTimezone` when the app starts (ORG_TIMEZONE only seeds the setting), so every module
 * reads the same zone without a query.
 */
export function orgToday(deps: Pick<AppDeps, 'config'>, now: Date = new Date()): string {
  return localDate(now, deps.config.orgTimezone);
}
