import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { auditLog } from '../../db/schema/system';
import { CUPS_CATALOGUE } from '../../db/seed/resources-demo';
import { as, buildTestApp, loginAs, type TestApp } from '../../test/helpers';

let t: TestApp;
let admin: ReturnType<typeof as>;
let agent: ReturnType<typeof as>;
beforeAll(async () => {
  t = await buildTestApp();
  admin = as(t.app, await loginAs(t.app, 'admin@test.ips.co'));
  agent = as(t.app, await loginAs(t.app, 'agent@test.ips.co'));
});
afterAll(async () => t?.close());

const create = (payload: object) => admin({ method: 'POST', url: '/api/cups', payload });

describe('CUPS catalogue', () => {
  it('is seeded outside demo mode with the general-medicine consultations', async () => {
    const res = await agent({ method: 'GET', url: '/api/cups?search=890201' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.cups).toMatchObject([
      {
        code: '890201',
        name: 'Consulta de primera vez por medicina general',
        category: 'Consulta',
        price: 0,
        requires_authorization: 0,
        status: 'Activo',
      },
    ]);
    const page = await agent({ method: 'GET', url: '/api/cups' });
    expect(page.json().data.pagination).toEqual({
      total: CUPS_CATALOGUE.length,
      total_pages: 1,
      page: 1,
      limit: 20,
    });
  });

  it('pages, searches by code or name and filters by category and status', async () => {
    const p = await agent({ method: 'GET', url: '/api/cups?page=2&limit=3' });
    expect(p.json().data.cups).toHaveLength(3);
    expect(p.json().data.pagination).toEqual({
      total: CUPS_CATALOGUE.length,
      total_pages: Math.ceil(CUPS_CATALOGUE.length / 3),
      page: 2,
      limit: 3,
    });
    const byName = await agent({ method: 'GET', url: '/api/cups?search=glucosa' });
    expect(byName.json().data.cups.map((c: { code: string }) => c.code)).toEqual(['903841']);
    const byCategory = await agent({ method: 'GET', url: '/api/cups?category=laboratorio%20cl%C3%ADnico' });
    expect(byCategory.json().data.pagination.total).toBe(
      CUPS_CATALOGUE.filter((c) => c.category === 'Laboratorio clínico').length,
    );
    expect(
      (await agent({ method: 'GET', url: '/api/cups?status=Inactivo' })).json().data.pagination.total,
    ).toBe(0);
    expect((await agent({ method: 'GET', url: '/api/cups?limit=500' })).statusCode).toBe(400);
    const categories = await agent({ method: 'GET', url: '/api/cups/categories' });
    expect(categories.json().data).toEqual(['Consulta', 'Diagnóstico cardiovascular', 'Laboratorio clínico']);
  });

  it('creates, reads, updates (never the code) and deletes, auditing each write', async () => {
    const res = await create({
      code: 'a12345',
      name: 'Procedimiento de prueba',
      category: 'Ecografía',
      price: 85000,
      requires_authorization: 1,
    });
    expect(res.statusCode).toBe(201);
    const c = res.json().data;
    expect(c).toMatchObject({
      code: 'A12345',
      price: 85000,
      requires_authorization: 1,
      status: 'Activo',
      category: 'Ecografía',
    });
    expect((await agent({ method: 'GET', url: `/api/cups/${c.id}` })).json().data.code).toBe('A12345');

    const upd = await admin({
      method: 'PUT',
      url: `/api/cups/${c.id}`,
      payload: {
        code: 'A12345',
        name: 'Procedimiento editado',
        requires_authorization: false,
        status: 'inactive',
      },
    });
    expect(upd.statusCode).toBe(200);
    expect(upd.json().data).toMatchObject({
      name: 'Procedimiento editado',
      requires_authorization: 0,
      status: 'Inactivo',
    });
    const recode = await admin({
      method: 'PUT',
      url: `/api/cups/${c.id}`,
      payload: { code: '999999', name: 'Otro' },
    });
    expect(recode.statusCode).toBe(400);
    expect(recode.json().message).toBe('El código CUPS no se puede modificar');

    const del = await admin({ method: 'DELETE', url: `/api/cups/${c.id}` });
    expect(del.json()).toEqual({ success: true, message: 'Código CUPS eliminado' });
    expect((await agent({ method: 'GET', url: `/api/cups/${c.id}` })).statusCode).toBe(404);
    const audits = await t.app.deps.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.tableName, 'cups'), eq(auditLog.recordId, String(c.id))))
      .orderBy(auditLog.id);
    expect(audits.map((a) => a.action)).toEqual(['create', 'update', 'delete']);
  });

  it('validates with the messages of the spec', async () => {
    const none = await create({});
    expect(none.statusCode).toBe(400);
    expect(none.json().errors).toMatchObject({
      code: ['Ingresa el código CUPS'],
      name: ['Ingresa el nombre del procedimiento'],
    });
    expect((await create({ code: '', name: ' ' })).json().errors).toMatchObject({
      code: ['Ingresa el código CUPS'],
      name: ['Ingresa el nombre del procedimiento'],
    });
    expect((await create({ code: '89020', name: 'X' })).json().errors.code).toEqual([
      'El código CUPS debe tener 6 caracteres (letras o números)',
    ]);
    for (const price of [-1, 'abc', 1e13, 10.555]) {
      expect((await create({ code: '123456', name: 'X', price })).json().errors.price).toEqual([
        'Precio inválido',
      ]);
    }
    expect(
      (await create({ code: '123456', name: 'X', requires_authorization: 2 })).json().errors
        .requires_authorization,
    ).toEqual(['Valor inválido: use 0 o 1']);
    const dup = await create({ code: '890201', name: 'Repetido' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().message).toBe('Ya existe un procedimiento con ese código CUPS');
  });

  it('summarises the catalogue', async () => {
    await create({
      code: 'B00001',
      name: 'Con autorización',
      price: 1000,
      requires_authorization: 1,
      status: 'Inactivo',
    });
    const res = await agent({ method: 'GET', url: '/api/cups/stats/summary' });
    expect(res.statusCode).toBe(200);
    const s = res.json().data;
    expect(s).toMatchObject({
      total: CUPS_CATALOGUE.length + 1,
      active: CUPS_CATALOGUE.length,
      inactive: 1,
      requires_authorization: 1,
      categories: 3,
    });
    expect(s.price).toEqual({
      min: 0,
      max: 1000,
      avg: Math.round((1000 / (CUPS_CATALOGUE.length + 1)) * 100) / 100,
    });
    expect(s.by_category).toContainEqual({ category: null, count: 1 });
  });

  it('lets every role read and only admin and supervisor write', async () => {
    for (const role of ['agent', 'doctor', 'reception'] as const) {
      const call = as(t.app, await loginAs(t.app, `${role}@test.ips.co`));
      expect((await call({ method: 'GET', url: '/api/cups/categories' })).statusCode).toBe(200);
      expect(
        (await call({ method: 'POST', url: '/api/cups', payload: { code: '111111', name: 'X' } })).statusCode,
      ).toBe(403);
      expect((await call({ method: 'PUT', url: '/api/cups/1', payload: { name: 'X' } })).statusCode).toBe(
        403,
      );
      expect((await call({ method: 'DELETE', url: '/api/cups/1' })).statusCode).toBe(403);
      expect(
        (
          await call({
            method: 'POST',
            url: '/api/cups/import',
            payload: { csv: 'code,name\n111111,X', mode: 'apply' },
          })
        ).statusCode,
      ).toBe(403);
    }
    const supervisor = as(t.app, await loginAs(t.app, 'supervisor@test.ips.co'));
    expect(
      (
        await supervisor({
          method: 'POST',
          url: '/api/cups',
          payload: { code: 'S00001', name: 'Del supervisor' },
        })
      ).statusCode,
    ).toBe(201);
  });
});
