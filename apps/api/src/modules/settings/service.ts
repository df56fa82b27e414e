import { AppError } from '@ips/shared/errors';
import {
  crossFieldProblems,
  SETTING_KEYS,
  type OrgSettingsValues,
  type SettingKey,
  type UpdateSettingsBody,
} from '@ips/shared/schemas/settings';
import { writeAudit } from '../../lib/audit';
import type { Actor, AppDeps } from '../../lib/context';
import { SETTINGS_CHANNEL, SETTINGS_UPDATED_EVENT } from '../../lib/live-settings';
import { defaultSettings } from './defaults';
import { lockForUpdate, readAll, upsert } from './repo';

/** Every setting of the spec: the stored value, else its default (internal keys are not shown). */
function withDefaults(stored: Record<string, unknown>, deps: AppDeps): OrgSettingsValues {
  const defaults = defaultSettings(deps.settings.get('org_timezone') as string);
  return Object.fromEntries(
    SETTING_KEYS.map((k) => [k, k in stored ? stored[k] : defaults[k]]),
  ) as OrgSettingsValues;
}

export async function getSettings(deps: AppDeps): Promise<OrgSettingsValues> {
  return withDefaults(await readAll(deps.db), deps);
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The partial update of PUT /settings: each key was checked by its own rule (the route's schema); the rules
 * across fields are checked here on the stored values merged with the request. All or nothing: one transaction,
 * one audit row per changed key, one event for every instance (decision 027).
 */
export async function updateSettings(
  deps: AppDeps,
  actor: Actor,
  patch: UpdateSettingsBody,
): Promise<OrgSettingsValues> {
  const keys = Object.keys(patch) as SettingKey[];
  const { merged, changed } = await deps.db.transaction(async (tx) => {
    await lockForUpdate(tx);
    const stored = await readAll(tx);
    const current = withDefaults(stored, deps);
    const merged = { ...current, ...patch } as OrgSettingsValues;
    const problems = crossFieldProblems(merged).filter((p) => p.keys.some((k) => keys.includes(k)));
    if (problems.length) {
      const errors: Record<string, string[]> = {};
      for (const p of problems)
        for (const [field, text] of Object.entries(p.fields)) (errors[field] ??= []).push(text);
      throw new AppError('VALIDATION', problems.map((p) => p.message).join('. '), errors);
    }
    const changed: Partial<OrgSettingsValues> = {};
    for (const key of keys) {
      const value = merged[key];
      if (key in stored && same(stored[key], value)) continue;
      await upsert(tx, key, value);
      await writeAudit(tx, actor, {
        table: 'settings',
        recordId: key,
        action: key in stored ? 'update' : 'create',
        oldValues: key in stored ? { [key]: stored[key] } : null,
        newValues: { [key]: value },
      });
      (changed as Record<string, unknown>)[key] = value;
    }
    if (Object.keys(changed).length)
      await deps.events.publish(tx, SETTINGS_CHANNEL, SETTINGS_UPDATED_EVENT, { keys: Object.keys(changed) });
    return { merged, changed };
  });
  // Committed: this instance answers with the new values from its next request on; the others on the event.
  if (Object.keys(changed).length) deps.settings.applyCommitted(changed);
  return merged;
}
