import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DOCUMENT_TYPES, POPULATION_GROUPS } from '@ips/shared/catalogs/lookups';
import { as, buildTestApp, loginAs, type TestApp } from '../../test/helpers';

let t: TestApp;
let call: ReturnType<typeof as>;
beforeAll(async () => {
  t = await buildTestApp({ demoMode: true });
  call = as(t.app, await loginAs(t.app, 'doctor@test.ips.co'));
});
afterAll(async () => t?.close());

describe('lookups', () => {
  it('serve the contract ids of part 1 §3', async () => {
    const docs = (await call({ method: 'GET', url: '/api/lookups/document-types' })).json();
    expect(docs.success).toBe(true);
    expect(docs.data).toEqual(DOCUMENT_TYPES);
    const groups = (await call({ method: 'GET', url: '/api/lookups/population-groups' })).json().data;
    expect(groups).toEqual(POPULATION_GROUPS);
    const blood = (await call({ method: 'GET', url: '/api/lookups/blood-groups' })).json().data;
    expect(blood.find((b: { id: number }) => b.id === 7).name).toBe('O+');
  });

  it('serve every DIVIPOLA municipality with its 5-digit code, in title case', async () => {
    const all = (await call({ method: 'GET', url: '/api/lookups/municipalities' })).json().data;
    expect(all.length).toBe(1094);
    const medellin = all.find((m: { code: string }) => m.code === '05001');
    expect(medellin).toMatchObject({ name: 'Medellín', department: 'Antioquia' });
    expect(all.find((m: { code: string }) => m.code === '11001')).toMatchObject({
      name: 'Bogotá, D.C.',
      department: 'Bogotá D.C.',
    });
    const osos = all.find((m: { name: string }) => m.name === 'Santa Rosa de Osos');
    expect(osos?.code).toMatch(/^\d{5}$/);
  });

  it('filter municipalities by zone', async () => {
    const zones = (await call({ method: 'GET', url: '/api/lookups/zones' })).json().data;
    const metro = zones.find((z: { name: string }) => z.name === 'Área Metropolitana');
    const munis = (
      await call({ method: 'GET', url: `/api/lookups/municipalities?zone_id=${metro.id}` })
    ).json().data;
    expect(munis.map((m: { name: string }) => m.name)).toEqual(
      expect.arrayContaining(['Bucaramanga', 'Floridablanca', 'Girón', 'Piedecuesta']),
    );
    expect(munis.every((m: { zone_id: number }) => m.zone_id === metro.id)).toBe(true);
    expect((await call({ method: 'GET', url: '/api/lookups/municipalities?zone_id=abc' })).statusCode).toBe(
      400,
    );
  });

  it('serve the EPS operating in Colombia and everything at once', async () => {
    const eps = (await call({ method: 'GET', url: '/api/lookups/eps' })).json().data;
    const names = eps.map((e: { name: string }) => e.name).join('|');
    for (const n of [
      'Nueva EPS',
      'Sura',
      'Sanitas',
      'Salud Total',
      'Compensar',
      'Famisanar',
      'Coosalud',
      'Mutual Ser',
      'Emssanar',
      'Asmet',
      'SOS',
      'Savia',
      'Capital Salud',
      'Cajacopi',
      'Comfenalco Valle',
      'Aliansalud',
      'Capresoca',
      'Dusakawi',
      'AIC',
      'Anas Wayuu',
      'Mallamas',
      'Pijaos',
    ]) {
      expect(names).toContain(n);
    }
    const all = (await call({ method: 'GET', url: '/api/lookups/all' })).json().data;
    expect(Object.keys(all).sort()).toEqual(
      [
        'blood_groups',
        'disability_types',
        'document_types',
        'education_levels',
        'eps',
        'marital_statuses',
        'municipalities',
        'population_groups',
        'zones',
      ].sort(),
    );
  });

  it('require a session', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/lookups/all' })).statusCode).toBe(401);
  });
});
