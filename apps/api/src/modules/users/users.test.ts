import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { as, buildTestApp, loginAs, type TestApp } from '../../test/helpers';

let t: TestApp;
let admin: ReturnType<typeof as>;
beforeAll(async () => {
  t = await buildTestApp();
  admin = as(t.app, await loginAs(t.app, 'admin@test.ips.co'));
});
afterAll(async () => t?.close());

const auditRows = (recordId: number) =>
  t.app.deps.database.query<{
    action: string;
    old_values: unknown;
    new_values: Record<string, unknown> | null;
    user_id: number;
  }>(
    `select action, old_values, new_values, user_id from audit_log where table_name = 'users' and record_id = $1 order by id`,
    [String(recordId)],
  );

describe('users API (admin only)', () => {
  it('creates a user with a one-time random password when none is given, and it works once', async () => {
    const res = await admin({
      method: 'POST',
      url: '/api/users',
      payload: { name: 'Marta Lucía Ríos', email: 'Marta.Rios@IPS.co', role: 'reception', password: '' },
    });
    expect(res.statusCode).toBe(201);
    const user = res.json().data;
    expect(user.email).toBe('marta.rios@ips.co');
    expect(user.status).toBe('Activo');
    expect(user.generated_password).toMatch(/^[A-Za-z0-9]{16}$/);
    expect(await loginAs(t.app, 'marta.rios@ips.co', user.generated_password)).toBeTruthy();
    // Never returned again.
    const again = (await admin({ method: 'GET', url: `/api/users/${user.id}` })).json().data;
    expect(again.generated_password).toBeUndefined();
    const audit = await auditRows(user.id);
    expect(audit[0]?.action).toBe('create');
    expect(JSON.stringify(audit)).not.toMatch(/password_hash|argon2/);
  });

  it('two random passwords differ (no fixed default)', async () => {
    const a = (
      await admin({ method: 'POST', url: '/api/users', payload: { name: 'Uno Prueba', email: 'uno@ips.co' } })
    ).json().data;
    const b = (
      await admin({ method: 'POST', url: '/api/users', payload: { name: 'Dos Prueba', email: 'dos@ips.co' } })
    ).json().data;
    expect(a.generated_password).not.toBe(b.generated_password);
    expect(a.role).toBe('agent');
  });

  it('validates in Spanish and refuses a duplicate e-mail with 409', async () => {
    const bad = await admin({
      method: 'POST',
      url: '/api/users',
      payload: { name: 'A', email: 'x', role: 'jefe', password: 'corta' },
    });
    expect(bad.statusCode).toBe(400);
    const errors = bad.json().errors;
    expect(errors.name).toEqual(['El nombre debe tener al menos 2 caracteres']);
    expect(errors.email).toEqual(['Email inválido']);
    expect(errors.role).toEqual(['Rol inválido']);
    expect(errors.password).toEqual(['La contraseña debe tener al menos 12 caracteres']);
    const missing = await admin({ method: 'POST', url: '/api/users', payload: {} });
    expect(missing.json().errors.name).toEqual(['Por favor complete todos los campos obligatorios']);

    const dup = await admin({
      method: 'POST',
      url: '/api/users',
      payload: { name: 'Otro Admin', email: 'ADMIN@test.ips.co' },
    });
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toEqual({
      success: false,
      message: 'Ya existe un registro con estos datos',
      error: 'Conflicto',
    });
  });

  it('lists with search by name, e-mail or role, paged', async () => {
    const res = await admin({ method: 'GET', url: '/api/users?q=RECEP&limit=10' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(
      body.data.every(
        (u: { role: string; email: string }) => u.role === 'reception' || u.email.includes('recep'),
      ),
    ).toBe(true);
    expect(body.total).toBeGreaterThanOrEqual(1);
    expect(body.limit).toBe(10);
  });

  it('updates with audit of old and new values; a new password ends the sessions', async () => {
    const created = (
      await admin({
        method: 'POST',
        url: '/api/users',
        payload: { name: 'Pedro Páez', email: 'pedro@ips.co', password: 'una-clave-larga-1' },
      })
    ).json().data;
    const token = await loginAs(t.app, 'pedro@ips.co', 'una-clave-larga-1');
    const res = await admin({
      method: 'PUT',
      url: `/api/users/${created.id}`,
      payload: { role: 'supervisor', password: 'otra-clave-larga-2' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.role).toBe('supervisor');
    expect((await as(t.app, token)({ method: 'GET', url: '/api/auth/me' })).statusCode).toBe(401);
    const audit = await auditRows(created.id);
    const upd = audit.find((a) => a.action === 'update')!;
    expect(upd.user_id).toBe(t.users.admin.id);
    expect(upd.new_values).toMatchObject({ role: 'supervisor', password_changed: true });
  });

  it('keeps at least one active admin and refuses deleting yourself', async () => {
    const self = await admin({ method: 'DELETE', url: `/api/users/${t.users.admin.id}` });
    expect(self.statusCode).toBe(409);
    expect(self.json().message).toBe('No puede eliminar su propio usuario');
    const demote = await admin({
      method: 'PUT',
      url: `/api/users/${t.users.admin.id}`,
      payload: { role: 'agent' },
    });
    expect(demote.statusCode).toBe(409);
    expect(demote.json().message).toBe('Debe existir al menos un administrador activo');
  });

  it('deletes a user; 404 for an unknown id; 403 for non-admins', async () => {
    const created = (
      await admin({
        method: 'POST',
        url: '/api/users',
        payload: { name: 'Borrar Prueba', email: 'borrar@ips.co' },
      })
    ).json().data;
    expect((await admin({ method: 'DELETE', url: `/api/users/${created.id}` })).statusCode).toBe(200);
    expect((await admin({ method: 'GET', url: `/api/users/${created.id}` })).statusCode).toBe(404);
    const [row] = await t.app.deps.db
      .execute(sql`select count(*)::int as n from users where id = ${created.id}`)
      .then((r) => r.rows as { n: number }[]);
    expect(row?.n).toBe(0);
    const sup = as(t.app, await loginAs(t.app, 'supervisor@test.ips.co'));
    for (const req of [
      { method: 'GET' as const, url: '/api/users' },
      { method: 'POST' as const, url: '/api/users', payload: { name: 'X Y', email: 'xy@ips.co' } },
      { method: 'DELETE' as const, url: `/api/users/${t.users.agent.id}` },
    ]) {
      expect((await sup(req)).statusCode).toBe(403);
    }
  });
});
