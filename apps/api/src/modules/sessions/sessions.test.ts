import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, buildTestApp, loginAs, type TestApp } from '../../test/helpers';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t?.close());

describe('sessions API', () => {
  it('lists my sessions, marks the current one and ends another', async () => {
    const first = await loginAs(t.app, 'doctor@test.ips.co');
    const second = await loginAs(t.app, 'doctor@test.ips.co');
    const me = as(t.app, second);
    const list = (await me({ method: 'GET', url: '/api/sessions/my-sessions' })).json().data;
    expect(list).toHaveLength(2);
    expect(list.filter((s: { current: boolean }) => s.current)).toHaveLength(1);
    const other = list.find((s: { current: boolean }) => !s.current);
    const res = await me({ method: 'DELETE', url: `/api/sessions/${other.id}` });
    expect(res.statusCode).toBe(200);
    expect((await as(t.app, first)({ method: 'GET', url: '/api/auth/me' })).statusCode).toBe(401);
    expect((await me({ method: 'GET', url: '/api/auth/me' })).statusCode).toBe(200);
  });

  it("cannot end another user's session (answered as not found)", async () => {
    const victim = await loginAs(t.app, 'reception@test.ips.co');
    const victimSession = (await as(t.app, victim)({ method: 'GET', url: '/api/auth/me' })).json().data
      .session.id;
    const attacker = as(t.app, await loginAs(t.app, 'agent@test.ips.co'));
    const res = await attacker({ method: 'DELETE', url: `/api/sessions/${victimSession}` });
    expect(res.statusCode).toBe(404);
    expect((await as(t.app, victim)({ method: 'GET', url: '/api/auth/me' })).statusCode).toBe(200);
  });

  it('ends all my other sessions with exclude_current=true', async () => {
    const a = await loginAs(t.app, 'supervisor@test.ips.co');
    const b = await loginAs(t.app, 'supervisor@test.ips.co');
    const res = await as(t.app, b)({ method: 'DELETE', url: '/api/sessions?exclude_current=true' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.ended).toBeGreaterThanOrEqual(1);
    expect((await as(t.app, a)({ method: 'GET', url: '/api/auth/me' })).statusCode).toBe(401);
    expect((await as(t.app, b)({ method: 'GET', url: '/api/auth/me' })).statusCode).toBe(200);
  });

  it('admin lists active sessions and forces a user out; others get 403', async () => {
    const agentToken = await loginAs(t.app, 'agent@test.ips.co');
    const admin = as(t.app, await loginAs(t.app, 'admin@test.ips.co'));
    const active = (await admin({ method: 'GET', url: '/api/sessions/active' })).json().data;
    expect(active.some((s: { user_email: string }) => s.user_email === 'agent@test.ips.co')).toBe(true);
    const forced = await admin({ method: 'DELETE', url: `/api/sessions/user/${t.users.agent.id}` });
    expect(forced.statusCode).toBe(200);
    expect((await as(t.app, agentToken)({ method: 'GET', url: '/api/auth/me' })).statusCode).toBe(401);
    const unknown = await admin({ method: 'DELETE', url: '/api/sessions/user/999999' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('Usuario no encontrado');

    const supervisor = as(t.app, await loginAs(t.app, 'supervisor@test.ips.co'));
    expect((await supervisor({ method: 'GET', url: '/api/sessions/active' })).statusCode).toBe(403);
    expect(
      (await supervisor({ method: 'DELETE', url: `/api/sessions/user/${t.users.admin.id}` })).statusCode,
    ).toBe(403);
  });

  it('rejects a malformed session id with 400', async () => {
    const me = as(t.app, await loginAs(t.app, 'doctor@test.ips.co'));
    expect((await me({ method: 'DELETE', url: '/api/sessions/no-es-uuid' })).statusCode).toBe(400);
    expect((await me({ method: 'DELETE', url: '/api/sessions?exclude_current=quizas' })).statusCode).toBe(
      400,
    );
  });
});
