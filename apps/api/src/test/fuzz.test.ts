import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '@ips/shared/catalogs/roles';
import { createSession } from '../modules/sessions/repo';
import { signSessionToken } from '../lib/tokens';
import type { DeclaredRoute } from '../plugins/auth';
import { bodyArbitrary, nastyString, queryArbitrary } from './fuzz-arbitraries';
import { buildTestApp, type TestApp } from './helpers';

/**
 * Every route that takes a body or a query gets FUZZ_RUNS generated invalid and edge-case inputs
 * (default 200 in CI; `npm run fuzz` runs thousands), as a caller its policy admits. Never a 5xx, always
 * the error shape, and when every input to a route was rejected, no table changed.
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 200);
let t: TestApp;
let tables: string[] = [];
beforeAll(async () => {
  t = await buildTestApp({ demoMode: false });
  const rows = await t.app.deps.database.query<{ table_name: string }>(
    `select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'
       and table_name not in ('__drizzle_migrations', 'sessions', 'login_attempts') order by 1`,
  );
  tables = rows.map((r) => r.table_name);
});
afterAll(async () => t?.close());

async function fingerprint(): Promise<string> {
  const sql = tables.map((tb) => `(select count(*) from "${tb}")::text`).join(` || ',' || `);
  const [row] = await t.app.deps.database.query<{ f: string }>(`select ${sql} as f`);
  return row!.f;
}

async function tokenFor(route: DeclaredRoute): Promise<string> {
  const role: Role = Array.isArray(route.policy) ? (route.policy[0] as Role) : 'admin';
  const user = t.users[role];
  const expiresAt = new Date(Date.now() + 3_600_000);
  const session = await createSession(t.app.deps.db, {
    userId: user.id,
    expiresAt,
    ip: null,
    userAgent: 'fuzz',
  });
  return signSessionToken(
    t.app.deps.tokenKeys.session,
    { sub: String(user.id), sid: session.id, role, name: 'fuzz' },
    expiresAt,
  );
}

function fillParams(url: string, nasty: string | null): string {
  return url.replace(/:(\w+)/g, (_m, name: string) =>
    nasty !== null
      ? encodeURIComponent(Buffer.from(nasty, 'utf8').toString())
      : /session/i.test(url) && name === 'id'
        ? randomUUID()
        : '987654',
  );
}

describe('fuzzing every route that takes input', () => {
  it(`${RUNS} generated inputs per route: no 5xx, error shape, nothing written when rejected`, async () => {
    const routes = t.app.routePolicies.filter(
      (r) => (r.schema?.body || r.schema?.querystring) && !r.url.endsWith('/stream'),
    );
    expect(routes.length).toBeGreaterThan(5);
    const failures: string[] = [];
    let sent = 0;
    let serverErrors = 0;
    for (const route of routes) {
      let token = await tokenFor(route);
      const before = await fingerprint();
      let accepted = 0;
      const input = fc.record({
        body: route.schema?.body ? bodyArbitrary(route.schema.body) : fc.constant(undefined),
        query: route.schema?.querystring ? queryArbitrary(route.schema.querystring) : fc.constant({}),
        param: fc.option(nastyString, { freq: 4 }),
      });
      for (const sample of fc.sample(input, { numRuns: RUNS, seed: 20261121 })) {
        const qs = new URLSearchParams(sample.query as Record<string, string>).toString();
        const res = await t.app.inject({
          method: route.method as 'POST',
          url: `${fillParams(route.url, sample.param)}${qs ? `?${qs}` : ''}`,
          headers: {
            authorization: `Bearer ${token}`,
            ...(sample.body !== undefined ? { 'content-type': 'application/json' } : {}),
          },
          ...(sample.body !== undefined ? { payload: JSON.stringify(sample.body) } : {}),
        });
        sent++;
        const label = `${route.method} ${route.url} ← ${JSON.stringify(sample).slice(0, 300)} → ${res.statusCode}`;
        if (res.statusCode >= 500) serverErrors++;
        if (res.statusCode >= 500) failures.push(`${label}: ${res.body.slice(0, 200)}`);
        else if (res.statusCode >= 400) {
          const body = res.json();
          if (body.success !== false || typeof body.message !== 'string')
            failures.push(`${label}: sin forma de error`);
        } else accepted++;
        // Some routes end the caller's own sessions; keep fuzzing with a fresh one.
        if (res.statusCode === 401) token = await tokenFor(route);
        if (failures.length > 20) break;
      }
      if (accepted === 0 && (await fingerprint()) !== before)
        failures.push(`${route.method} ${route.url}: rejected inputs changed the database`);
    }
    // The probe's figures, quoted in the README's security section.
    console.log(
      `fuzz: ${routes.length} rutas × ${RUNS} entradas = ${sent} solicitudes, ${serverErrors} respuestas 5xx`,
    );
    expect(failures).toEqual([]);
  }, 600_000);
});
