import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, buildTestApp, loginAs, type TestApp } from '../../test/helpers';

let t: TestApp;
let admin: ReturnType<typeof as>;
let reception: ReturnType<typeof as>;
let s1: number;
let s2: number;
let l1: number;
let l2: number;

beforeAll(async () => {
  t = await buildTestApp();
  admin = as(t.app, await loginAs(t.app, 'admin@test.ips.co'));
  reception = as(t.app, await loginAs(t.app, 'reception@test.ips.co'));
  const spec = async (name: string) =>
    (await admin({ method: 'POST', url: '/api/specialties', payload: { name } })).json().data.id as number;
  const loc = async (name: string) =>
    (await admin({ method: 'POST', url: '/api/locations', payload: { name } })).json().data.id as number;
  [s1, s2, l1, l2] = [
    await spec('Medicina General'),
    await spec('Pediatría'),
    await loc('Sede Cabecera'),
    await loc('Sede San Gil'),
  ];
});
afterAll(async () => t?.close());

const create = (payload: object) => admin({ method: 'POST', url: '/api/doctors', payload });

describe('doctor specialties and locations', () => {
  it('reads and replaces them', async () => {
    const d = (
      await create({ name: 'Liliana Ardila', license_number: 'RM-6840219', specialty_ids: [s1] })
    ).json().data;
    const put = await admin({
      method: 'PUT',
      url: `/api/doctors/${d.id}/specialties`,
      payload: { specialty_ids: [s2] },
    });
    expect(put.statusCode).toBe(200);
    expect(put.json().data).toEqual([{ id: s2, name: 'Pediatría' }]);
    expect((await reception({ method: 'GET', url: `/api/doctors/${d.id}/specialties` })).json().data).toEqual(
      [{ id: s2, name: 'Pediatría' }],
    );
    const empty = await admin({
      method: 'PUT',
      url: `/api/doctors/${d.id}/specialties`,
      payload: { specialty_ids: [] },
    });
    expect(empty.json().errors.specialty_ids).toEqual(['Selecciona al menos una especialidad']);

    const locs = await admin({
      method: 'PUT',
      url: `/api/doctors/${d.id}/locations`,
      payload: { location_ids: [l2, l1] },
    });
    expect(
      locs
        .json()
        .data.map((l: { id: number }) => l.id)
        .sort(),
    ).toEqual([l1, l2].sort());
    expect(
      (await reception({ method: 'GET', url: `/api/doctors/${d.id}/locations` })).json().data,
    ).toHaveLength(2);
    const none = await admin({
      method: 'PUT',
      url: `/api/doctors/${d.id}/locations`,
      payload: { location_ids: [] },
    });
    expect(none.json().data).toEqual([]);
    expect(
      (await admin({ method: 'PUT', url: '/api/doctors/99999/locations', payload: { location_ids: [] } }))
        .statusCode,
    ).toBe(404);
    expect((await reception({ method: 'GET', url: '/api/doctors/99999/specialties' })).statusCode).toBe(404);
  });

  it('lists active doctors of a specialty, filters the list, and searches from 2 characters', async () => {
    const spec = (
      await admin({ method: 'POST', url: '/api/specialties', payload: { name: 'Cardiología' } })
    ).json().data.id;
    await create({
      name: 'Adriana Torres Galvis',
      license_number: 'RM-6900835',
      specialty_ids: [spec],
      location_ids: [l1],
    });
    await create({
      name: 'Fabio Chacón Vesga',
      license_number: 'RM-6901472',
      specialty_ids: [spec],
      active: false,
    });
    const by = await reception({ method: 'GET', url: `/api/doctors/by-specialty/${spec}` });
    expect(by.json().data.map((d: { name: string }) => d.name)).toEqual(['Adriana Torres Galvis']);
    const filtered = await reception({
      method: 'GET',
      url: `/api/doctors?specialty_id=${spec}&active=false`,
    });
    expect(filtered.json().data.map((d: { name: string }) => d.name)).toEqual(['Fabio Chacón Vesga']);
    const atLocation = await reception({ method: 'GET', url: `/api/doctors?location_id=${l1}&q=torres` });
    expect(atLocation.json().total).toBe(1);

    const found = await reception({ method: 'GET', url: '/api/doctors/search/q?q=chacon' });
    expect(found.statusCode).toBe(200);
    expect(found.json().data.map((d: { name: string }) => d.name)).toEqual(['Fabio Chacón Vesga']);
    expect(
      (await reception({ method: 'GET', url: '/api/doctors/search/q?q=RM-69008' })).json().data,
    ).toHaveLength(1);
    expect((await reception({ method: 'GET', url: '/api/doctors/search/q?q=a' })).json().data).toEqual([]);
    expect((await reception({ method: 'GET', url: '/api/doctors/search/q' })).statusCode).toBe(400);
    expect((await reception({ method: 'GET', url: '/api/doctors/by-specialty/abc' })).statusCode).toBe(400);
  });
});
