import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

describe('zones', () => {
  it('creates, lists, renames and deletes a zone', async () => {
    const res = await admin({
      method: 'POST',
      url: '/api/zones',
      payload: { name: 'Guanentá', description: 'San Gil y su provincia' },
    });
    expect(res.statusCode).toBe(201);
    const z = res.json().data;
    expect(z).toMatchObject({
      name: 'Guanentá',
      description: 'San Gil y su provincia',
      municipalities_count: 0,
    });
    expect(res.json().message).toBe('Zona creada');
    expect(
      (await agent({ method: 'GET', url: '/api/zones' })).json().data.map((x: { name: string }) => x.name),
    ).toEqual(['Guanentá']);
    expect((await agent({ method: 'GET', url: `/api/zones/${z.id}` })).json().data.name).toBe('Guanentá');
    const upd = await admin({
      method: 'PUT',
      url: `/api/zones/${z.id}`,
      payload: { name: 'Provincia de Guanentá', description: null },
    });
    expect(upd.json().data).toMatchObject({ name: 'Provincia de Guanentá', description: null });
    const del = await admin({ method: 'DELETE', url: `/api/zones/${z.id}` });
    expect(del.json()).toEqual({ success: true, message: 'Zona eliminada' });
    expect((await agent({ method: 'GET', url: `/api/zones/${z.id}` })).statusCode).toBe(404);
  });

  it('requires a name and refuses a duplicate', async () => {
    const res = await admin({ method: 'POST', url: '/api/zones', payload: { description: 'x' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.name).toEqual(['Nombre requerido']);
    await admin({ method: 'POST', url: '/api/zones', payload: { name: 'Soto Norte' } });
    const dup = await admin({ method: 'POST', url: '/api/zones', payload: { name: 'SOTO NORTE' } });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().message).toBe('Ya existe una zona con ese nombre');
  });

  it('refuses deleting a zone that still has municipalities', async () => {
    const z = (await admin({ method: 'POST', url: '/api/zones', payload: { name: 'Comunera' } })).json().data;
    for (const name of ['Municipio Uno', 'Municipio Dos']) {
      expect(
        (await admin({ method: 'POST', url: '/api/municipalities', payload: { name, zone_id: z.id } }))
          .statusCode,
      ).toBe(201);
    }
    expect((await agent({ method: 'GET', url: `/api/zones/${z.id}` })).json().data.municipalities_count).toBe(
      2,
    );
    const res = await admin({ method: 'DELETE', url: `/api/zones/${z.id}` });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(
      'No se puede eliminar la zona: la usan 2 municipios. Reasígnelos a otra zona primero.',
    );
  });

  it('lets every role read and only admin and supervisor write', async () => {
    for (const role of ['agent', 'doctor', 'reception'] as const) {
      const call = as(t.app, await loginAs(t.app, `${role}@test.ips.co`));
      expect((await call({ method: 'GET', url: '/api/zones' })).statusCode).toBe(200);
      expect((await call({ method: 'POST', url: '/api/zones', payload: { name: 'Z' } })).statusCode).toBe(
        403,
      );
      expect((await call({ method: 'PUT', url: '/api/zones/1', payload: { name: 'Z' } })).statusCode).toBe(
        403,
      );
      expect((await call({ method: 'DELETE', url: '/api/zones/1' })).statusCode).toBe(403);
    }
    const supervisor = as(t.app, await loginAs(t.app, 'supervisor@test.ips.co'));
    expect(
      (await supervisor({ method: 'POST', url: '/api/zones', payload: { name: 'Magdalena Medio' } }))
        .statusCode,
    ).toBe(201);
  });
});
