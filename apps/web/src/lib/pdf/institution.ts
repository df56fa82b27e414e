import { getPublicSettings } from '../settings/get-public-settings';
import { getSettings } from '../settings/get-settings';
import { institutionFrom, type Institution, type SettingsBody } from './institution-fields';

export type { Institution };

/** GET /settings (the organisation settings); if that fails, the public name and timezone. */
export async function fetchInstitution(): Promise<Institution> {
  let s: SettingsBody = {};
  try {
    s = (await getSettings()).data ?? {};
  } catch {
    try {
      s = (await getPublicSettings()).data ?? {};
    } catch {}
  }
  return institutionFrom(s);
}
