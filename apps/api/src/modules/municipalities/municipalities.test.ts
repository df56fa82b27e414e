import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, buildTestApp, loginAs, type TestApp } from '../../test/helpers';

let t: TestApp;
let admin: ReturnType<typeof as>;
let reception: ReturnType<typeof as>;
let zoneA: number;
let zoneB: number;
beforeAll(async () => {
  t = await buildTestApp();
  admin = as(t.app, await loginAs(t.app, 'admin@test.ips.co'));
  reception = as(t.app, await loginAs(t.app, 'reception@test.ips.co'));
  zoneA = (await admin({ method: 'POST', url: '/api/zones', payload: { name: 'Área Metropolitana' } })).json()
    .data.id;
  zoneB = (await admin({ method: 'POST', url: '/api/zones', payload: { name: 'Guanentá' } })).json().data.id;
});
afterAll(async () => t?.close());

describe('municipalities', () => {
  it('lists the DIVIPOLA catalogue and searches it by name or code', async () => {
    const all = await reception({ method: 'GET', url: '/api/municipalities' });
    expect(all.statusCode).toBe(200);
    expect(all.json().total).toBeGreaterThan(1000);
    const byCode = await reception({ method: 'GET', url: '/api/municipalities?q=68679' });
    expect(byCode.json().data).toEqual([
      {
        id: expect.any(Number),
        name: 'San Gil',
        code: '68679',
        department: 'Santander',
        zone_id: null,
        zone_name: null,
      },
    ]);
    const byName = await reception({
      method: 'GET',
      url: '/api/municipalities?q=giron&department=santander',
    });
    expect(byName.json().data.map((m: { code: string }) => m.code)).toEqual(['68307']);
  });

  it('creates one in a zone, filters by zone, renames and moves it, and deletes it', async () => {
    const res = await admin({
      method: 'POST',
      url: '/api/municipalities',
      payload: { name: 'Nuevo Municipio', zone_id: zoneA, code: '99999', department: 'Santander' },
    });
    expect(res.statusCode).toBe(201);
    const m = res.json().data;
    expect(m).toMatchObject({
      name: 'Nuevo Municipio',
      code: '99999',
      zone_id: zoneA,
      zone_name: 'Área Metropolitana',
    });
    expect(
      (await reception({ method: 'GET', url: `/api/municipalities?zone_id=${zoneA}` }))
        .json()
        .data.map((x: { id: number }) => x.id),
    ).toEqual([m.id]);

    const moved = await admin({
      method: 'PUT',
      url: `/api/municipalities/${m.id}`,
      payload: { name: 'Municipio Renombrado', zone_id: zoneB },
    });
    expect(moved.json().data).toMatchObject({
      name: 'Municipio Renombrado',
      zone_id: zoneB,
      zone_name: 'Guanentá',
    });
    expect(
      (await reception({ method: 'GET', url: `/api/municipalities?zone_id=${zoneA}` })).json().total,
    ).toBe(0);
    expect((await reception({ method: 'GET', url: `/api/municipalities/${m.id}` })).json().data.name).toBe(
      'Municipio Renombrado',
    );

    const del = await admin({ method: 'DELETE', url: `/api/municipalities/${m.id}` });
    expect(del.json()).toEqual({ success: true, message: 'Municipio eliminado' });
    expect((await reception({ method: 'GET', url: `/api/municipalities/${m.id}` })).statusCode).toBe(404);
  });

  it('requires name and zone, checks the DIVIPOLA code and refuses a repeated one', async () => {
    const none = await admin({ method: 'POST', url: '/api/municipalities', payload: {} });
    expect(none.statusCode).toBe(400);
    expect(none.json().errors).toMatchObject({
      name: ['Nombre requerido'],
      zone_id: ['Debe seleccionar una zona'],
    });
    const badCode = await admin({
      method: 'POST',
      url: '/api/municipalities',
      payload: { name: 'X', zone_id: zoneA, code: '6800' },
    });
    expect(badCode.json().errors.code).toEqual(['El código DIVIPOLA debe tener 5 dígitos']);
    const noZone = await admin({
      method: 'POST',
      url: '/api/municipalities',
      payload: { name: 'X', zone_id: 424242 },
    });
    expect(noZone.statusCode).toBe(400);
    expect(noZone.json().message).toBe('La zona seleccionada no existe');
    const dup = await admin({
      method: 'POST',
      url: '/api/municipalities',
      payload: { name: 'Otra Bucaramanga', zone_id: zoneA, code: '68001' },
    });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().message).toBe('Ya existe un municipio con ese código DIVIPOLA');
    expect((await reception({ method: 'GET', url: '/api/municipalities?zone_id=abc' })).statusCode).toBe(400);
  });

  it('refuses deleting a municipality that has a location', async () => {
    const m = (
      await admin({
        method: 'POST',
        url: '/api/municipalities',
        payload: { name: 'Con Sede', zone_id: zoneA },
      })
    ).json().data;
    await admin({
      method: 'POST',
      url: '/api/locations',
      payload: { name: 'Sede Local', municipality_id: m.id },
    });
    const res = await admin({ method: 'DELETE', url: `/api/municipalities/${m.id}` });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('No se puede eliminar el municipio: lo usa 1 sede.');
  });

  it('lets every role read and only admin and supervisor write', async () => {
    for (const role of ['agent', 'doctor', 'reception'] as const) {
      const call = as(t.app, await loginAs(t.app, `${role}@test.ips.co`));
      expect((await call({ method: 'GET', url: `/api/municipalities?zone_id=${zoneA}` })).statusCode).toBe(
        200,
      );
      expect(
        (await call({ method: 'POST', url: '/api/municipalities', payload: { name: 'M', zone_id: zoneA } }))
          .statusCode,
      ).toBe(403);
      expect(
        (await call({ method: 'PUT', url: '/api/municipalities/1', payload: { name: 'M' } })).statusCode,
      ).toBe(403);
      expect((await call({ method: 'DELETE', url: '/api/municipalities/1' })).statusCode).toBe(403);
    }
    const supervisor = as(t.app, await loginAs(t.app, 'supervisor@test.ips.co'));
    expect(
      (
        await supervisor({
          method: 'POST',
          url: '/api/municipalities',
          payload: { name: 'M Sup', zone_id: zoneB },
        })
      ).statusCode,
    ).toBe(201);
  });
});
