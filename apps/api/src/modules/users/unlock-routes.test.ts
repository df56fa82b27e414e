import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, buildTestApp, loginAs, TEST_PASSWORD, type TestApp } from '../../test/helpers';
import { LOGIN_THROTTLE } from '../auth/service';

let t: TestApp;
let admin: ReturnType<typeof as>;
beforeAll(async () => {
  t = await buildTestApp();
  admin = as(t.app, await loginAs(t.app, t.users.admin.email));
});
afterAll(async () => t?.close());

const login = (email: string, password: string, ip: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password }, remoteAddress: ip });

async function lockOut(email: string, ip: string) {
  for (let i = 0; i < LOGIN_THROTTLE.pairMax; i++)
    expect((await login(email, `mala-${i}`, ip)).statusCode).toBe(401);
  expect((await login(email, TEST_PASSWORD, ip)).statusCode).toBe(429);
}

describe('locked accounts and their unlock', () => {
  it('lists a locked account with its address and lock times; unlocking restores sign-in', async () => {
    const ip = '203.0.113.9';
    const before = Date.now();
    await lockOut(t.users.reception.email, ip);

    const list = await admin({ method: 'GET', url: '/api/users/locked' });
    expect(list.statusCode, list.body).toBe(200);
    const body = list.json();
    expect(body).toMatchObject({ success: true, total: 1, page: 1, limit: 20 });
    const [acct] = body.data;
    expect(acct).toMatchObject({
      user_id: t.users.reception.id,
      email: t.users.reception.email,
      role: 'reception',
      account_wide: false,
      addresses: [{ address: ip, failures: LOGIN_THROTTLE.pairMax }],
    });
    const until = new Date(acct.locked_until).getTime();
    const window = LOGIN_THROTTLE.windowMinutes * 60_000;
    expect(until).toBeGreaterThanOrEqual(before + window - 1000);
    expect(until).toBeLessThanOrEqual(Date.now() + window);
    expect(new Date(acct.locked_since).getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(acct.addresses[0].locked_until).toBe(acct.locked_until);

    const res = await admin({ method: 'POST', url: `/api/users/${t.users.reception.id}/unlock` });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ success: true, message: 'Cuenta desbloqueada' });
    expect((await login(t.users.reception.email, TEST_PASSWORD, ip)).statusCode).toBe(200);
    expect((await admin({ method: 'GET', url: '/api/users/locked' })).json()).toMatchObject({
      data: [],
      total: 0,
    });

    const [audit] = await t.app.deps.database.query<{ action: string; user_id: number; new_values: unknown }>(
      `select action, user_id, new_values from audit_log where table_name = 'users' and record_id = $1
        and action = 'unlock'`,
      [String(t.users.reception.id)],
    );
    expect(audit).toMatchObject({
      user_id: t.users.admin.id,
      new_values: { cleared_failures: LOGIN_THROTTLE.pairMax, addresses: [ip] },
    });
  });

  it('pages on the server', async () => {
    const emails = [t.users.agent.email, t.users.doctor.email, t.users.supervisor.email];
    for (const email of emails) await lockOut(email, '198.51.100.3');
    const page2 = (await admin({ method: 'GET', url: '/api/users/locked?page=2&limit=2' })).json();
    expect(page2).toMatchObject({ total: 3, page: 2, limit: 2 });
    expect(page2.data).toHaveLength(1);
    const beyond = (await admin({ method: 'GET', url: '/api/users/locked?page=9&limit=2' })).json();
    expect(beyond).toMatchObject({ data: [], total: 3 });
    for (const id of [t.users.agent.id, t.users.doctor.id, t.users.supervisor.id])
      expect((await admin({ method: 'POST', url: `/api/users/${id}/unlock` })).statusCode).toBe(200);
    expect((await admin({ method: 'GET', url: '/api/users/locked' })).json().total).toBe(0);
  });

  it('answers 404 for an unknown user and 403 to anyone but an administrator', async () => {
    const unknown = await admin({ method: 'POST', url: '/api/users/999999/unlock' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('Usuario no encontrado');
    const supervisor = as(t.app, await loginAs(t.app, t.users.supervisor.email));
    expect((await supervisor({ method: 'GET', url: '/api/users/locked' })).statusCode).toBe(403);
    const res = await supervisor({ method: 'POST', url: `/api/users/${t.users.admin.id}/unlock` });
    expect(res.statusCode).toBe(403);
  });
});
