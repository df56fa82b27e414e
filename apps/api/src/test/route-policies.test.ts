import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DeclaredRoute } from '../plugins/auth';
import { buildTestApp, type TestApp } from './helpers';

/**
 * The declared policy of every /api route, committed in route-policies.json and reviewed like code: adding,
 * removing or re-permissioning a route without updating the file fails here. The matrix test proves each
 * route enforces what it declares; this file makes what it declares visible in the diff.
 */
const FILE = new URL('./route-policies.json', import.meta.url);
const UPDATE_HINT =
  'Si el cambio es intencional, actualice el archivo con:\n' +
  '  UPDATE_POLICIES=1 npx vitest run apps/api/src/test/route-policies.test.ts\n' +
  'y revise el diff de apps/api/src/test/route-policies.json en el commit.';

function describePolicy(r: DeclaredRoute): string {
  const who = typeof r.policy === 'string' ? r.policy : [...r.policy].sort().join(', ');
  const extras = [r.queryToken ? 'token en query' : '', r.rateLimit ? `límite: ${r.rateLimit}` : '']
    .filter(Boolean)
    .map((e) => ` (${e})`)
    .join('');
  return who + extras;
}

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t?.close());

describe('declared route policies', () => {
  it('match the committed route-policies.json', () => {
    const current = Object.fromEntries(
      t.app.routePolicies
        .map((r) => [`${r.method} ${r.url}`, describePolicy(r)] as const)
        .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
    );
    if (process.env.UPDATE_POLICIES === '1') {
      writeFileSync(FILE, `${JSON.stringify(current, null, 2)}\n`);
      return;
    }
    const committed = existsSync(FILE)
      ? (JSON.parse(readFileSync(FILE, 'utf8')) as Record<string, string>)
      : {};
    const added = Object.keys(current).filter((k) => !(k in committed));
    const removed = Object.keys(committed).filter((k) => !(k in current));
    const changed = Object.keys(current)
      .filter((k) => k in committed && committed[k] !== current[k])
      .map((k) => `${k}: ${committed[k]} → ${current[k]}`);
    const problems = [
      ...added.map((k) => `ruta nueva sin registrar: ${k} (${current[k]})`),
      ...removed.map((k) => `ruta registrada que ya no existe: ${k}`),
      ...changed.map((c) => `política cambiada: ${c}`),
    ];
    expect(problems, problems.length ? `\n${problems.join('\n')}\n\n${UPDATE_HINT}` : '').toEqual([]);
  });
});
