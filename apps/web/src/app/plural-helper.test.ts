import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/*
 * A count meets its noun through one helper, countOf/plural of packages/shared/src/format.ts ('1 cupo',
 * '3 cupos'): no screen writes its own ternary beside a number or keeps its own copy of the helper.
 */
const src = join(import.meta.dirname, '..');

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((f) => {
    const p = join(dir, f);
    if (statSync(p).isDirectory()) return sources(p);
    return /\.tsx?$/.test(p) && !p.endsWith('.test.ts') ? [p] : [];
  });
}

const files = sources(src).map((p) => ({ path: relative(src, p), text: readFileSync(p, 'utf8') }));

describe('singular and plural through one helper', () => {
  it('no number followed by its own `n === 1 ? … : …`', () => {
    const bad = files.flatMap((f) =>
      [...f.text.matchAll(/(?:\{|\$\{)(?:[\w.]+\.format\()?([\w.]+)\)?\}\s*(?:\{|\$\{)\s*\1 === 1 \?/g)].map(
        (m) => `${f.path}: ${m[0]}`,
      ),
    );
    expect(bad).toEqual([]);
  });

  it('no local copy of the helper', () => {
    const bad = files
      .filter((f) => /const (plural|countOf) = \(/.test(f.text) || /function (plural|countOf)\(/.test(f.text))
      .map((f) => f.path);
    expect(bad).toEqual([]);
  });
});
