import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES, type Role } from '@ips/shared/catalogs/roles';
import { createSession, revoke } from '../modules/sessions/repo';
import { signSessionToken } from '../lib/tokens';
import { signDownloadToken } from '../modules/documents/token';
import { buildTestApp, type TestApp } from './helpers';
import { describeRow, parseRoleMatrix, samePolicy } from './role-matrix';

/**
 * Every registered /api route × every kind of caller, checked against the route's declared policy:
 * bad or missing credentials → 401, roles outside the policy → 403, roles inside it → neither, and never
 * a 5xx. Routes are read from the app, so a route added later is covered without touching this file. The
 * declared policies are in turn checked against the written role matrix, docs/role-matrix.md (decision 020).
 */
let t: TestApp;
/** The probe's figures, printed once at the end for the README. */
const probe = { routes: 0, callers: 0, calls: 0, mismatches: 0, serverErrors: 0 };
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
  if (probe.calls)
    console.log(
      `matriz de autorización: ${probe.routes} rutas × ${probe.callers} llamantes = ` +
        `${probe.routes * probe.callers} combinaciones (${probe.calls} llamadas; ` +
        `${probe.routes * probe.callers - probe.calls} flujos en vivo autorizados, probados aparte), ` +
        `${probe.mismatches} discrepancias, ${probe.serverErrors} respuestas 5xx`,
    );
});

type Caller =
  | { kind: 'none' }
  | { kind: 'malformed' }
  | { kind: 'expired' }
  | { kind: 'revoked' }
  /** An administrator's document download link (issue 33): as a bearer header, or as `?token=` where allowed. */
  | { kind: 'download-link' }
  | { kind: 'download-link-query' }
  | { kind: 'role'; role: Role };
const CALLERS: Caller[] = [
  { kind: 'none' },
  { kind: 'malformed' },
  { kind: 'expired' },
  { kind: 'revoked' },
  { kind: 'download-link' },
  { kind: 'download-link-query' },
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
  if (caller.kind === 'download-link' || caller.kind === 'download-link-query')
    return signDownloadToken(
      t.app.deps.tokenKeys.download,
      { documentId: 987654, userId: user.id, sessionId: session.id },
      new Date(Date.now() + 300_000),
    );
  return signSessionToken(
    t.app.deps.tokenKeys.session,
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

describe('the written role matrix (docs/role-matrix.md)', () => {
  it('puts every route in a group whose row is the policy the route declares', () => {
    const matrix = parseRoleMatrix();
    const problems = [...matrix.problems];
    const declared = new Set<string>();
    for (const route of t.app.routePolicies) {
      const key = `${route.method} ${route.url}`;
      declared.add(key);
      const group = matrix.routes.get(key);
      if (!group) {
        problems.push(`ruta sin grupo en docs/role-matrix.md: ${key}`);
        continue;
      }
      const row = matrix.groups.get(group);
      if (row && !samePolicy(route.policy, row.policy))
        problems.push(
          `${key}: declara ${typeof route.policy === 'string' ? route.policy : route.policy.join(', ')}, ` +
            `su grupo "${group}" dice ${describeRow(row.policy)}`,
        );
    }
    for (const key of matrix.routes.keys())
      if (!declared.has(key)) problems.push(`docs/role-matrix.md nombra una ruta que no existe: ${key}`);
    expect(problems).toEqual([]);
  });

  it('fails for a route without a group and for a row that differs from the declared policy', () => {
    const matrix = parseRoleMatrix(
      [
        '| Grupo de rutas | A (admin) | S (supervisor) | Ag (agent) | D (doctor) | R (reception) |',
        '|---|---|---|---|---|---|',
        '| Pacientes: inactivar | ✔ | ✔ | — | — | ✔ |',
        '| Pacientes: lectura | ✔ | ✔ | ✔ | propias | ✔ |',
        '',
        '```rutas',
        '[Pacientes: inactivar]',
        'DELETE /api/patients/:id',
        '```',
      ].join('\n'),
    );
    expect(matrix.problems).toEqual([]);
    expect(matrix.routes.get('GET /api/patients')).toBeUndefined();
    const row = matrix.groups.get('Pacientes: inactivar')!.policy;
    expect(samePolicy(['admin', 'supervisor', 'reception'], row)).toBe(true);
    expect(samePolicy(['admin', 'supervisor', 'agent', 'reception'], row)).toBe(false);
    expect(samePolicy('authenticated', matrix.groups.get('Pacientes: lectura')!.policy)).toBe(true);
  });
});

describe('authorization matrix over every route', () => {
  it('declares a policy for every /api route and the matrix holds', async () => {
    const routes = t.app.routePolicies;
    expect(routes.length).toBeGreaterThan(10);
    const failures: string[] = [];
    probe.routes = routes.length;
    probe.callers = CALLERS.length;
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
        const inQuery = caller.kind === 'download-link-query' && route.queryToken;
        const res = await t.app.inject({
          method: route.method as 'GET',
          url: concreteUrl(route.url) + (inQuery ? `?token=${encodeURIComponent(token!)}` : ''),
          headers: token && !inQuery ? { authorization: `Bearer ${token}` } : {},
          ...(hasBody ? { payload: {} } : {}),
        });
        probe.calls++;
        if (res.statusCode >= 500) probe.serverErrors++;
        const before = failures.length;
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
        if (failures.length > before) probe.mismatches++;
      }
    }
    expect(failures).toEqual([]);
  }, 120_000);
});
