import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { auditLog } from '../../db/schema/system';
import { as, buildTestApp, loginAs, type TestApp } from '../../test/helpers';

let t: TestApp;
let admin: ReturnType<typeof as>;
let reception: ReturnType<typeof as>;
beforeAll(async () => {
  t = await buildTestApp();
  admin = as(t.app, await loginAs(t.app, 'admin@test.ips.co'));
  reception = as(t.app, await loginAs(t.app, 'reception@test.ips.co'));
});
afterAll(async () => t?.close());

const create = (payload: object) => admin({ method: 'POST', url: '/api/services', payload });

describe('services', () => {
  it('creates active, in COP, priced 0 by default', async () => {
    const res = await create({ name: 'Certificado médico' });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({
      name: 'Certificado médico',
      base_price: 0,
      currency: 'COP',
      category: 'consulta',
      active: true,
      description: null,
    });
    expect(res.json().message).toBe('Servicio creado');
  });

  it('keeps prices with cents, lists, searches active ones from 2 characters and updates', async () => {
    const s = (
      await create({
        name: 'Ecografía de abdomen total',
        base_price: '110000.50',
        category: 'IMAGEN',
        currency: 'usd',
      })
    ).json().data;
    expect(s).toMatchObject({ base_price: 110000.5, category: 'imagen', currency: 'USD' });
    await create({ name: 'Ecografía obstétrica', base_price: 95000, category: 'imagen', active: false });
    expect((await reception({ method: 'GET', url: '/api/services?category=imagen' })).json().total).toBe(2);
    expect(
      (await reception({ method: 'GET', url: '/api/services?active=false' }))
        .json()
        .data.map((x: { name: string }) => x.name),
    ).toEqual(['Ecografía obstétrica']);
    const found = await reception({ method: 'GET', url: '/api/services/search/q?q=ecografia' });
    expect(found.json().data.map((x: { name: string }) => x.name)).toEqual(['Ecografía de abdomen total']);
    expect((await reception({ method: 'GET', url: '/api/services/search/q?q=e' })).json().data).toEqual([]);
    const upd = await admin({
      method: 'PUT',
      url: `/api/services/${s.id}`,
      payload: { active: false, base_price: 120000, currency: 'COP' },
    });
    expect(upd.json()).toMatchObject({
      message: 'Servicio actualizado',
      data: { active: false, base_price: 120000, currency: 'COP' },
    });
    expect((await reception({ method: 'GET', url: `/api/services/${s.id}` })).json().data.active).toBe(false);
    const audits = await t.app.deps.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.tableName, 'services'), eq(auditLog.recordId, String(s.id))))
      .orderBy(auditLog.id);
    expect(audits.map((a) => a.action)).toEqual(['create', 'update']);
  });

  it('validates name, price, currency and category', async () => {
    const res = await create({ base_price: -1, currency: 'EUR', category: 'cirugía' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({
      name: ['Ingresa el nombre del servicio'],
      base_price: ['Precio inválido'],
      currency: ['Moneda inválida: use COP o USD'],
      category: ['Categoría inválida: use consulta, laboratorio, imagen, procedimiento u otro'],
    });
    expect((await create({ name: 'X', base_price: 'mucho' })).json().errors.base_price).toEqual([
      'Precio inválido',
    ]);
    expect((await create({ name: 'X', base_price: 10.123 })).json().errors.base_price).toEqual([
      'Precio inválido',
    ]);
    expect(
      (await admin({ method: 'PUT', url: '/api/services/999999', payload: { active: true } })).statusCode,
    ).toBe(404);
  });

  it('deletes with 204 and no body, and answers 409 while something references the service', async () => {
    const s = (await create({ name: 'Para borrar' })).json().data;
    const del = await admin({ method: 'DELETE', url: `/api/services/${s.id}` });
    expect(del.statusCode).toBe(204);
    expect(del.body).toBe('');
    expect((await admin({ method: 'DELETE', url: `/api/services/${s.id}` })).statusCode).toBe(404);

    // Nothing restricts a service's delete today; a stand-in table with a restricting key proves the 409.
    const used = (await create({ name: 'Facturado' })).json().data;
    await t.app.deps.database.query(
      'CREATE TABLE test_service_refs (service_id integer REFERENCES services(id))',
    );
    await t.app.deps.database.query('INSERT INTO test_service_refs VALUES ($1)', [used.id]);
    const refused = await admin({ method: 'DELETE', url: `/api/services/${used.id}` });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      'No se puede eliminar el servicio: lo usa 1 registro de test_service_refs. Puede desactivarlo.',
    );
    expect((await reception({ method: 'GET', url: `/api/services/${used.id}` })).statusCode).toBe(200);
  });

  it('lets every role read and only admin and supervisor write', async () => {
    for (const role of ['agent', 'doctor', 'reception'] as const) {
      const call = as(t.app, await loginAs(t.app, `${role}@test.ips.co`));
      expect((await call({ method: 'GET', url: '/api/services' })).statusCode).toBe(200);
      expect((await call({ method: 'POST', url: '/api/services', payload: { name: 'S' } })).statusCode).toBe(
        403,
      );
      expect(
        (await call({ method: 'PUT', url: '/api/services/1', payload: { active: false } })).statusCode,
      ).toBe(403);
      expect((await call({ method: 'DELETE', url: '/api/services/1' })).statusCode).toBe(403);
    }
    const supervisor = as(t.app, await loginAs(t.app, 'supervisor@test.ips.co'));
    expect(
      (
        await supervisor({
          method: 'POST',
          url: '/api/services',
          payload: { name: 'Consulta de nutrición', base_price: 60000 },
        })
      ).statusCode,
    ).toBe(201);
  });
});
