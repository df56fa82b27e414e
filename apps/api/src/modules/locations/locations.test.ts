import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { auditLog } from '../../db/schema/system';
import { as, buildTestApp, loginAs, type TestApp } from '../../test/helpers';

let t: TestApp;
let admin: ReturnType<typeof as>;
let agent: ReturnType<typeof as>;
let bucaramanga: { id: number; zone_id: number | null };
let typeId: number;
let s1: number;
let s2: number;

beforeAll(async () => {
  t = await buildTestApp();
  admin = as(t.app, await loginAs(t.app, 'admin@test.ips.co'));
  agent = as(t.app, await loginAs(t.app, 'agent@test.ips.co'));
  const zone = (
    await admin({ method: 'POST', url: '/api/zones', payload: { name: 'Área Metropolitana' } })
  ).json().data;
  const town = (await admin({ method: 'GET', url: '/api/municipalities?q=68001' })).json().data[0];
  bucaramanga = (
    await admin({ method: 'PUT', url: `/api/municipalities/${town.id}`, payload: { zone_id: zone.id } })
  ).json().data;
  typeId = (
    await admin({ method: 'POST', url: '/api/location-types', payload: { name: 'Sede principal' } })
  ).json().data.id;
  s1 = (
    await admin({ method: 'POST', url: '/api/specialties', payload: { name: 'Medicina General' } })
  ).json().data.id;
  s2 = (
    await admin({ method: 'POST', url: '/api/specialties', payload: { name: 'Odontología General' } })
  ).json().data.id;
});
afterAll(async () => t?.close());

const create = (payload: object) => admin({ method: 'POST', url: '/api/locations', payload });

describe('locations CRUD', () => {
  it('creates a location with type, municipality, zone and specialties', async () => {
    const res = await create({
      name: 'Sede Cabecera',
      location_type_id: typeId,
      address: 'Carrera 35 # 52-40',
      phone: '607 6432100',
      hours: 'Lunes a viernes 6:00–19:00',
      emergency_hours: '24 horas',
      capacity: '18',
      municipality_id: bucaramanga.id,
      specialty_ids: [s2, s1],
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({
      name: 'Sede Cabecera',
      location_type_id: typeId,
      type: 'Sede principal',
      capacity: 18,
      status: 'Activa',
      municipality_id: bucaramanga.id,
      municipality_name: 'Bucaramanga',
      zone_id: bucaramanga.zone_id,
      zone_name: 'Área Metropolitana',
      specialties: [
        { id: s1, name: 'Medicina General' },
        { id: s2, name: 'Odontología General' },
      ],
    });
    expect(res.json().message).toBe('Sede creada');
  });

  it('accepts the type by name and English statuses, and clears optional fields', async () => {
    const res = await create({ name: 'Sede Norte', type: 'SEDE PRINCIPAL', status: 'inactive' });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({
      type: 'Sede principal',
      location_type_id: typeId,
      status: 'Inactiva',
    });
    const id = res.json().data.id;
    const cleared = await admin({
      method: 'PUT',
      url: `/api/locations/${id}`,
      payload: { type: null, status: 'Activa', address: '' },
    });
    expect(cleared.json().data).toMatchObject({
      type: null,
      location_type_id: null,
      status: 'Activa',
      address: null,
    });
    const unknownType = await create({ name: 'Sede X', type: 'Hospital' });
    expect(unknownType.statusCode).toBe(400);
    expect(unknownType.json().message).toBe('Tipo de sede no encontrado');
  });

  it('refuses an inactive type for a new assignment', async () => {
    const off = (
      await admin({
        method: 'POST',
        url: '/api/location-types',
        payload: { name: 'Unidad móvil', status: 'inactive' },
      })
    ).json().data.id;
    const res = await create({ name: 'Sede Móvil', location_type_id: off });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('El tipo de sede seleccionado está inactivo');
  });

  it('validates its fields', async () => {
    const res = await create({ capacity: -1, status: 'Cerrada', municipality_id: 'x' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toMatchObject({
      name: ['Ingresa el nombre de la sede'],
      capacity: ['Capacidad inválida'],
      status: ['Estado inválido: use Activa o Inactiva'],
      municipality_id: ['Municipio inválido'],
    });
    expect((await create({ name: 'Sede Y', municipality_id: 999999 })).json().message).toBe(
      'Municipio no encontrado',
    );
    expect((await create({ name: 'Sede Y', specialty_ids: [424242] })).json().message).toBe(
      'Especialidad no encontrada: 424242',
    );
  });

  it('refuses a duplicate name whatever its case with 409', async () => {
    expect((await create({ name: 'Sede Floridablanca' })).statusCode).toBe(201);
    const dup = await create({ name: 'sede floridablanca' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().message).toBe('Ya existe una sede con ese nombre');
  });

  it('lists with filters, updates, and deletes with its links', async () => {
    const list = await agent({ method: 'GET', url: `/api/locations?zone_id=${bucaramanga.zone_id}` });
    expect(list.json().data.map((l: { name: string }) => l.name)).toEqual(['Sede Cabecera']);
    expect((await agent({ method: 'GET', url: '/api/locations?status=Inactiva' })).json().total).toBe(0);
    expect((await agent({ method: 'GET', url: `/api/locations?specialty_id=${s2}` })).json().total).toBe(1);
    expect((await agent({ method: 'GET', url: '/api/locations?q=floridablanca' })).json().total).toBe(1);

    const loc = (await create({ name: 'Sede Temporal', specialty_ids: [s1] })).json().data;
    const doctor = await admin({
      method: 'POST',
      url: '/api/doctors',
      payload: { name: 'Tomás Téllez', license_number: 'RM-T', specialty_ids: [s1], location_ids: [loc.id] },
    });
    const upd = await admin({
      method: 'PUT',
      url: `/api/locations/${loc.id}`,
      payload: { capacity: 4, hours: '7–12' },
    });
    expect(upd.json().data).toMatchObject({
      capacity: 4,
      hours: '7–12',
      specialties: [{ id: s1, name: 'Medicina General' }],
    });
    const del = await admin({ method: 'DELETE', url: `/api/locations/${loc.id}` });
    expect(del.json()).toEqual({ success: true, message: 'Sede eliminada' });
    expect((await agent({ method: 'GET', url: `/api/locations/${loc.id}` })).statusCode).toBe(404);
    expect(
      (await agent({ method: 'GET', url: `/api/doctors/${doctor.json().data.id}` })).json().data.locations,
    ).toEqual([]);
    const [audit] = await t.app.deps.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.tableName, 'locations'),
          eq(auditLog.recordId, String(loc.id)),
          eq(auditLog.action, 'delete'),
        ),
      )
      .orderBy(auditLog.id);
    expect(audit!.oldValues).toMatchObject({
      name: 'Sede Temporal',
      specialty_ids: [s1],
      doctor_ids: [doctor.json().data.id],
    });
  });
});

describe('location specialties and metrics', () => {
  it('reads and replaces the specialties of a location', async () => {
    const loc = (await create({ name: 'Sede San Gil' })).json().data;
    expect((await agent({ method: 'GET', url: `/api/locations/${loc.id}/specialties` })).json().data).toEqual(
      [],
    );
    const put = await admin({
      method: 'PUT',
      url: `/api/locations/${loc.id}/specialties`,
      payload: { specialty_ids: [s1] },
    });
    expect(put.json().data).toEqual([{ id: s1, name: 'Medicina General' }]);
    expect((await agent({ method: 'GET', url: `/api/locations/${loc.id}/specialties` })).json().data).toEqual(
      [{ id: s1, name: 'Medicina General' }],
    );
    expect(
      (
        await admin({
          method: 'PUT',
          url: `/api/locations/${loc.id}/specialties`,
          payload: { specialty_ids: [] },
        })
      ).json().data,
    ).toEqual([]);
    expect(
      (await admin({ method: 'PUT', url: `/api/locations/${loc.id}/specialties`, payload: {} })).statusCode,
    ).toBe(400);
    expect(
      (
        await admin({
          method: 'PUT',
          url: '/api/locations/99999/specialties',
          payload: { specialty_ids: [] },
        })
      ).statusCode,
    ).toBe(404);
  });

  it('answers the month metrics shape with the figures that exist', async () => {
    const loc = (await create({ name: 'Sede Barrancabermeja', specialty_ids: [s1, s2] })).json().data;
    const res = await agent({ method: 'GET', url: `/api/locations/${loc.id}/metrics?month=2&year=2028` });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({
      location_id: loc.id,
      month: 2,
      year: 2028,
      period: { start: '2028-02-01', end: '2028-02-29' },
      capacity: 0,
      booked: 0,
      available: 0,
      occupancy: 0,
      appointments_total: 0,
      appointments_by_status: { Pendiente: 0, Confirmada: 0, Completada: 0, Cancelada: 0 },
      by_specialty: [
        {
          specialty_id: s1,
          specialty_name: 'Medicina General',
          capacity: 0,
          booked: 0,
          occupancy: 0,
          appointments: 0,
        },
        {
          specialty_id: s2,
          specialty_name: 'Odontología General',
          capacity: 0,
          booked: 0,
          occupancy: 0,
          appointments: 0,
        },
      ],
    });
    const current = (await agent({ method: 'GET', url: `/api/locations/${loc.id}/metrics` })).json().data;
    expect(current.month).toBeGreaterThanOrEqual(1);
    expect(current.year).toBeGreaterThanOrEqual(2025);
    const bad = await agent({ method: 'GET', url: `/api/locations/${loc.id}/metrics?month=13&year=1999` });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('Mes inválido');
    expect((await agent({ method: 'GET', url: '/api/locations/99999/metrics' })).statusCode).toBe(404);
  });
});

describe('location permissions', () => {
  it('lets every role read and only admin and supervisor write', async () => {
    for (const role of ['agent', 'doctor', 'reception'] as const) {
      const call = as(t.app, await loginAs(t.app, `${role}@test.ips.co`));
      expect((await call({ method: 'GET', url: '/api/locations' })).statusCode).toBe(200);
      expect((await call({ method: 'POST', url: '/api/locations', payload: { name: 'X' } })).statusCode).toBe(
        403,
      );
      expect(
        (await call({ method: 'PUT', url: '/api/locations/1', payload: { name: 'X' } })).statusCode,
      ).toBe(403);
      expect(
        (await call({ method: 'PUT', url: '/api/locations/1/specialties', payload: { specialty_ids: [] } }))
          .statusCode,
      ).toBe(403);
      expect((await call({ method: 'DELETE', url: '/api/locations/1' })).statusCode).toBe(403);
    }
    const supervisor = as(t.app, await loginAs(t.app, 'supervisor@test.ips.co'));
    expect(
      (await supervisor({ method: 'POST', url: '/api/locations', payload: { name: 'Sede Socorro' } }))
        .statusCode,
    ).toBe(201);
  });
});
