import type { Executor } from '../client';
import { settings } from '../schema/system';

/** Inserts the settings that are missing; never overwrites what an administrator changed. */
export async function insertSettingDefaults(db: Executor, values: Record<string, unknown>) {
  const rows = Object.entries(values).map(([key, value]) => ({ key, value }));
  if (rows.length) await db.insert(settings).values(rows).onConflictDoNothing();
}
