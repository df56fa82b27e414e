import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, buildTestApp, loginAs, TEST_PASSWORD, type TestApp } from '../../test/helpers';

let t: TestApp;
let admin: ReturnType<typeof as>;
beforeAll(async () => {
  t = await buildTestApp();
  admin = as(t.app, await loginAs(t.app, 'admin@test.ips.co'));
});
afterAll(async () => t?.close());

const NEW = 'Girasoles-del-Quindio-71';
const change = (token: string, payload: Record<string, string>) =>
  as(t.app, token)({ method: 'POST', url: '/api/auth/change-password', payload });
const login = (email: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });

/** A user created by the administrator with a generated password, as POST /api/users does it. */
async function createdUser(email: string) {
  const res = await admin({ method: 'POST', url: '/api/users', payload: { name: 'Nueva Persona', email } });
  expect(res.statusCode).toBe(201);
  const { id, generated_password } = res.json().data as { id: number; generated_password: string };
  return { id, email, password: generated_password };
}

describe('POST /api/auth/change-password', () => {
  it('answers each rule with its Spanish message beside the field', async () => {
    const token = await loginAs(t.app, 'agent@test.ips.co');
    const errorsOf = async (payload: Record<string, string>) => {
      const res = await change(token, payload);
      expect(res.statusCode).toBe(400);
      return res.json().errors as Record<string, string[]>;
    };
    expect(
      (await errorsOf({ current_password: TEST_PASSWORD, new_password: 'corta-1' })).new_password,
    ).toEqual(['La contraseña debe tener al menos 12 caracteres']);
    for (const common of [
      'contraseña2024',
      'Colombia123456',
      'medellin2024',
      '123456789012',
      ' P@ssw0rd2024 ',
    ])
      expect(
        (await errorsOf({ current_password: TEST_PASSWORD, new_password: common })).new_password,
      ).toEqual(['Esa contraseña es demasiado común; elija otra']);
    expect(
      (await errorsOf({ current_password: TEST_PASSWORD, new_password: TEST_PASSWORD.toUpperCase() }))
        .new_password,
    ).toEqual(['La nueva contraseña debe ser distinta de la actual']);
    expect((await errorsOf({ new_password: NEW })).current_password).toEqual([
      'Ingrese su contraseña actual',
    ]);
    const wrong = await change(token, { current_password: 'no-es-la-clave-actual', new_password: NEW });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({
      success: false,
      message: 'La contraseña actual no es correcta',
      errors: { current_password: ['La contraseña actual no es correcta'] },
    });
    // Nothing changed: the old password still signs in.
    expect((await login('agent@test.ips.co', TEST_PASSWORD)).statusCode).toBe(200);
  });

  it('a generated password must be changed first: everything else is 403 until then', async () => {
    const u = await createdUser('obligada@ips.co');
    const signIn = await login(u.email, u.password);
    expect(signIn.statusCode).toBe(200);
    expect(signIn.json().data.user.must_change_password).toBe(true);
    const token = signIn.json().data.token as string;
    const call = as(t.app, token);

    const me = await call({ method: 'GET', url: '/api/auth/me' });
    expect(me.statusCode).toBe(200);
    expect(me.json().data.user.must_change_password).toBe(true);
    for (const url of ['/api/settings', '/api/sessions/my-sessions', '/api/patients']) {
      const res = await call({ method: 'GET', url });
      expect(res.statusCode, url).toBe(403);
      expect(res.json().message).toBe('Debe cambiar su contraseña antes de continuar');
    }

    const other = await loginAs(t.app, u.email, u.password);
    const ok = await change(token, { current_password: u.password, new_password: NEW });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ success: true, message: 'Contraseña actualizada' });

    // This session stays and is free; the other one ended; only the new password signs in.
    const after = await call({ method: 'GET', url: '/api/auth/me' });
    expect(after.statusCode).toBe(200);
    expect(after.json().data.user.must_change_password).toBe(false);
    expect((await call({ method: 'GET', url: '/api/settings' })).statusCode).toBe(200);
    expect((await as(t.app, other)({ method: 'GET', url: '/api/auth/me' })).statusCode).toBe(401);
    expect((await login(u.email, u.password)).statusCode).toBe(401);
    const again = await login(u.email, NEW);
    expect(again.json().data.user.must_change_password).toBe(false);
    expect((await admin({ method: 'GET', url: `/api/users/${u.id}` })).json().data.must_change_password).toBe(
      false,
    );

    const [audit] = await t.app.deps.database.query<{ action: string; user_id: number; new_values: unknown }>(
      `select action, user_id, new_values from audit_log where table_name = 'users' and record_id = $1
       and action = 'change_password'`,
      [String(u.id)],
    );
    expect(audit).toMatchObject({ user_id: u.id, new_values: { password_changed: true, sessions_ended: 1 } });
  });

  it('an administrator setting someone else’s password flags it; their own does not', async () => {
    const u = await createdUser('restablecida@ips.co');
    const token = await loginAs(t.app, u.email, u.password);
    await change(token, { current_password: u.password, new_password: NEW });
    expect((await login(u.email, NEW)).json().data.user.must_change_password).toBe(false);

    const reset = await admin({
      method: 'PUT',
      url: `/api/users/${u.id}`,
      payload: { password: 'Clave-Temporal-Lunes-44' },
    });
    expect(reset.statusCode).toBe(200);
    expect(reset.json().data.must_change_password).toBe(true);
    const flagged = await login(u.email, 'Clave-Temporal-Lunes-44');
    expect(flagged.json().data.user.must_change_password).toBe(true);
    const refused = await as(t.app, flagged.json().data.token)({ method: 'GET', url: '/api/settings' });
    expect(refused.statusCode).toBe(403);

    const own = await admin({
      method: 'PUT',
      url: `/api/users/${t.users.admin.id}`,
      payload: { password: 'Clave-Propia-Del-Admin-8' },
    });
    expect(own.json().data.must_change_password).toBe(false);
    admin = as(t.app, await loginAs(t.app, 'admin@test.ips.co', 'Clave-Propia-Del-Admin-8'));
  });

  it('a wrong current password counts as a failed sign-in, so it is no faster oracle than the login', async () => {
    const token = await loginAs(t.app, 'doctor@test.ips.co');
    for (let i = 0; i < 10; i++)
      expect((await change(token, { current_password: `intento-${i}`, new_password: NEW })).statusCode).toBe(
        400,
      );
    const locked = await change(token, { current_password: TEST_PASSWORD, new_password: NEW });
    expect(locked.statusCode).toBe(429);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(14 * 60);
    expect((await login('doctor@test.ips.co', TEST_PASSWORD)).statusCode).toBe(429);
  });

  it('requires a session', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/change-password',
      payload: { current_password: 'x', new_password: NEW },
    });
    expect(res.statusCode).toBe(401);
  });
});
