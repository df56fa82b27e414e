import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SignJWT } from 'jose';
import { as, buildTestApp, loginAs, TEST_PASSWORD, type TestApp } from '../../test/helpers';
import { signSessionToken } from '../../lib/tokens';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t?.close());

const login = (email: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });

describe('POST /api/auth/login', () => {
  it('signs in and returns token, user and expiry', async () => {
    const res = await login('ADMIN@test.ips.co', TEST_PASSWORD);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.success).toBe(true);
    expect(body.data.user).toEqual({
      id: t.users.admin.id,
      name: 'Usuario admin',
      email: 'admin@test.ips.co',
      role: 'admin',
      must_change_password: false,
    });
    expect(typeof body.data.token).toBe('string');
    expect(new Date(body.data.expires_at).getTime()).toBeGreaterThan(Date.now());
  });

  it('signs one account in from one address ten times at once, every one of them', async () => {
    // On PostgreSQL the ten run in parallel transactions: without the e-mail's lock around the success, two of them
    // could each hold its own attempt row while clearing the other's (a deadlock, 409 for one).
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => login('reception@test.ips.co', TEST_PASSWORD)),
    );
    expect(answers.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
  });

  it('answers a wrong password and an unknown user with the same generic 401', async () => {
    const wrong = await login('agent@test.ips.co', 'no-es-la-clave');
    const unknown = await login('nadie@test.ips.co', 'no-es-la-clave');
    for (const res of [wrong, unknown]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({
        success: false,
        message: 'Correo electrónico o contraseña incorrectos',
        error: 'No autorizado',
      });
    }
  });

  it('validates the body in Spanish', async () => {
    const res = await login('no-es-correo', '');
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.success).toBe(false);
    expect(body.error).toBe('Datos inválidos');
    expect(body.errors.email).toEqual(['Correo electrónico inválido']);
    expect(body.errors.password).toEqual(['Ingrese su contraseña']);
  });

  it('locks an account after 10 failures in 15 minutes with 429, even with the right password', async () => {
    for (let i = 0; i < 10; i++)
      expect((await login('reception@test.ips.co', `mala-${i}`)).statusCode).toBe(401);
    const locked = await login('reception@test.ips.co', TEST_PASSWORD);
    expect(locked.statusCode).toBe(429);
    expect(locked.json().message).toMatch(/Demasiados intentos fallidos/);
    // Retry-After: when the oldest of the 10 failures leaves the 15-minute window (issue 33).
    const retryAfter = Number(locked.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(14 * 60);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    // Other accounts are not affected.
    expect((await login('doctor@test.ips.co', TEST_PASSWORD)).statusCode).toBe(200);
  });
});

describe('tokens and sessions', () => {
  it('GET /api/auth/me answers the signed-in user', async () => {
    const token = await loginAs(t.app, 'doctor@test.ips.co');
    const res = await as(t.app, token)({ method: 'GET', url: '/api/auth/me' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.user.role).toBe('doctor');
  });

  it('refuses a missing, malformed, badly signed or expired token with 401', async () => {
    const missing = await t.app.inject({ method: 'GET', url: '/api/auth/me' });
    const malformed = await t.app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: { authorization: 'Bearer abc.def' },
    });
    const notBearer = await t.app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: { authorization: 'Basic abc' },
    });
    const forged = await new SignJWT({ sid: '00000000-0000-0000-0000-000000000000' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(t.users.admin.id))
      .setIssuer('ips-agenda')
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('otra-clave-que-no-es-la-del-servidor-0123456789'));
    const badSig = await as(t.app, forged)({ method: 'GET', url: '/api/auth/me' });
    // A correctly signed token whose expiry has passed.
    const real = await loginAs(t.app, 'supervisor@test.ips.co');
    const me = (await as(t.app, real)({ method: 'GET', url: '/api/auth/me' })).json().data;
    const expired = await signSessionToken(
      t.app.deps.tokenKeys.session,
      { sub: String(me.user.id), sid: me.session.id, role: 'supervisor', name: 'x' },
      new Date(Date.now() - 1000),
    );
    const expiredRes = await as(t.app, expired)({ method: 'GET', url: '/api/auth/me' });

    for (const res of [missing, malformed, notBearer, badSig, expiredRes]) {
      expect(res.statusCode).toBe(401);
      expect(res.json().success).toBe(false);
      expect(res.json().error).toBe('No autorizado');
    }
    expect(expiredRes.json().message).toBe('Token expirado');
  });

  it('logout revokes the session at once', async () => {
    const token = await loginAs(t.app, 'agent@test.ips.co');
    const call = as(t.app, token);
    const out = await call({ method: 'POST', url: '/api/auth/logout' });
    expect(out.statusCode).toBe(200);
    expect(out.json().message).toBe('Ha cerrado sesión exitosamente');
    const after = await call({ method: 'GET', url: '/api/auth/me' });
    expect(after.statusCode).toBe(401);
  });

  it('an inactive user cannot sign in and loses access at once; the answer does not confirm the password', async () => {
    const admin = as(t.app, await loginAs(t.app, 'admin@test.ips.co'));
    const agentToken = await loginAs(t.app, 'agent@test.ips.co');
    const upd = await admin({
      method: 'PUT',
      url: `/api/users/${t.users.agent.id}`,
      payload: { status: 'Inactivo' },
    });
    expect(upd.statusCode).toBe(200);
    expect((await as(t.app, agentToken)({ method: 'GET', url: '/api/auth/me' })).statusCode).toBe(401);
    // Right and wrong password: the same generic 401, byte for byte.
    const right = await login('agent@test.ips.co', TEST_PASSWORD);
    const wrong = await login('agent@test.ips.co', 'no-es-la-clave');
    for (const res of [right, wrong]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({
        success: false,
        message: 'Correo electrónico o contraseña incorrectos',
        error: 'No autorizado',
      });
    }
    expect(right.body).toBe(wrong.body);
    await admin({ method: 'PUT', url: `/api/users/${t.users.agent.id}`, payload: { status: 'Activo' } });
    expect((await login('agent@test.ips.co', TEST_PASSWORD)).statusCode).toBe(200);
  });
});
