import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { auditLog } from '../../db/schema/system';
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

describe('doctors CRUD', () => {
  it('creates a doctor with specialties and locations and answers them with names', async () => {
    // Spaces around an e-mail do not match the documented format: refused, not trimmed (issue 34 item 16).
    const spaced = await create({ name: 'Diana', email: ' Diana.Jaimes@IPS.co ', license_number: 'RM-1' });
    expect(spaced.json().errors.email).toEqual(['Email inválido']);
    const res = await create({
      name: 'Diana Carolina Jaimes',
      email: 'Diana.Jaimes@IPS.co',
      phone: '3125509384',
      license_number: 'RM-6830556',
      specialty_ids: [s2, s1, s2],
      location_ids: [l1],
    });
    expect(res.statusCode).toBe(201);
    const d = res.json().data;
    expect(d).toMatchObject({
      name: 'Diana Carolina Jaimes',
      email: 'diana.jaimes@ips.co',
      license_number: 'RM-6830556',
      active: true,
      user_id: null,
    });
    expect(d.specialties).toEqual([
      { id: s1, name: 'Medicina General' },
      { id: s2, name: 'Pediatría' },
    ]);
    expect(d.locations).toEqual([{ id: l1, name: 'Sede Cabecera' }]);
    expect(res.json().message).toBe('Doctor creado');

    const one = await reception({ method: 'GET', url: `/api/doctors/${d.id}` });
    expect(one.json().data.specialties).toHaveLength(2);
    const [audit] = await t.app.deps.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.tableName, 'doctors'), eq(auditLog.recordId, String(d.id))))
      .orderBy(auditLog.id);
    expect(audit!.newValues).toMatchObject({ specialty_ids: [s1, s2], location_ids: [l1] });
  });

  it('accepts specialties and locations given as objects, the shape it answers', async () => {
    const res = await create({
      name: 'Hernán Suárez',
      license_number: 'RM-6831874',
      specialties: [{ id: s2, name: 'Pediatría' }],
      locations: [l2],
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().data.specialties).toEqual([{ id: s2, name: 'Pediatría' }]);
    expect(res.json().data.locations).toEqual([{ id: l2, name: 'Sede San Gil' }]);
  });

  it('validates name, licence and specialties with the messages of the spec', async () => {
    const none = await create({});
    expect(none.statusCode).toBe(400);
    expect(none.json().errors).toMatchObject({
      name: ['Ingresa el nombre del doctor'],
      license_number: ['Ingresa el número de registro médico'],
      specialty_ids: ['Selecciona al menos una especialidad'],
    });
    const empty = await create({ name: ' ', license_number: '', specialty_ids: [] });
    expect(empty.json().errors.specialty_ids).toEqual(['Selecciona al menos una especialidad']);
    expect(empty.json().errors.name).toEqual(['Ingresa el nombre del doctor']);
    const badEmail = await create({
      name: 'Ximena Rueda',
      license_number: 'RM-X',
      specialty_ids: [s1],
      email: 'no-es-correo',
    });
    expect(badEmail.json().errors.email).toEqual(['Email inválido']);
    const unknownSpec = await create({
      name: 'Ximena Rueda',
      license_number: 'RM-X',
      specialty_ids: [99999],
    });
    expect(unknownSpec.statusCode).toBe(400);
    expect(unknownSpec.json().message).toBe('Especialidad no encontrada: 99999');
    const unknownLoc = await create({
      name: 'Ximena Rueda',
      license_number: 'RM-X',
      specialty_ids: [s1],
      location_ids: [88888],
    });
    expect(unknownLoc.json().message).toBe('Sede no encontrada: 88888');
    // Names and phones follow the patients' rules: "123" is no name, Arabic-Indic digits are no phone.
    const digits = await admin({
      method: 'PUT',
      url: '/api/doctors/1',
      payload: { name: '123', phone: '١٢٣' },
    });
    expect(digits.statusCode).toBe(400);
    expect(digits.json().errors).toMatchObject({
      name: ['El nombre solo puede contener letras, espacios, puntos, guiones y apóstrofos'],
      phone: ['El teléfono debe tener al menos 7 dígitos', 'Formato de teléfono inválido'],
    });
    // The titles and names clinics write for their doctors are names.
    for (const titled of ["Dra. Ana María O'Neill", 'Dr. Julián Ruiz-Gómez']) {
      const ok = await admin({ method: 'PUT', url: '/api/doctors/1', payload: { name: titled } });
      expect(ok.statusCode, ok.body).toBe(200);
      expect(ok.json().data.name).toBe(titled);
    }
    for (const bad of ['. Ana', 'Ana 2', '-Ana']) {
      const refused = await admin({ method: 'PUT', url: '/api/doctors/1', payload: { name: bad } });
      expect(refused.statusCode, bad).toBe(400);
    }
    const arabicPhone = await create({
      name: 'Ximena Rueda',
      license_number: 'RM-AR',
      specialty_ids: [s1],
      phone: '٣١٢٥٥٠٩٣٨٤',
    });
    expect(arabicPhone.json().errors.phone).toEqual(['Formato de teléfono inválido']);
    const clearSpecs = await admin({ method: 'PUT', url: '/api/doctors/1', payload: { specialty_ids: [] } });
    expect(clearSpecs.statusCode).toBe(400);
    expect(clearSpecs.json().errors.specialty_ids).toEqual(['Selecciona al menos una especialidad']);
  });

  it('refuses a licence already used, whatever its case, with 409', async () => {
    expect(
      (await create({ name: 'Andrea Quintero', license_number: 'RM-DUP-1', specialty_ids: [s1] })).statusCode,
    ).toBe(201);
    const dup = await create({ name: 'Beatriz Ospina', license_number: 'rm-dup-1', specialty_ids: [s1] });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().message).toBe('Ya existe un doctor con ese número de registro médico');
  });

  it('links a doctor to a user account with the doctor role, once', async () => {
    const agentLink = await create({
      name: 'Carlos Rincón',
      license_number: 'RM-U1',
      specialty_ids: [s1],
      user_id: t.users.agent.id,
    });
    expect(agentLink.statusCode).toBe(400);
    expect(agentLink.json().message).toBe('El usuario vinculado debe tener el rol doctor');
    const missing = await create({
      name: 'Carlos Rincón',
      license_number: 'RM-U1',
      specialty_ids: [s1],
      user_id: 99999,
    });
    expect(missing.json().message).toBe('Usuario no encontrado');
    const linked = await create({
      name: 'Carlos Rincón',
      license_number: 'RM-U1',
      specialty_ids: [s1],
      user_id: t.users.doctor.id,
    });
    expect(linked.json().data.user_id).toBe(t.users.doctor.id);
    const twice = await create({
      name: 'Daniel Mejía',
      license_number: 'RM-U2',
      specialty_ids: [s1],
      user_id: t.users.doctor.id,
    });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe('Ese usuario ya está vinculado a otro doctor');
    const unlinked = await admin({
      method: 'PUT',
      url: `/api/doctors/${linked.json().data.id}`,
      payload: { user_id: null },
    });
    expect(unlinked.json().data.user_id).toBeNull();
  });

  it('updates fields, toggles active, and deletes', async () => {
    const d = (
      await create({
        name: 'Camilo Díaz',
        license_number: 'RM-6850497',
        specialty_ids: [s1],
        phone: '3165523089',
      })
    ).json().data;
    const upd = await admin({
      method: 'PUT',
      url: `/api/doctors/${d.id}`,
      payload: { active: false, phone: '', name: 'Camilo Ernesto Díaz' },
    });
    expect(upd.statusCode).toBe(200);
    expect(upd.json().data).toMatchObject({
      active: false,
      phone: null,
      name: 'Camilo Ernesto Díaz',
      specialties: [{ id: s1, name: 'Medicina General' }],
    });
    expect((await admin({ method: 'PUT', url: `/api/doctors/${d.id}`, payload: {} })).json().message).toBe(
      'No hay cambios para guardar',
    );
    const del = await admin({ method: 'DELETE', url: `/api/doctors/${d.id}` });
    expect(del.json()).toEqual({ success: true, message: 'Doctor eliminado' });
    expect((await reception({ method: 'GET', url: `/api/doctors/${d.id}` })).statusCode).toBe(404);
    expect((await admin({ method: 'DELETE', url: `/api/doctors/${d.id}` })).statusCode).toBe(404);
  });
});

describe('doctor permissions', () => {
  it('lets every role read and only admin and supervisor write', async () => {
    for (const role of ['agent', 'doctor', 'reception'] as const) {
      const call = as(t.app, await loginAs(t.app, `${role}@test.ips.co`));
      expect((await call({ method: 'GET', url: '/api/doctors' })).statusCode).toBe(200);
      expect(
        (
          await call({
            method: 'POST',
            url: '/api/doctors',
            payload: { name: 'Ximena Rueda', license_number: 'Y', specialty_ids: [s1] },
          })
        ).statusCode,
      ).toBe(403);
      expect(
        (await call({ method: 'PUT', url: '/api/doctors/1', payload: { active: false } })).statusCode,
      ).toBe(403);
      expect(
        (await call({ method: 'PUT', url: '/api/doctors/1/specialties', payload: { specialty_ids: [s1] } }))
          .statusCode,
      ).toBe(403);
      expect(
        (await call({ method: 'PUT', url: '/api/doctors/1/locations', payload: { location_ids: [] } }))
          .statusCode,
      ).toBe(403);
      expect((await call({ method: 'DELETE', url: '/api/doctors/1' })).statusCode).toBe(403);
    }
    const supervisor = as(t.app, await loginAs(t.app, 'supervisor@test.ips.co'));
    expect(
      (
        await supervisor({
          method: 'POST',
          url: '/api/doctors',
          payload: { name: 'Sofía Lozano', license_number: 'RM-SUP', specialty_ids: [s1] },
        })
      ).statusCode,
    ).toBe(201);
    expect((await t.app.inject({ method: 'DELETE', url: '/api/doctors/1' })).statusCode).toBe(401);
  });
});
