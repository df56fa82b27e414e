import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '@ips/shared/schemas/pregnancies';
import { localDate } from '@ips/shared/format';
import { buildTestApp, type TestApp } from '../../test/helpers';
import { callers, createPatient, uniqueDocument, type Call } from '../../test/factories/patients';

let t: TestApp;
let roles: Awaited<ReturnType<typeof callers>>;
let admin: Call;
beforeAll(async () => {
  t = await buildTestApp({ demoMode: true });
  roles = await callers(t.app);
  admin = roles.admin;
});
afterAll(async () => t?.close());

const q = <T = Record<string, unknown>>(text: string, params: unknown[] = []) =>
  t.app.deps.database.query<T>(text, params);

describe('patient record', () => {
  it('answers the full record with display names and the age in years, under every path variant', async () => {
    const [zone] = (await admin({ method: 'GET', url: '/api/lookups/zones' })).json().data;
    const municipality = (
      await admin({ method: 'GET', url: `/api/lookups/municipalities?zone_id=${zone.id}` })
    ).json().data[0];
    const eps = (await admin({ method: 'GET', url: '/api/lookups/eps' })).json().data[0];
    const today = localDate(new Date(), t.app.deps.config.orgTimezone);
    const [y, m, d] = today.split('-');
    const p = await createPatient(admin, {
      name: '  José   Ángel  Muñoz ',
      document_type_id: 2,
      birth_date: `${Number(y) - 12}-${m}-${d}`,
      gender: 'Masculino',
      phone_alt: '(607) 6345678',
      email: 'JOSE.MUNOZ@Correo.co',
      address: 'Calle 45 # 23-15',
      zone_id: zone.id,
      municipality_id: municipality.id,
      blood_group_id: 7,
      has_disability: true,
      disability_type_id: 2,
      insurance_eps_id: eps.id,
      insurance_affiliation_type: 'Subsidiado',
      education_level_id: 2,
      marital_status_id: 1,
      population_group_id: 3,
      estrato: '2',
      allergies: 'Penicilina',
      emergency_contact_name: 'Marta Muñoz',
      emergency_contact_phone: '3157654321',
    });
    for (const prefix of ['/api/patients', '/api/patients-v2', '/api/enhanced-patients']) {
      const res = await roles.agent({ method: 'GET', url: `${prefix}/${p.id}` });
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toMatchObject({
        id: p.id,
        name: 'José Ángel Muñoz',
        document_type: 'TI',
        document_type_name: 'Tarjeta de Identidad',
        document_number: p.document,
        age: 12,
        email: 'jose.munoz@correo.co',
        municipality_name: municipality.name,
        zone: zone.name,
        blood_group_name: 'O+',
        disability_type: 'Visual',
        eps_name: eps.name,
        eps: eps.name,
        education_level: 'Secundaria',
        marital_status: 'Soltero(a)',
        population_group: 'Afrocolombiano',
        estrato: 2,
        allergies: 'Penicilina',
        status: 'Activo',
      });
    }
    const missing = await admin({ method: 'GET', url: '/api/patients/99999' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ error: 'No encontrado', message: 'Paciente no encontrado' });
  });

  it('PUT changes only the fields sent; the simple list edits its own fields; null or empty clears', async () => {
    const p = await createPatient(admin, {
      email: 'a@b.co',
      notes: 'Hipertensa',
      address: 'Carrera 27 # 36-40',
    });
    const res = await admin({
      method: 'PUT',
      url: `/api/patients/${p.id}`,
      payload: {
        name: 'Nombre Editado',
        email: '',
        allergies: 'Látex',
        medical_conditions: 'Asma\nControlada',
        emergency_contact_name: 'Luz Gómez',
        emergency_contact_phone: '3001112233',
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Paciente actualizado');
    expect(res.json().data).toMatchObject({
      name: 'Nombre Editado',
      email: null,
      notes: 'Hipertensa',
      address: 'Carrera 27 # 36-40',
      allergies: 'Látex',
      medical_conditions: 'Asma\nControlada',
      emergency_contact_name: 'Luz Gómez',
      emergency_contact_phone: '3001112233',
      phone: '3001234567',
    });
  });

  it('DELETE inactivates; PUT status Activo reactivates; both are audited', async () => {
    const p = await createPatient(roles.agent);
    const del = await roles.reception({ method: 'DELETE', url: `/api/patients/${p.id}` });
    expect(del.statusCode).toBe(200);
    expect(del.json()).toMatchObject({
      success: true,
      message: 'Paciente inactivado',
      data: { id: p.id, status: 'Inactivo' },
    });
    // Inactivating twice changes nothing.
    expect(
      (await roles.reception({ method: 'DELETE', url: `/api/patients-v2/${p.id}` })).json().data.status,
    ).toBe('Inactivo');
    const back = await roles.reception({
      method: 'PUT',
      url: `/api/patients/${p.id}`,
      payload: { status: 'Activo' },
    });
    expect(back.json().data.status).toBe('Activo');
    const actions = await q<{ action: string }>(
      `select action from audit_log where table_name = 'patients' and record_id = $1 order by id`,
      [String(p.id)],
    );
    expect(actions.map((a) => a.action)).toEqual(['create', 'inactivate', 'reactivate']);
  });
});

describe('permanent deletion', () => {
  async function patientWithHistory() {
    const p = await createPatient(admin, {
      gender: 'Femenino',
      name: 'Borrable Secreta Pérez',
      email: 'secreta@correo.co',
    });
    const fum = addDays(localDate(new Date(), t.app.deps.config.orgTimezone), -70);
    const preg = await admin({
      method: 'POST',
      url: '/api/pregnancies',
      payload: { patient_id: p.id, start_date: fum },
    });
    expect(preg.statusCode).toBe(201);
    const control = await admin({
      method: 'POST',
      url: '/api/pregnancies/controls',
      payload: {
        pregnancy_id: preg.json().data.id,
        control_date: addDays(fum, 56),
        weight_kg: 61,
        blood_pressure: '110/70',
      },
    });
    expect(control.statusCode).toBe(201);
    return {
      patient: p,
      pregnancyId: preg.json().data.id as number,
      controlId: control.json().data.id as number,
    };
  }

  it('is refused to agents (403) and to doctors, and leaves the patient in place', async () => {
    const { patient } = await patientWithHistory();
    for (const call of [roles.agent, roles.reception, roles.doctor]) {
      const res = await call({ method: 'DELETE', url: `/api/patients/${patient.id}?hard=true` });
      expect(res.statusCode).toBe(403);
      expect(res.json().error).toBe('Acceso denegado');
    }
    expect((await admin({ method: 'GET', url: `/api/patients/${patient.id}` })).json().data.status).toBe(
      'Activo',
    );
  });

  it('removes the patient with every dependent row in one transaction, 204, and keeps no personal data in the audit', async () => {
    const { patient, pregnancyId, controlId } = await patientWithHistory();
    const res = await roles.supervisor({ method: 'DELETE', url: `/api/patients/${patient.id}?hard=true` });
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect((await admin({ method: 'GET', url: `/api/patients/${patient.id}` })).statusCode).toBe(404);
    expect(await q(`select id from pregnancies where id = $1`, [pregnancyId])).toEqual([]);
    expect(await q(`select id from prenatal_controls where id = $1`, [controlId])).toEqual([]);

    const audit = await q<{
      table_name: string;
      action: string;
      user_id: number;
      old_values: unknown;
      new_values: unknown;
    }>(
      `select table_name, action, user_id, old_values, new_values from audit_log
        where (table_name = 'patients' and record_id = $1) or (table_name = 'pregnancies' and record_id = $2) or (table_name = 'prenatal_controls' and record_id = $3)
        order by id`,
      [String(patient.id), String(pregnancyId), String(controlId)],
    );
    const last = audit.at(-1)!;
    expect(last).toMatchObject({
      table_name: 'patients',
      action: 'hard_delete',
      user_id: t.users.supervisor.id,
    });
    expect(last.new_values).toEqual({
      deleted_rows: { pregnancies: 1, prenatal_controls: 1, patient_documents: 0 },
    });
    // Who did what stays; the deleted person's data does not, also not in the earlier rows.
    expect(audit.map((a) => a.action)).toEqual(['create', 'create', 'create', 'hard_delete']);
    const text = JSON.stringify(audit);
    for (const secret of ['Borrable', 'secreta@correo.co', patient.document as string, '110/70'])
      expect(text).not.toContain(secret);
  });

  it('answers 404 for an unknown patient and 400 for a malformed flag or id', async () => {
    expect((await admin({ method: 'DELETE', url: '/api/patients/987654?hard=true' })).statusCode).toBe(404);
    const flag = await admin({ method: 'DELETE', url: '/api/patients/1?hard=si' });
    expect(flag.statusCode).toBe(400);
    expect(flag.json().message).toBe('El parámetro hard debe ser true o false');
    expect((await admin({ method: 'DELETE', url: '/api/patients/abc' })).statusCode).toBe(400);
  });
});

describe('client mistakes never produce a 500', () => {
  it('junk ids, bodies and parameters are 4xx (a NUL character is dropped, not a server error)', async () => {
    const p = await createPatient(admin);
    const requests: Parameters<Call>[0][] = [
      { method: 'GET', url: '/api/patients/99999999999' },
      { method: 'PUT', url: '/api/patients/99999999999', payload: { name: 'Nombre Válido' } },
      { method: 'POST', url: '/api/patients', payload: [1, 2] },
      {
        method: 'POST',
        url: '/api/patients',
        payload: 'null',
        headers: { 'content-type': 'application/json' },
      },
      {
        method: 'POST',
        url: '/api/patients',
        payload: '{"document":',
        headers: { 'content-type': 'application/json' },
      },
      {
        method: 'POST',
        url: '/api/patients',
        payload: {
          document: uniqueDocument(),
          name: 'Ana Ruiz',
          phone: '3001234567',
          notes: 'a\u0000b',
          // eslint-disable-next-line no-loss-of-precision -- an out-of-range number on purpose
          estrato: 1e400,
        },
      },
      {
        method: 'POST',
        url: '/api/patients',
        payload: { document: 12345, name: ['x'], phone: {}, has_disability: 'quizá', municipality_id: 1.5 },
      },
      { method: 'PUT', url: `/api/patients/${p.id}`, payload: { document_type_id: 99999999999 } },
      { method: 'GET', url: '/api/patients-v2?limit=-1&page=0' },
      { method: 'GET', url: '/api/patients-v2?page=99999999999999' },
      { method: 'GET', url: '/api/patients-v2?eps_id=abc&municipality_id=1e99&status=borrado&gender=x' },
      { method: 'GET', url: `/api/patients-v2?search=${'a'.repeat(101)}` },
      { method: 'GET', url: '/api/enhanced-patients?tipo_documento=%25%25&sort_by=password&sort_order=up' },
      { method: 'GET', url: '/api/patients/search/quicksearch?query=%00%00ab' },
      { method: 'GET', url: '/api/patients-v2?search=%5C%25_%27%22' },
    ];
    for (const r of requests) {
      const res = await admin(r);
      expect(res.statusCode, `${r.method} ${r.url} ${res.body}`).toBeLessThan(500);
      if (r.method === 'POST' && res.statusCode === 201) expect(res.json().data.notes).toBe('ab');
    }
  });
});
