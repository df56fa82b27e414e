import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '@ips/shared/schemas/pregnancies';
import { localDate } from '@ips/shared/format';
import { buildTestApp, type TestApp } from '../../test/helpers';
import { callers, createPatient, uniqueDocument, type Call } from '../../test/factories/patients';

let t: TestApp;
let admin: Call;
let roles: Awaited<ReturnType<typeof callers>>;
let zones: { id: number; name: string }[];
let municipalities: { id: number; zone_id: number | null }[];
beforeAll(async () => {
  t = await buildTestApp({ demoMode: true });
  roles = await callers(t.app);
  admin = roles.admin;
  // Demo mode seeds demo patients too; these tests only need the demo zones.
  zones = (await admin({ method: 'GET', url: '/api/lookups/zones' })).json().data;
  municipalities = (await admin({ method: 'GET', url: '/api/lookups/municipalities' })).json().data;
});
afterAll(async () => t?.close());

const post = (payload: unknown) =>
  admin({ method: 'POST', url: '/api/patients', payload: payload as object });
const errorsOf = async (payload: unknown) => {
  const res = await post(payload);
  expect(res.statusCode).toBe(400);
  expect(res.json()).toMatchObject({ success: false, error: 'Datos inválidos' });
  return res.json().errors as Record<string, string[]>;
};
const quick = () => ({ document: uniqueDocument(), name: 'Ana Ruiz', phone: '3001234567' });

describe('patient validation (spec part 1 §5), in Spanish, on the server', () => {
  it('quick registration: document', async () => {
    expect((await errorsOf({ ...quick(), document: '1234' })).document).toEqual([
      'El documento debe tener al menos 5 caracteres',
    ]);
    expect((await errorsOf({ ...quick(), document: '1'.repeat(21) })).document).toEqual([
      'El documento no puede exceder 20 caracteres',
    ]);
    expect((await errorsOf({ ...quick(), document: '12345A' })).document).toEqual([
      'El documento solo puede contener números',
    ]);
  });

  it('quick registration: name', async () => {
    expect((await errorsOf({ ...quick(), name: 'Al' })).name).toEqual([
      'El nombre debe tener al menos 3 caracteres',
    ]);
    expect((await errorsOf({ ...quick(), name: 'A'.repeat(101) })).name).toEqual([
      'El nombre no puede exceder 100 caracteres',
    ]);
    expect((await errorsOf({ ...quick(), name: 'Ana María 2' })).name).toEqual([
      'El nombre solo puede contener letras y espacios',
    ]);
  });

  it('quick registration: phone', async () => {
    expect((await errorsOf({ ...quick(), phone: '300123' })).phone).toEqual([
      'El teléfono debe tener al menos 7 dígitos',
    ]);
    expect((await errorsOf({ ...quick(), phone: '3'.repeat(16) })).phone).toEqual([
      'El teléfono no puede exceder 15 dígitos',
    ]);
    expect((await errorsOf({ ...quick(), phone: '300-ABC-4567' })).phone).toEqual([
      'Formato de teléfono inválido',
    ]);
  });

  // Issue 15, item 7: the limits count digits, as their messages say; the symbols are the person's to write.
  it('phone limits count digits: a 13-digit number written with symbols is kept whole', async () => {
    const phone = '+57 1 (310) 555-1234'; // 13 digits, 20 characters
    const created = await post({
      ...quick(),
      phone,
      phone_alt: '+57 (607) 634-5678',
      emergency_contact_phone: phone,
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().data).toMatchObject({
      phone,
      phone_alt: '+57 (607) 634-5678',
      emergency_contact_phone: phone,
    });
    const read = await admin({ method: 'GET', url: `/api/patients/${created.json().data.id}` });
    expect(read.json().data.phone).toBe(phone);

    const edited = await admin({
      method: 'PUT',
      url: `/api/patients/${created.json().data.id}`,
      payload: { phone: '+57 (310) 555-1234' },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().data.phone).toBe('+57 (310) 555-1234');

    // Fifteen digits with their symbols pass; sixteen do not, however they are written.
    expect((await post({ ...quick(), phone: '+57 (310) 555-1234-567' })).statusCode).toBe(201);
    expect((await errorsOf({ ...quick(), phone: '+57 (310) 555-1234-5678' })).phone).toEqual([
      'El teléfono no puede exceder 15 dígitos',
    ]);
    // Six digits are too few, even when the symbols make it eight characters long.
    expect((await errorsOf({ ...quick(), phone: '(31) 55-51' })).phone).toEqual([
      'El teléfono debe tener al menos 7 dígitos',
    ]);
    expect((await errorsOf({ ...quick(), phone_alt: '(607) 634-5678-901234' })).phone_alt).toEqual([
      'El teléfono no puede exceder 15 dígitos',
    ]);
    expect((await errorsOf({ ...quick(), phone: '+57 - - - - - - - (310) 555 1234' })).phone).toEqual([
      'El teléfono no puede exceder 30 caracteres',
    ]);
  });

  it('the three quick fields are required, and the message lists every problem', async () => {
    const res = await post({});
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({
      document: ['El documento es obligatorio'],
      name: ['El nombre es obligatorio'],
      phone: ['El teléfono es obligatorio'],
    });
    expect(res.json().message).toBe(
      'El documento es obligatorio. El nombre es obligatorio. El teléfono es obligatorio',
    );
  });

  it('full form: every optional field rule', async () => {
    const errors = await errorsOf({
      ...quick(),
      birth_date: '1990-02-30',
      gender: 'Hombre alto',
      status: 'Suspendido',
      phone_alt: '6'.repeat(16),
      email: 'no-es-correo',
      address: 'x'.repeat(201),
      municipality_id: -3,
      zone_id: 'abc',
      blood_group_id: 0,
      notes: 'n'.repeat(501),
      insurance_affiliation_type: 'Prepagada',
      estrato: 2.5,
    });
    expect(errors).toEqual({
      birth_date: ['Fecha inválida (formato YYYY-MM-DD)'],
      gender: ['Debe seleccionar un género válido'],
      status: ['Debe seleccionar un estado válido'],
      phone_alt: ['El teléfono no puede exceder 15 dígitos'],
      email: ['Email inválido'],
      address: ['La dirección no puede exceder 200 caracteres'],
      municipality_id: ['Debe seleccionar un municipio válido'],
      zone_id: ['Debe seleccionar una zona válida'],
      blood_group_id: ['Debe seleccionar un grupo sanguíneo válido'],
      notes: ['Las notas no pueden exceder 500 caracteres'],
      insurance_affiliation_type: ['Debe seleccionar un tipo de afiliación válido'],
      estrato: ['El estrato debe ser un número entero'],
    });
    expect((await errorsOf({ ...quick(), estrato: 7 })).estrato).toEqual(['El estrato debe ser entre 1 y 6']);
    expect((await errorsOf({ ...quick(), email: `${'a'.repeat(95)}@x.com` })).email).toEqual([
      'El email no puede exceder 100 caracteres',
    ]);
    expect((await errorsOf({ ...quick(), birth_date: '21/11/1990' })).birth_date).toEqual([
      'Fecha inválida (formato YYYY-MM-DD)',
    ]);
  });

  it('empty strings on optional selects become null; numeric strings are ids; English and short forms are normalised', async () => {
    const zone = zones[0]!;
    const municipality = municipalities.find((m) => m.zone_id === zone.id)!;
    const p = await createPatient(admin, {
      birth_date: '',
      gender: 'F',
      email: '',
      municipality_id: String(municipality.id),
      zone_id: '',
      blood_group_id: '',
      insurance_eps_id: '',
      insurance_affiliation_type: '',
      estrato: '',
      status: 'active',
      has_disability: 'false',
      disability_type_id: '2',
    });
    expect(p).toMatchObject({
      birth_date: null,
      gender: 'Femenino',
      email: null,
      municipality_id: municipality.id,
      // The municipality brings its zone.
      zone_id: zone.id,
      zone: zone.name,
      blood_group_id: null,
      insurance_eps_id: null,
      estrato: null,
      status: 'Activo',
      document_type_id: 1,
      document_type: 'CC',
      // No disability type without a disability.
      disability_type_id: null,
    });
  });

  it('the municipality must belong to the chosen zone', async () => {
    const [z1, z2] = zones;
    const inZ1 = municipalities.find((m) => m.zone_id === z1!.id)!;
    const res = await post({ ...quick(), zone_id: z2!.id, municipality_id: inZ1.id });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({
      municipality_id: ['El municipio no pertenece a la zona seleccionada'],
    });
    // Changing only the zone of an existing patient is checked against the stored municipality.
    const p = await createPatient(admin, { zone_id: z1!.id, municipality_id: inZ1.id });
    const upd = await admin({ method: 'PUT', url: `/api/patients/${p.id}`, payload: { zone_id: z2!.id } });
    expect(upd.statusCode).toBe(400);
    const both = await admin({
      method: 'PUT',
      url: `/api/patients/${p.id}`,
      payload: { zone_id: z2!.id, municipality_id: null },
    });
    expect(both.statusCode).toBe(200);
    expect(both.json().data).toMatchObject({ zone_id: z2!.id, municipality_id: null });
  });

  it('unknown lookup ids answer 400 on the field, not a database error', async () => {
    const errors = await errorsOf({
      ...quick(),
      blood_group_id: 99,
      insurance_eps_id: 987654,
      document_type_id: 9,
      municipality_id: 2_000_000,
    });
    expect(errors).toEqual({
      blood_group_id: ['Debe seleccionar un grupo sanguíneo válido'],
      insurance_eps_id: ['Debe seleccionar una EPS válida'],
      document_type_id: ['Debe seleccionar un tipo de documento válido'],
      municipality_id: ['Debe seleccionar un municipio válido'],
    });
    expect(
      (await errorsOf({ ...quick(), estrato: 3, marital_status_id: 3_000_000_000 })).marital_status_id,
    ).toEqual(['Debe seleccionar un estado civil válido']);
  });

  it('a birth date after today (organisation timezone) is refused', async () => {
    const tomorrow = addDays(localDate(new Date(), t.app.deps.config.orgTimezone), 1);
    expect((await errorsOf({ ...quick(), birth_date: tomorrow })).birth_date).toEqual([
      'La fecha de nacimiento no puede ser futura',
    ]);
  });

  it('a duplicate document of the same type is 409 Conflicto; the same digits under another type are another person', async () => {
    const body = quick();
    expect((await post(body)).statusCode).toBe(201);
    const dup = await post({ ...body, name: 'Otra Persona' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toMatchObject({
      success: false,
      error: 'Conflicto',
      message: 'Ya existe un registro con estos datos',
    });
    expect(dup.json().errors.document).toEqual(['Ya existe un paciente con este tipo y número de documento']);
    const ti = await post({ ...body, document_type_id: 2, name: 'Hijo Menor' });
    expect(ti.statusCode).toBe(201);
    expect(ti.json().data.document_type).toBe('TI');
    // Moving the second one onto the first one's type collides too.
    const move = await admin({
      method: 'PUT',
      url: `/api/patients/${ti.json().data.id}`,
      payload: { document_type_id: 1 },
    });
    expect(move.statusCode).toBe(409);
  });

  it('the unique index has the last word when two registrations race', async () => {
    const body = quick();
    const [a, b] = await Promise.all([post(body), post(body)]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([201, 409]);
    expect([a, b].find((r) => r.statusCode === 409)!.json().message).toBe(
      'Ya existe un registro con estos datos',
    );
  });

  it('PUT validates only what it receives and needs at least one field', async () => {
    const p = await createPatient(admin);
    const empty = await admin({ method: 'PUT', url: `/api/patients/${p.id}`, payload: {} });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe('No hay cambios para guardar');
    const bad = await admin({ method: 'PUT', url: `/api/patients/${p.id}`, payload: { name: 'Jo' } });
    expect(bad.json().errors).toEqual({ name: ['El nombre debe tener al menos 3 caracteres'] });
  });
});

describe('roles', () => {
  it('doctors cannot create or edit patients; reception and agents can', async () => {
    const p = await createPatient(roles.reception);
    // A doctor reads only the patients booked with them (object-level.test.ts): this one is not.
    expect((await roles.doctor({ method: 'GET', url: `/api/patients/${p.id}` })).statusCode).toBe(404);
    const denied = await roles.doctor({ method: 'POST', url: '/api/patients', payload: quick() });
    expect(denied.statusCode).toBe(403);
    expect(denied.json()).toMatchObject({
      error: 'Acceso denegado',
      message: 'No tienes permisos para realizar esta acción',
    });
    expect(
      (await roles.doctor({ method: 'PUT', url: `/api/patients/${p.id}`, payload: { notes: 'x' } }))
        .statusCode,
    ).toBe(403);
    expect((await roles.doctor({ method: 'DELETE', url: `/api/patients/${p.id}` })).statusCode).toBe(403);
    expect(
      (
        await roles.agent({
          method: 'PUT',
          url: `/api/patients-v2/${p.id}`,
          payload: { notes: 'Llamar en la tarde' },
        })
      ).statusCode,
    ).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: `/api/patients/${p.id}` })).statusCode).toBe(401);
  });

  it('every write is audited with its author', async () => {
    const p = await createPatient(roles.agent, { name: 'Auditada Pérez' });
    await roles.reception({
      method: 'PUT',
      url: `/api/patients/${p.id}`,
      payload: { phone_alt: '6076543210' },
    });
    const rows = await t.app.deps.database.query<{
      action: string;
      user_id: number;
      new_values: Record<string, unknown>;
      old_values: Record<string, unknown> | null;
    }>(
      `select action, user_id, new_values, old_values from audit_log where table_name = 'patients' and record_id = $1 order by id`,
      [String(p.id)],
    );
    expect(rows.map((r) => [r.action, r.user_id])).toEqual([
      ['create', t.users.agent.id],
      ['update', t.users.reception.id],
    ]);
    expect(rows[1]!.old_values!.phone_alt).toBeNull();
    expect(rows[1]!.new_values.phone_alt).toBe('6076543210');
  });
});
