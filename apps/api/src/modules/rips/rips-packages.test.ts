import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createHash } from 'node:crypto';
import type { TestApp } from '../../test/helpers';
import { worldFixture, type World } from '../../test/factories/world';
import {
  PRESTADOR,
  bill,
  buildPkg,
  completedAppointment,
  downloadJson,
  problemsOf,
  ripsPatient,
  ripsSetup,
  saveAttendance,
} from './test-factory';

/*
 * Golden packages (decision 037): hand-made appointments, the JSON compared field by field, consecutivo per list,
 * the RS package's null numFactura, the moderating-payment rules, a problem fixed and the package made ready.
 */
const ctx = worldFixture();
/** Resolución 2275: the six service lists the product does not record are written empty (decision 037). */
const noOtherServices = {
  procedimientos: [],
  urgencias: [],
  hospitalizacion: [],
  recienNacidos: [],
  medicamentos: [],
  otrosServicios: [],
};
let t: TestApp;
let w: World;
const docOf = async (id: number) =>
  (await t.app.deps.db.execute<{ document: string }>(sql`select document from patients where id = ${id}`))
    .rows[0]!.document;

beforeAll(async () => {
  ({ t, w } = ctx);
  await ripsSetup(w);
});

describe('invoice package', () => {
  it('is the JSON of the billed consultations, field by field, consecutivo from 1 per list', async () => {
    const p1 = await ripsPatient(w);
    const p2 = await ripsPatient(
      w,
      {
        gender: 'Masculino',
        birth_date: '2010-01-01',
        insurance_affiliation_type: 'Subsidiado',
      },
      '01',
    );
    const a1 = await completedAppointment(w, p1, '08:00');
    const a2 = await completedAppointment(w, p1, '10:00');
    const a3 = await completedAppointment(w, p2, '09:00', { doctorId: w.drB, type: 'Teleconsulta' });
    await saveAttendance(w, a1.id, { concepto_recaudo: '02', moderator_value: 4500, fev_moderator: 'FE99' });
    await saveAttendance(w, a2.id, { dx_main: 'I10X', dx_rel1: 'E119', dx_type: '03', finalidad: '16' });
    await saveAttendance(w, a3.id, { modality: '06', dx_main: 'A09X', causa: '38' });
    // Not billed: left out of an invoice package.
    const pending = await completedAppointment(w, p2, '11:00', { doctorId: w.drB });
    await saveAttendance(w, pending.id);
    for (const a of [a1, a2, a3]) await bill(w, a.id);

    const pkg = await buildPkg(w, { invoice_number: 'FE100', from: a1.date, to: a1.date });
    expect(pkg).toMatchObject({ status: 'borrador', problems_count: 0, users_count: 2, services_count: 3 });
    const { json, text, headers } = await downloadJson(w, pkg.id);
    expect(headers['content-type']).toBe('application/json; charset=utf-8');
    expect(createHash('sha256').update(text, 'utf8').digest('hex')).toBe(pkg.checksum);

    const consulta = (fields: Record<string, unknown>) => ({
      codPrestador: PRESTADOR,
      numAutorizacion: null,
      codConsulta: '890201',
      modalidadGrupoServicioTecSal: '01',
      grupoServicios: '01',
      codServicio: 328,
      finalidadTecnologiaSalud: '15',
      causaMotivoAtencion: '38',
      codDiagnosticoPrincipal: 'J069',
      codDiagnosticoRelacionado1: null,
      codDiagnosticoRelacionado2: null,
      codDiagnosticoRelacionado3: null,
      tipoDiagnosticoPrincipal: '01',
      tipoDocumentoIdentificacion: 'CC',
      numDocumentoIdentificacion: '79123456',
      vrServicio: 50000,
      conceptoRecaudo: '05',
      valorPagoModerador: 0,
      numFEVPagoModerador: null,
      ...fields,
    });
    expect(json).toEqual({
      numDocumentoIdObligado: '900123456',
      numFactura: 'FE100',
      tipoNota: null,
      numNota: null,
      usuarios: [
        {
          tipoDocumentoIdentificacion: 'CC',
          numDocumentoIdentificacion: await docOf(p1),
          tipoUsuario: '01',
          fechaNacimiento: '1985-04-12',
          codSexo: 'F',
          codPaisResidencia: '170',
          codMunicipioResidencia: '68001',
          codZonaTerritorialResidencia: '02',
          incapacidad: 'NO',
          codPaisOrigen: '170',
          consecutivo: 1,
          servicios: {
            consultas: [
              consulta({
                fechaInicioAtencion: `${a1.date} 08:00`,
                conceptoRecaudo: '02',
                valorPagoModerador: 4500,
                numFEVPagoModerador: 'FE99',
                consecutivo: 1,
              }),
              consulta({
                fechaInicioAtencion: `${a1.date} 10:00`,
                codDiagnosticoPrincipal: 'I10X',
                codDiagnosticoRelacionado1: 'E119',
                tipoDiagnosticoPrincipal: '03',
                finalidadTecnologiaSalud: '16',
                consecutivo: 2,
              }),
            ],
            ...noOtherServices,
          },
        },
        {
          tipoDocumentoIdentificacion: 'CC',
          numDocumentoIdentificacion: await docOf(p2),
          tipoUsuario: '04',
          fechaNacimiento: '2010-01-01',
          codSexo: 'M',
          codPaisResidencia: '170',
          codMunicipioResidencia: '68001',
          codZonaTerritorialResidencia: '01',
          incapacidad: 'NO',
          codPaisOrigen: '170',
          consecutivo: 2,
          servicios: {
            consultas: [
              consulta({
                fechaInicioAtencion: `${a1.date} 09:00`,
                modalidadGrupoServicioTecSal: '06',
                codDiagnosticoPrincipal: 'A09X',
                numDocumentoIdentificacion: '63456789',
                consecutivo: 1,
              }),
            ],
            ...noOtherServices,
          },
        },
      ],
    });

    // Ready (no problems), then the CUV; history lists it with who and the checksum.
    const ready = await w.c.supervisor({ method: 'PUT', url: `/api/rips/packages/${pkg.id}/ready` });
    expect(ready.statusCode, ready.body).toBe(200);
    const cuv = await w.c.reception({
      method: 'PUT',
      url: `/api/rips/packages/${pkg.id}/cuv`,
      payload: { cuv: 'a1b2c3d4e5f60718293a4b5c6d7e8f90', cuv_date: a1.date },
    });
    expect(cuv.statusCode, cuv.body).toBe(200);
    expect(cuv.json().data).toMatchObject({
      status: 'lista',
      cuv: 'a1b2c3d4e5f60718293a4b5c6d7e8f90',
      cuv_date: a1.date,
    });
    const list = await w.c.admin({ method: 'GET', url: '/api/rips/packages?limit=5' });
    expect(list.json().data.items[0]).toMatchObject({
      id: pkg.id,
      invoice_number: 'FE100',
      created_by: expect.any(String),
      checksum: pkg.checksum,
      users_count: 2,
      services_count: 3,
    });
  });
});

describe('RS package', () => {
  it('has a null numFactura, tipoNota RS and takes the period’s records not yet billed', async () => {
    const p = await ripsPatient(w);
    const a = await completedAppointment(w, p, '08:00', { daysAgo: 5 });
    await saveAttendance(w, a.id);
    const pkg = await buildPkg(w, { invoice_number: null, from: a.date, to: a.date });
    expect(pkg.problems_count).toBe(0);
    const { json } = await downloadJson(w, pkg.id);
    expect(json.numFactura).toBeNull();
    expect(json.tipoNota).toBe('RS');
    expect(json.numNota).toBeNull();
    expect(json.usuarios).toHaveLength(1);
    expect(json.usuarios[0].servicios.consultas.map((c: { consecutivo: number }) => c.consecutivo)).toEqual([
      1,
    ]);
    // Issue 34 item 20: every user carries the seven lists in the annex's order, the six unused ones empty.
    expect(Object.keys(json.usuarios[0].servicios)).toEqual([
      'consultas',
      'procedimientos',
      'urgencias',
      'hospitalizacion',
      'recienNacidos',
      'medicamentos',
      'otrosServicios',
    ]);
    expect(json.usuarios[0].servicios).toMatchObject(noOtherServices);
    // The same period as an invoice package: nothing billed, nothing in it.
    const inv = await buildPkg(w, { invoice_number: 'FE200', from: a.date, to: a.date });
    expect(inv).toMatchObject({ users_count: 0, services_count: 0 });
    expect((await downloadJson(w, inv.id)).json.usuarios).toEqual([]);
  });
});

describe('problems', () => {
  it('a patient without a zone is a problem with its link; ready is refused; fixed, it builds clean', async () => {
    const p = await ripsPatient(w, {}, null);
    const a = await completedAppointment(w, p, '08:00', { daysAgo: 7 });
    const b = await completedAppointment(w, p, '09:00', { daysAgo: 7 });
    await saveAttendance(w, a.id);
    const body = { invoice_number: null, from: a.date, to: a.date };

    const first = await buildPkg(w, body);
    const problems = await problemsOf(w, first.id);
    expect(problems).toEqual([
      {
        appointment_id: a.id,
        patient_id: p,
        path: 'usuarios[0].codZonaTerritorialResidencia',
        field: 'codZonaTerritorialResidencia',
        message: 'El paciente no tiene zona territorial de residencia (rural o urbana)',
        fix: 'Indique si el paciente reside en zona rural (01) o urbana (02)',
        link: `/rips?fix=patient&id=${p}`,
      },
      expect.objectContaining({
        appointment_id: b.id,
        path: 'usuarios[0].servicios.consultas[1].finalidadTecnologiaSalud',
        message: 'La cita no tiene registro de atención (finalidad, causa, diagnóstico)',
        link: `/rips?fix=attendance&id=${b.id}`,
      }),
    ]);
    // Previewed (downloadable) but not ready.
    expect((await downloadJson(w, first.id)).json.usuarios[0].codZonaTerritorialResidencia).toBeNull();
    const ready = await w.c.admin({ method: 'PUT', url: `/api/rips/packages/${first.id}/ready` });
    expect(ready.statusCode).toBe(409);
    expect(ready.json().message).toBe(
      'El paquete tiene 2 problemas: corríjalos y genere el paquete de nuevo',
    );
    const cuv = await w.c.admin({
      method: 'PUT',
      url: `/api/rips/packages/${first.id}/cuv`,
      payload: { cuv: 'a1b2c3d4e5f60718293a4b5c6d7e8f90', cuv_date: a.date },
    });
    expect(cuv.statusCode).toBe(409);

    await w.c.reception({ method: 'PUT', url: `/api/rips/patients/${p}`, payload: { rips_zone: '02' } });
    await saveAttendance(w, b.id);
    const fixed = await buildPkg(w, body);
    expect(fixed.problems_count).toBe(0);
    expect((await downloadJson(w, fixed.id)).json.usuarios[0].codZonaTerritorialResidencia).toBe('02');
    expect((await w.c.admin({ method: 'PUT', url: `/api/rips/packages/${fixed.id}/ready` })).statusCode).toBe(
      200,
    );
  });

  it('refuses bad requests with Spanish messages', async () => {
    const bad = await w.c.reception({
      method: 'POST',
      url: '/api/rips/packages',
      payload: { invoice_number: 'FE 1', from: '2026-02-10', to: '2026-02-01' },
    });
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(bad.json())).toContain(
      'El número de factura tiene hasta 20 letras, dígitos o guiones',
    );
    expect((await w.c.agent({ method: 'GET', url: '/api/rips/packages' })).statusCode).toBe(403);
    expect((await w.c.reception({ method: 'GET', url: '/api/rips/packages/999999' })).statusCode).toBe(404);
  });
});
