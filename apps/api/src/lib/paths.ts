import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Finds `relative` in this file's folder or the nearest parent that has it. The API runs both from
 * `src/` (tsx, tests) and bundled from `dist/`, so fixed `../..` paths would differ between the two.
 */
export function findUp(
  relative: string,
  from: string = dirname(fileURLToPath(import.meta.url)),
): string | null {
  let dir = from;
  for (;;) {
    const candidate = join(dir, relative);
    if (existsSync(candidate)) return candidate;
    const parent = dirname(dir);
    if (parent === dir) return null;
    dir = parent;
  }
}

export function requireUp(relative: string): string {
  const found = findUp(relative);
  if (!found) throw new Error(`No se encontró ${relative}`);
  return found;
}
