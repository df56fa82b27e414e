import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES, type Role } from '@ips/shared/catalogs/roles';
import { createSession, revoke } from '../modules/sessions/repo';
import { signToken } from '../lib/tokens';
import { buildTestApp, type TestApp } from './helpers';

/**
 * Every registered /api route × every kind of caller, checked against the route's declared policy:
 * bad or missing credentials → 401, roles outside the policy → 403, roles inside it → neither, and never
 * a 5xx. Routes are read from the app, so a route added later is covered without touching this file.
 */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t?.close());

type Caller =
  | { kind: 'none' }
  | { kind: 'malformed' }
  | { kind: 'expired' }
  | { kind: 'revoked' }
  | { kind: 'role'; role: Role };
const CALLERS: Caller[] = [
  { kind: 'none' },
  { kind: 'malformed' },
  { kind: 'expired' },
  { kind: 'revoked' },
  ...ROLES.map((role) => ({ kind: 'role' as const, role })),
];

/** A fresh session per request, so a route that ends sessions cannot affect the next check. */
async function tokenFor(caller: Caller): Promise<string | null> {
  if (caller.kind === 'none') return null;
  if (caller.kind === 'malformed') return 'esto.no-es.un-token';
  const role: Role = caller.kind === 'role' ? caller.role : 'admin';
  const user = t.users[role];
  const expiresAt =
    caller.kind === 'expired' ? new Date(Date.now() - 60_000) : new Date(Date.now() + 3_600_000);
  const session = await createSession(t.app.deps.db, {
    userId: user.id,
    expiresAt: new Date(Date.now() + 3_600_000),
    ip: null,
    userAgent: 'matriz',
  });
  if (caller.kind === 'revoked') await revoke(t.app.deps.db, { id: session.id }, 'matriz');
  return signToken(
    t.app.deps.jwtKey,
    { sub: String(user.id), sid: session.id, role, name: 'matriz' },
    expiresAt,
  );
}

/** Fills path parameters with ids that do not exist, so allowed callers touch nothing real. */
function concreteUrl(url: string): string {
  return url.replace(/:(\w+)/g, (_m, name: string) =>
    /session/i.test(url) && name === 'id' ? randomUUID() : '987654',
  );
}

const isStream = (url: string) => url.endsWith('/stream');

describe('authorization matrix over every route', () => {
  it('declares a policy for every /api route and the matrix holds', async () => {
    const routes = t.app.routePolicies;
    expect(routes.length).toBeGreaterThan(10);
    const failures: string[] = [];
    for (const route of routes) {
      for (const caller of CALLERS) {
        const allowed =
          route.policy === 'public' ||
          (caller.kind === 'role' &&
            (route.policy === 'authenticated' || route.policy.includes(caller.role)));
        // An allowed caller on a stream would hold the connection open; its access is proven in sse.test.ts.
        if (allowed && isStream(route.url) && route.policy !== 'public') continue;
        const token = await tokenFor(caller);
        const hasBody = ['POST', 'PUT', 'PATCH'].includes(route.method);
        const res = await t.app.inject({
          method: route.method as 'GET',
          url: concreteUrl(route.url),
          headers: token ? { authorization: `Bearer ${token}` } : {},
          ...(hasBody ? { payload: {} } : {}),
        });
        const who = caller.kind === 'role' ? caller.role : caller.kind;
        const label = `${route.method} ${route.url} as ${who} → ${res.statusCode}`;
        if (res.statusCode >= 500) failures.push(`${label} (5xx)`);
        else if (route.policy === 'public') continue;
        else if (caller.kind !== 'role' && res.statusCode !== 401) failures.push(`${label} (expected 401)`);
        else if (caller.kind === 'role' && !allowed && res.statusCode !== 403)
          failures.push(`${label} (expected 403)`);
        else if (allowed && (res.statusCode === 401 || res.statusCode === 403))
          failures.push(`${label} (expected access)`);
        if (res.statusCode >= 400 && res.json().success !== false)
          failures.push(`${label} (error without the error shape)`);
      }
    }
    expect(failures).toEqual([]);
  }, 120_000);
});
