import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '@ips/shared/catalogs/roles';
import { as, buildTestApp, loginAs, type TestApp } from '../../test/helpers';
import { deleteUser, updateUser } from './service';

let t: TestApp;
let admin: ReturnType<typeof as>;
beforeAll(async () => {
  t = await buildTestApp();
  admin = as(t.app, await loginAs(t.app, t.users.admin.email));
});
afterAll(async () => t?.close());

const PASSWORD = 'Clave-Inicial-Segura-7';

async function createUser(body: Record<string, unknown>) {
  const res = await admin({ method: 'POST', url: '/api/users', payload: body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { id: number; email: string; generated_password?: string };
}

async function search(q: string, extra = '') {
  const res = await admin({ method: 'GET', url: `/api/users?q=${encodeURIComponent(q)}&limit=200${extra}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as {
    data: { id: number; name: string; email: string; role: Role; active_sessions: number }[];
    total: number;
  };
}

const auditOf = (recordId: number) =>
  t.app.deps.database.query<{
    action: string;
    old_values: unknown;
    new_values: unknown;
    user_id: number | null;
  }>(
    `select action, old_values, new_values, user_id from audit_log
      where table_name = 'users' and record_id = $1 order by id`,
    [String(recordId)],
  );

describe('users search', () => {
  beforeAll(async () => {
    await createUser({ name: 'Lucía Gómez', email: 'lgomez@clinica.co', role: 'reception' });
    await createUser({ name: 'Andrés Peña', email: 'apena@clinica.co', role: 'agent' });
    await createUser({ name: 'José Núñez', email: 'jnunez@clinica.co', role: 'doctor' });
  });

  it('finds users by the Spanish name of their role, whole or in part, any case or accent', async () => {
    for (const q of ['Recepcionista', 'recepcionista', 'RECEP', 'recepción']) {
      const res = await search(q);
      expect(res.data.length, q).toBeGreaterThanOrEqual(2); // Lucía and the seeded reception user
      expect(
        res.data.every((u) => u.role === 'reception'),
        q,
      ).toBe(true);
      expect(res.data.map((u) => u.email)).toContain('lgomez@clinica.co');
      expect(res.total).toBe(res.data.length);
    }
    const agents = await search('Agente');
    expect(agents.data.map((u) => u.email).sort()).toEqual(['agent@test.ips.co', 'apena@clinica.co']);
    const admins = await search('administrador');
    expect(admins.data.map((u) => u.role)).toEqual(['admin']);
    // The English code still works.
    expect((await search('agent')).data.every((u) => u.role === 'agent')).toBe(true);
  });

  it('matches names and e-mails without regard to accents or case', async () => {
    for (const q of ['jose nunez', 'NÚÑEZ', 'Jose Núñez', 'pena', 'PEÑA', 'lucia']) {
      const res = await search(q);
      expect(res.total, q).toBe(1);
    }
    expect((await search('JNUNEZ@CLINICA')).data[0]?.name).toBe('José Núñez');
    expect((await search('no-existe-nadie')).total).toBe(0);
    // LIKE's wildcards are text, not patterns.
    expect((await search('%')).total).toBe(0);
    expect((await search('_')).total).toBe(0);
  });
});

describe('users paging', () => {
  it('pages on the server in name order, with the total of the search', async () => {
    for (const n of ['Ana', 'Beatriz', 'Camilo', 'Daniela', 'Esteban'])
      await createUser({ name: `${n} Paginado`, email: `${n.toLowerCase()}.pag@clinica.co` });
    const pages = [];
    for (const page of [1, 2, 3]) {
      const res = await admin({ method: 'GET', url: `/api/users?q=paginado&page=${page}&limit=2` });
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body).toMatchObject({ total: 5, page, limit: 2 });
      pages.push(body.data.map((u: { name: string }) => u.name.split(' ')[0]));
    }
    expect(pages).toEqual([['Ana', 'Beatriz'], ['Camilo', 'Daniela'], ['Esteban']]);
    const beyond = (await admin({ method: 'GET', url: '/api/users?q=paginado&page=9&limit=2' })).json();
    expect(beyond).toMatchObject({ data: [], total: 5 });
    const bad = await admin({ method: 'GET', url: '/api/users?page=0' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.page).toEqual(['La página debe ser 1 o mayor']);
  });

  it('counts each user’s open sessions', async () => {
    const u = await createUser({
      name: 'Sesiones Contadas',
      email: 'sesiones@clinica.co',
      password: PASSWORD,
    });
    await loginAs(t.app, u.email, PASSWORD);
    await loginAs(t.app, u.email, PASSWORD);
    const [row] = (await search('sesiones@clinica.co')).data;
    expect(row?.active_sessions).toBe(2);
    const sessions = await admin({ method: 'GET', url: `/api/users/${u.id}/sessions` });
    expect(sessions.statusCode).toBe(200);
    expect(sessions.json().data).toHaveLength(2);
    expect(sessions.json().data[0]).toMatchObject({ current: false, ip: expect.any(String) });
    expect((await admin({ method: 'GET', url: '/api/users/999999/sessions' })).statusCode).toBe(404);
  });
});

describe('password reset', () => {
  it('gives a new one-time password, ends every session and flags a change at the next sign-in', async () => {
    const u = await createUser({ name: 'Olvido Clave', email: 'olvido@clinica.co', password: PASSWORD });
    const oldToken = await loginAs(t.app, u.email, PASSWORD);
    const res = await admin({ method: 'POST', url: `/api/users/${u.id}/reset-password` });
    expect(res.statusCode, res.body).toBe(200);
    const { generated_password: generated, sessions_ended } = res.json().data;
    expect(generated).toMatch(/^[A-Za-z0-9]{16}$/);
    expect(sessions_ended).toBe(1);
    expect((await as(t.app, oldToken)({ method: 'GET', url: '/api/auth/me' })).statusCode).toBe(401);
    const oldLogin = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: u.email, password: PASSWORD },
    });
    expect(oldLogin.statusCode).toBe(401);
    const token = await loginAs(t.app, u.email, generated);
    const me = await as(t.app, token)({ method: 'GET', url: '/api/auth/me' });
    expect(me.json().data.user.must_change_password).toBe(true);
    // Until then, only changing it answers.
    expect((await as(t.app, token)({ method: 'GET', url: '/api/patients' })).statusCode).toBe(403);
    // Shown once: nothing returns it again.
    expect((await admin({ method: 'GET', url: `/api/users/${u.id}` })).body).not.toContain(generated);

    const audit = await auditOf(u.id);
    const reset = audit.find((a) => a.action === 'reset_password');
    expect(reset).toMatchObject({
      user_id: t.users.admin.id,
      new_values: { must_change_password: true, sessions_ended: 1 },
    });
    const all = JSON.stringify(audit);
    expect(all).not.toContain(generated);
    expect(all).not.toContain(PASSWORD);
    expect(all).not.toMatch(/argon2|password_hash|passwordHash/);
  });

  it('refuses one’s own account (409) and an unknown user (404)', async () => {
    const self = await admin({ method: 'POST', url: `/api/users/${t.users.admin.id}/reset-password` });
    expect(self.statusCode).toBe(409);
    expect(self.json().message).toBe('Para su propia cuenta use «Cambiar contraseña» en el menú de usuario');
    const unknown = await admin({ method: 'POST', url: '/api/users/999999/reset-password' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('Usuario no encontrado');
  });
});

describe('audit without secrets', () => {
  it('records create and a password change without the password or its hash', async () => {
    const u = await createUser({ name: 'Auditada Clave', email: 'auditada@clinica.co', password: PASSWORD });
    const next = 'Otra-Clave-Distinta-9';
    expect(
      (await admin({ method: 'PUT', url: `/api/users/${u.id}`, payload: { password: next } })).statusCode,
    ).toBe(200);
    const audit = await auditOf(u.id);
    expect(audit.map((a) => a.action)).toEqual(['create', 'update']);
    expect(audit[0]?.new_values).toMatchObject({ email: 'auditada@clinica.co', must_change_password: true });
    expect(audit[1]?.new_values).toMatchObject({ password_changed: true });
    const all = JSON.stringify(audit);
    expect(all).not.toContain(PASSWORD);
    expect(all).not.toContain(next);
    expect(all).not.toMatch(/argon2|password_hash|passwordHash/);
  });
});

describe('delete rules', () => {
  it('refuses to delete a user with recorded activity, keeps them, and says to inactivate instead', async () => {
    const u = await createUser({ name: 'Con Historia', email: 'historia@clinica.co', password: PASSWORD });
    const token = await loginAs(t.app, u.email, PASSWORD);
    // Changing the generated password is the user's first audited act.
    const changed = await as(
      t.app,
      token,
    )({
      method: 'POST',
      url: '/api/auth/change-password',
      payload: { current_password: PASSWORD, new_password: 'Mi-Clave-Propia-2026' },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const res = await admin({ method: 'DELETE', url: `/api/users/${u.id}` });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      success: false,
      message:
        'El usuario tiene actividad registrada y no se puede eliminar sin perder la trazabilidad. Cambie su estado a Inactivo.',
    });
    expect((await admin({ method: 'GET', url: `/api/users/${u.id}` })).statusCode).toBe(200);
    expect((await auditOf(u.id)).some((a) => a.action === 'delete')).toBe(false);
    // Inactivating is the way out, and it is allowed.
    const off = await admin({ method: 'PUT', url: `/api/users/${u.id}`, payload: { status: 'Inactivo' } });
    expect(off.statusCode).toBe(200);
  });

  it('deletes a user without activity even after sign-ins, ending their sessions, and audits it', async () => {
    const u = await createUser({ name: 'Sin Historia', email: 'sinhistoria@clinica.co', password: PASSWORD });
    const token = await loginAs(t.app, u.email, PASSWORD);
    const res = await admin({ method: 'DELETE', url: `/api/users/${u.id}` });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ success: true, message: 'Usuario eliminado' });
    expect((await as(t.app, token)({ method: 'GET', url: '/api/auth/me' })).statusCode).toBe(401);
    const audit = await auditOf(u.id);
    expect(audit.at(-1)).toMatchObject({
      action: 'delete',
      user_id: t.users.admin.id,
      old_values: { email: 'sinhistoria@clinica.co' },
    });
    expect((await admin({ method: 'DELETE', url: `/api/users/${u.id}` })).statusCode).toBe(404);
  });

  it('never leaves the clinic without an active administrator, even when two demote each other at once', async () => {
    const b = await createUser({ name: 'Segunda Admin', email: 'admin2@clinica.co', role: 'admin' });
    const a = t.users.admin.id;
    // Straight to the service, both at once: on PostgreSQL they run on two connections.
    const results = await Promise.allSettled([
      updateUser(t.app.deps, { userId: a, requestId: 'r1' }, b.id, { role: 'supervisor' }),
      updateUser(t.app.deps, { userId: b.id, requestId: 'r2' }, a, { status: 'Inactivo' }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
    const failed = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
    expect(failed.reason).toMatchObject({ message: 'Debe existir al menos un administrador activo' });
    const [row] = await t.app.deps.database.query<{ n: number }>(
      `select count(*)::int as n from users where role = 'admin' and status = 'Activo'`,
    );
    expect(row?.n).toBe(1);
    // Whoever is left is the last one: deleting them is refused too (by another administrator's hand it could
    // only come to this through a demotion, which the same rule stops).
    const [left] = await t.app.deps.database.query<{ id: number }>(
      `select id from users where role = 'admin' and status = 'Activo'`,
    );
    const other = left!.id === a ? b.id : a;
    await expect(deleteUser(t.app.deps, { userId: other, requestId: 'r3' }, left!.id)).rejects.toMatchObject({
      message: 'Debe existir al menos un administrador activo',
    });
  });
});

describe('administrators only', () => {
  it('answers 403 to the four other roles on every users route', async () => {
    const target = t.users.agent.id;
    const routes = [
      { method: 'GET' as const, url: '/api/users?q=recep' },
      { method: 'GET' as const, url: `/api/users/${target}` },
      {
        method: 'POST' as const,
        url: '/api/users',
        payload: { name: 'No Debe', email: 'nodebe@clinica.co' },
      },
      { method: 'PUT' as const, url: `/api/users/${target}`, payload: { role: 'admin' } },
      { method: 'DELETE' as const, url: `/api/users/${target}` },
      { method: 'POST' as const, url: `/api/users/${target}/reset-password` },
      { method: 'GET' as const, url: `/api/users/${target}/sessions` },
      { method: 'POST' as const, url: `/api/users/${target}/unlock` },
    ];
    for (const role of ['supervisor', 'agent', 'doctor', 'reception'] as const) {
      const call = as(t.app, await loginAs(t.app, t.users[role].email));
      for (const r of routes) {
        const res = await call(r);
        expect(res.statusCode, `${role} ${r.method} ${r.url}`).toBe(403);
        expect(res.json().message).toBeTruthy();
      }
    }
    const [row] = await t.app.deps.database.query<{ role: string }>(`select role from users where id = $1`, [
      target,
    ]);
    expect(row?.role).toBe('agent');
  });
});
