import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { auditLog } from '../../db/schema/system';
import { as, buildTestApp, loginAs, type TestApp } from '../../test/helpers';

let t: TestApp;
let admin: ReturnType<typeof as>;
let doctor: ReturnType<typeof as>;
beforeAll(async () => {
  t = await buildTestApp();
  admin = as(t.app, await loginAs(t.app, 'admin@test.ips.co'));
  doctor = as(t.app, await loginAs(t.app, 'doctor@test.ips.co'));
});
afterAll(async () => t?.close());

const create = (payload: object) => admin({ method: 'POST', url: '/api/location-types', payload });

describe('location types', () => {
  it('creates active by default, renames, toggles, lists and audits', async () => {
    const res = await create({ name: ' Sede ambulatoria ' });
    expect(res.statusCode).toBe(201);
    const lt = res.json().data;
    expect(lt).toMatchObject({ name: 'Sede ambulatoria', status: 'active', locations_count: 0 });
    const off = await admin({
      method: 'PUT',
      url: `/api/location-types/${lt.id}`,
      payload: { status: 'Inactivo', name: 'Sede de consulta externa' },
    });
    expect(off.json().data).toMatchObject({ status: 'inactive', name: 'Sede de consulta externa' });
    expect(
      (await doctor({ method: 'GET', url: '/api/location-types?status=inactive' })).json().data,
    ).toHaveLength(1);
    expect(
      (await doctor({ method: 'GET', url: '/api/location-types?status=active' })).json().data,
    ).toHaveLength(0);
    expect((await doctor({ method: 'GET', url: `/api/location-types/${lt.id}` })).json().data.name).toBe(
      'Sede de consulta externa',
    );
    const audits = await t.app.deps.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.tableName, 'location_types'), eq(auditLog.recordId, String(lt.id))))
      .orderBy(auditLog.id);
    expect(audits.map((a) => a.action)).toEqual(['create', 'update']);
  });

  it("answers 'Nombre requerido' and 'Ingresa un nombre válido'", async () => {
    for (const payload of [{}, { name: '' }, { name: '   ' }]) {
      const res = await create(payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().errors.name).toEqual(['Nombre requerido']);
    }
    for (const name of ['123', '---', 'x'.repeat(101)]) {
      const res = await create({ name });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors.name).toEqual(['Ingresa un nombre válido']);
    }
    const rename = await admin({ method: 'PUT', url: '/api/location-types/1', payload: { name: '' } });
    expect(rename.json().errors.name).toEqual(['Nombre requerido']);
    expect((await create({ name: 'Consultorio', status: 'cerrado' })).json().errors.status).toEqual([
      'Estado inválido',
    ]);
  });

  it('refuses a duplicate name whatever its case with 409', async () => {
    expect((await create({ name: 'Centro de diagnóstico' })).statusCode).toBe(201);
    const dup = await create({ name: 'CENTRO DE DIAGNÓSTICO' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().message).toBe('Ya existe un tipo de sede con ese nombre');
  });

  it('refuses deleting a type in use and deletes a free one', async () => {
    const lt = (await create({ name: 'Sede principal' })).json().data;
    const loc = await admin({
      method: 'POST',
      url: '/api/locations',
      payload: { name: 'Sede Cabecera', location_type_id: lt.id },
    });
    expect(loc.statusCode).toBe(201);
    expect(
      (await doctor({ method: 'GET', url: `/api/location-types/${lt.id}` })).json().data.locations_count,
    ).toBe(1);
    const refused = await admin({ method: 'DELETE', url: `/api/location-types/${lt.id}` });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      'No se puede eliminar el tipo de sede: lo usa 1 sede. Puede desactivarlo.',
    );
    await admin({ method: 'DELETE', url: `/api/locations/${loc.json().data.id}` });
    const del = await admin({ method: 'DELETE', url: `/api/location-types/${lt.id}` });
    expect(del.json()).toEqual({ success: true, message: 'Tipo de sede eliminado' });
    expect((await admin({ method: 'DELETE', url: `/api/location-types/${lt.id}` })).statusCode).toBe(404);
  });

  it('lets every role read and only admin and supervisor write', async () => {
    for (const role of ['agent', 'doctor', 'reception'] as const) {
      const call = as(t.app, await loginAs(t.app, `${role}@test.ips.co`));
      expect((await call({ method: 'GET', url: '/api/location-types' })).statusCode).toBe(200);
      expect(
        (await call({ method: 'POST', url: '/api/location-types', payload: { name: 'Tipo' } })).statusCode,
      ).toBe(403);
      expect(
        (await call({ method: 'PUT', url: '/api/location-types/1', payload: { status: 'inactive' } }))
          .statusCode,
      ).toBe(403);
      expect((await call({ method: 'DELETE', url: '/api/location-types/1' })).statusCode).toBe(403);
    }
    const supervisor = as(t.app, await loginAs(t.app, 'supervisor@test.ips.co'));
    expect(
      (
        await supervisor({
          method: 'POST',
          url: '/api/location-types',
          payload: { name: 'Punto de atención' },
        })
      ).statusCode,
    ).toBe(201);
  });
});
