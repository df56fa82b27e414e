import { inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { settings } from '../../db/schema/system';

export async function readMany(db: Executor, keys: readonly string[]): Promise<Record<string, unknown>> {
  const rows = await db
    .select()
    .from(settings)
    .where(inArray(settings.key, [...keys]));
  return Object.fromEntries(rows.map((r) => [r.key, r.value]));
}

export async function readAll(db: Executor): Promise<Record<string, unknown>> {
  const rows = await db.select().from(settings);
  return Object.fromEntries(rows.map((r) => [r.key, r.value]));
}
