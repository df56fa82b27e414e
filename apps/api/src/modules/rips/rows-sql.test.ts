import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { localDate, localDateTime, startOfLocalDay } from '@ips/shared/format';
import { addDays } from '@ips/shared/scheduling/calendar-days';
import { worldFixture, type World } from '../../test/factories/world';
import { loadCodes } from './codes';
import { consultaFacts, userFacts } from './build';
import { ripsRows, type Row } from './rows-sql';
import {
  NIT,
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
import { consultaProblems, headerProblems, userProblems, type Problem } from './validate';

/*
 * The JSON and the checks that PostgreSQL builds (rows-sql.ts, decision 037) against the reference they replaced:
 * the same rows' facts serialised by JSON.stringify in JavaScript and every one validated by validate.ts. The
 * package must be the same bytes and the same problems, in the same order, over representative consultations:
 * clean ones, one without its attendance record, a patient without a zone, a cuota moderadora outside the
 * contributivo regime, unknown related diagnoses, a foreign resident, cents in the price, characters that JSON
 * escapes, a doctor without a document.
 */
const ctx = worldFixture();
let w: World;

beforeAll(async () => {
  ({ w } = ctx);
  await ripsSetup(w);
});

const money = (v: string | number | null) => Math.round(Number(v ?? 0));
const consultaJson = (r: Row, consecutivo: number) => ({
  codPrestador: PRESTADOR,
  fechaInicioAtencion: r.fecha,
  numAutorizacion: r.authorization_number,
  codConsulta: r.cups_code,
  modalidadGrupoServicioTecSal: r.modality,
  grupoServicios: r.service_group ?? r.spec_group,
  codServicio: r.service_code ?? r.spec_code,
  finalidadTecnologiaSalud: r.finalidad,
  causaMotivoAtencion: r.causa,
  codDiagnosticoPrincipal: r.dx_main,
  codDiagnosticoRelacionado1: r.dx_rel1,
  codDiagnosticoRelacionado2: r.dx_rel2,
  codDiagnosticoRelacionado3: r.dx_rel3,
  tipoDiagnosticoPrincipal: r.dx_type,
  tipoDocumentoIdentificacion: r.doctor_doc_type,
  numDocumentoIdentificacion: r.doctor_document,
  vrServicio: money(r.value),
  conceptoRecaudo: r.concepto_recaudo,
  valorPagoModerador: money(r.moderator_value),
  numFEVPagoModerador: r.fev_moderator,
  consecutivo,
});

/** The package and its problems as JavaScript built them from every row's facts before decision 037's change. */
async function reference(from: string, to: string) {
  const db = w.t.app.deps.db;
  const tz = w.t.app.deps.config.orgTimezone;
  const now = new Date();
  const today = localDate(now, tz);
  const nowText = localDateTime(now, tz).slice(0, 16);
  const codes = await loadCodes(db);
  const res = await db.execute<{ f: string }>(
    ripsRows({
      codes,
      invoiceNumber: null,
      from: startOfLocalDay(from, tz),
      to: startOfLocalDay(addDays(to, 1), tz),
      epsId: null,
      codPrestador: PRESTADOR,
      tz,
      today,
      now: nowText,
      allFacts: true,
    }),
  );
  const problems: Problem[] = headerProblems(NIT, PRESTADOR);
  const users: { head: Record<string, unknown>; consultas: Record<string, unknown>[] }[] = [];
  let last: number | null = null;
  for (const { f } of res.rows) {
    const r = JSON.parse(f) as Row;
    if (r.patient_id !== last) {
      last = r.patient_id;
      const u = userFacts(r);
      problems.push(...userProblems(u, users.length, codes, today));
      users.push({
        head: {
          tipoDocumentoIdentificacion: u.docType,
          numDocumentoIdentificacion: u.document,
          tipoUsuario: u.userType,
          fechaNacimiento: u.birthDate,
          codSexo: u.sex,
          codPaisResidencia: String(u.countryResidence).padStart(3, '0'),
          codMunicipioResidencia: u.countryResidence === 170 ? u.municipality : null,
          codZonaTerritorialResidencia: u.zone,
          incapacidad: 'NO',
          codPaisOrigen: String(u.countryOrigin).padStart(3, '0'),
          consecutivo: users.length + 1,
        },
        consultas: [],
      });
    }
    const user = users[users.length - 1]!;
    problems.push(
      ...consultaProblems(consultaFacts(r), users.length - 1, user.consultas.length, codes, nowText),
    );
    user.consultas.push(consultaJson(r, user.consultas.length + 1));
  }
  const json = {
    numDocumentoIdObligado: '900123456',
    numFactura: null,
    tipoNota: 'RS',
    numNota: null,
    usuarios: users.map((u) => ({
      ...u.head,
      servicios: {
        consultas: u.consultas,
        procedimientos: [],
        urgencias: [],
        hospitalizacion: [],
        recienNacidos: [],
        medicamentos: [],
        otrosServicios: [],
      },
    })),
  };
  return { text: JSON.stringify(json), problems, rows: res.rows.length };
}

const exec = (q: ReturnType<typeof sql>) => w.t.app.deps.db.execute(q);

describe('the JSON and checks built by PostgreSQL', () => {
  it('are byte for byte the JavaScript reference, with the same problems in the same order', async () => {
    const daysAgo = 11;
    const clean = await ripsPatient(w);
    const subsidiado = await ripsPatient(w, { insurance_affiliation_type: 'Subsidiado' });
    const noZone = await ripsPatient(w, { gender: 'Masculino', birth_date: '2001-02-03' }, null);
    const foreign = await ripsPatient(w, { insurance_affiliation_type: 'Particular' }, '01');
    const a1 = await completedAppointment(w, clean, '07:00', { daysAgo });
    const a2 = await completedAppointment(w, clean, '10:20', {
      daysAgo,
      doctorId: w.drB,
      type: 'Teleconsulta',
    });
    const a3 = await completedAppointment(w, subsidiado, '08:00', { daysAgo });
    const a4 = await completedAppointment(w, noZone, '09:00', { daysAgo });
    const a5 = await completedAppointment(w, noZone, '11:00', { daysAgo });
    const a6 = await completedAppointment(w, foreign, '12:00', { daysAgo });
    const a7 = await completedAppointment(w, foreign, '13:00', { daysAgo });
    await saveAttendance(w, a1.id, { concepto_recaudo: '02', moderator_value: 4500, fev_moderator: 'FE99' });
    await saveAttendance(w, a2.id, { modality: '06', dx_main: 'I10X', dx_rel1: 'E119', dx_type: '03' });
    await saveAttendance(w, a3.id);
    await saveAttendance(w, a4.id, { finalidad: '16', causa: '38' });
    await saveAttendance(w, a5.id);
    await saveAttendance(w, a6.id, { concepto_recaudo: '03' });
    // a7 has no attendance record.
    for (const a of [a1, a2, a3, a4]) await bill(w, a.id);

    // What the forms refuse or never write, written directly: the checks must still see it.
    await exec(sql`update rips_attendance set concepto_recaudo = '02', moderator_value = 3000,
                     authorization_number = ${'AU-"7"\\ñ/é\ttab'}, fev_moderator = ${'línea\nnueva\u0001'}
                    where appointment_id = ${a3.id}`);
    await exec(
      sql`update rips_attendance set dx_rel2 = 'Z999', dx_rel3 = 'E119' where appointment_id = ${a5.id}`,
    );
    await exec(sql`update appointment_billing set final_price = 50000.50 where appointment_id = ${a2.id}`);
    await exec(sql`update appointment_billing set final_price = 1234.49 where appointment_id = ${a6.id}`);
    await exec(sql`update patients set country_residence = 862, country_origin = 32, municipality_id = null
                    where id = ${foreign}`);
    await exec(sql`update patients set name = ${'Niño "Ñandú"'} where id = ${noZone}`);
    await exec(sql`update doctors set document_number = null where id = ${w.drB}`);

    const date = a1.date;
    const ref = await reference(date, date);
    expect(ref.rows).toBe(7);
    // The clean rows carry no facts: Node parses only their JSON.
    const tz = w.t.app.deps.config.orgTimezone;
    const rows = await w.t.app.deps.db.execute<{ c: string; f: string | null }>(
      ripsRows({
        codes: await loadCodes(w.t.app.deps.db),
        invoiceNumber: null,
        from: startOfLocalDay(date, tz),
        to: startOfLocalDay(addDays(date, 1), tz),
        epsId: null,
        codPrestador: PRESTADOR,
        tz,
        today: localDate(new Date(), tz),
        now: localDateTime(new Date(), tz).slice(0, 16),
      }),
    );
    const withFacts = rows.rows
      .filter((r) => r.f !== null)
      .map((r) => (JSON.parse(r.f!) as Row).appointment_id);
    // One failing rule per row, so that each SQL check is needed: a2 the doctor without a document (drB), a3 the
    // cuota moderadora, a4 the patient without a zone (the first row of that user), a5 the same patient and an
    // unknown related diagnosis, a7 no attendance record.
    expect(withFacts.sort()).toEqual([a2.id, a3.id, a4.id, a5.id, a7.id].sort());

    const pkg = await buildPkg(w, { invoice_number: null, from: date, to: date });
    const { text } = await downloadJson(w, pkg.id);
    expect(text).toBe(ref.text);
    const listed = await problemsOf(w, pkg.id);
    expect(listed).toEqual(
      ref.problems.map((p) => ({
        appointment_id: p.appointmentId,
        patient_id: p.patientId,
        path: p.path,
        field: p.field,
        message: p.message,
        fix: p.fix,
        link: p.link,
      })),
    );
    expect(pkg.problems_count).toBe(ref.problems.length);
    // Each kind of problem above is there (the comparison is not between two empty lists).
    expect(new Set(ref.problems.map((p) => p.field))).toEqual(
      new Set([
        'conceptoRecaudo',
        'codZonaTerritorialResidencia',
        'codDiagnosticoRelacionado2',
        'finalidadTecnologiaSalud',
        'numDocumentoIdentificacion',
      ]),
    );
    expect(text).toContain('"vrServicio":50001');
    expect(text).toContain('"numAutorizacion":"AU-\\"7\\"\\\\ñ/é\\ttab"');
    expect(text).toContain('"numFEVPagoModerador":"línea\\nnueva\\u0001"');
    expect(text).toContain('"codPaisResidencia":"862","codMunicipioResidencia":null');
    expect(text).toContain('"codPaisOrigen":"032"');
  });
});
