import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/*
 * The browser's own form checks speak the browser's language ('Please fill out this field.') and its date input
 * its order (12/10/2026 for 10 December in English): every form checks with the shared zod schemas and shows
 * their Spanish messages (noValidate), and every date goes through components/ui/date-input (dd/mm/aaaa).
 */
const src = join(import.meta.dirname, '..');

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((f) => {
    const p = join(dir, f);
    if (statSync(p).isDirectory()) return sources(p);
    return p.endsWith('.tsx') ? [p] : [];
  });
}

const files = sources(src).map((p) => ({ path: relative(src, p), text: readFileSync(p, 'utf8') }));

describe('no native validation or date inputs in the web app', () => {
  it('finds the forms', () => expect(files.filter((f) => /<form\b/.test(f.text)).length).toBeGreaterThan(5));

  it('every <form> is noValidate', () => {
    const bad = files.flatMap((f) =>
      [...f.text.matchAll(/<form\b[^>]*>/g)].filter((m) => !/\bnoValidate\b/.test(m[0])).map(() => f.path),
    );
    expect(bad).toEqual([]);
  });

  it('no native date, month or datetime input', () => {
    const bad = files
      .filter((f) => /type=["'{`]*(date|month|week|datetime-local)["'}`]/.test(f.text))
      .map((f) => f.path);
    expect(bad).toEqual([]);
  });
});
