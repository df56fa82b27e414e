import type { z } from 'zod';

/** The first message per top-level field of a failed parse, and all messages in order (for the toast). */
export function issuesOf<K extends string>(
  error: z.ZodError,
): { byField: Partial<Record<K, string>>; all: string[] } {
  const byField: Partial<Record<K, string>> = {};
  const all: string[] = [];
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? '') as K;
    if (key && !byField[key]) byField[key] = issue.message;
    if (!all.includes(issue.message)) all.push(issue.message);
  }
  return { byField, all };
}
