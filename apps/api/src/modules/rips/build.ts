import { createHash } from 'node:crypto';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import { localDate, localDateTime, startOfLocalDay } from '@ips/shared/format';
import { addDays } from '@ips/shared/scheduling/calendar-days';
import { normaliseNit } from '@ips/shared/schemas/colombian-ids';
import type { Executor } from '../../db/client';
import { loadCodes, sexCode, userTypeFromAffiliation } from './codes';
import {
  consultaProblems,
  headerProblems,
  userProblems,
  type ConsultaFacts,
  type Problem,
  type UserFacts,
} from './validate';

/*
 * Builds a RIPS package while reading its appointments through a server-side cursor, a few thousand rows at a
 * time (decision 037): each user is written as soon as their last consultation is read, the JSON goes to the
 * database in chunks of ~256 KB with its SHA-256 computed on the way, and problems are written in batches, so
 * memory holds one batch of rows and one chunk whatever the size of the month.
 */
export interface BuildInput {
  packageId: number;
  invoiceNumber: string | null;
  from: string;
  to: string;
  epsId: number | null;
  orgNit: string;
  codPrestador: string;
  tz: string;
  now?: Date;
}
export interface BuildResult {
  users: number;
  services: number;
  problems: number;
  bytes: number;
  checksum: string;
}

export const FETCH_ROWS = 5000;
const CHUNK_CHARS = 256 * 1024;
const PROBLEM_BATCH = 500;
/** Problems listed per package; all are counted. */
export const MAX_LISTED_PROBLEMS = 5000;

type Row = {
  appointment_id: number;
  patient_id: number;
  doctor_id: number;
  specialty_id: number;
  fecha: string;
  doc_type: string | null;
  document: string | null;
  birth_date: string | null;
  gender: string | null;
  rips_user_type: string | null;
  affiliation: string | null;
  rips_zone: string | null;
  country_residence: number;
  country_origin: number;
  municipality: string | null;
  doctor_doc_type: string | null;
  doctor_document: string | null;
  value: string;
  has_record: boolean;
  finalidad: string | null;
  causa: string | null;
  dx_main: string | null;
  dx_rel1: string | null;
  dx_rel2: string | null;
  dx_rel3: string | null;
  dx_main_ok: boolean;
  dx_rel1_ok: boolean;
  dx_rel2_ok: boolean;
  dx_rel3_ok: boolean;
  dx_type: string | null;
  modality: string | null;
  service_group: string | null;
  service_code: number | null;
  cups_code: string | null;
  authorization_number: string | null;
  concepto_recaudo: string | null;
  moderator_value: string | null;
  fev_moderator: string | null;
  spec_group: string | null;
  spec_code: number | null;
};

function selection(input: BuildInput) {
  const from = startOfLocalDay(input.from, input.tz);
  const to = startOfLocalDay(addDays(input.to, 1), input.tz);
  const statuses = input.invoiceNumber === null ? sql`('pending','billed','paid')` : sql`('billed','paid')`;
  const known = (col: unknown) =>
    sql`(${col} is not null and exists (select 1 from cie10 x where x.code = ${col} and x.status = 'Activo'))`;
  return sql`
    select a.id as appointment_id, a.patient_id, a.doctor_id, a.specialty_id,
           to_char(a.scheduled_at at time zone ${input.tz}, 'YYYY-MM-DD HH24:MI') as fecha,
           dt.code as doc_type, p.document, p.birth_date::text as birth_date, p.gender, p.rips_user_type,
           p.insurance_affiliation_type as affiliation, p.rips_zone, p.country_residence, p.country_origin,
           m.code as municipality, d.document_type as doctor_doc_type, d.document_number as doctor_document,
           b.final_price::text as value, (r.id is not null) as has_record,
           r.finalidad, r.causa, r.dx_main, r.dx_rel1, r.dx_rel2, r.dx_rel3,
           ${known(sql`r.dx_main`)} as dx_main_ok, ${known(sql`r.dx_rel1`)} as dx_rel1_ok,
           ${known(sql`r.dx_rel2`)} as dx_rel2_ok, ${known(sql`r.dx_rel3`)} as dx_rel3_ok,
           r.dx_type, r.modality, r.service_group, r.service_code, r.cups_code, r.authorization_number,
           r.concepto_recaudo, r.moderator_value::text as moderator_value, r.fev_moderator,
           sp.rips_service_group as spec_group, sp.rips_service_code as spec_code
      from appointment_billing b
      join appointments a on a.id = b.appointment_id
      join patients p on p.id = a.patient_id
      join doctors d on d.id = a.doctor_id
      join specialties sp on sp.id = a.specialty_id
      left join document_types dt on dt.id = p.document_type_id
      left join municipalities m on m.id = p.municipality_id
      left join rips_attendance r on r.appointment_id = a.id
     where b.status in ${statuses} and a.status = 'Completada'
       and a.scheduled_at >= ${from.toISOString()}::timestamptz and a.scheduled_at < ${to.toISOString()}::timestamptz
       ${input.epsId ? sql`and p.insurance_eps_id = ${input.epsId}` : sql``}
     order by a.patient_id, a.scheduled_at, a.id`;
}

const money = (v: string | null) => Math.round(Number(v ?? 0));

function consultaJson(r: Row, codPrestador: string, consecutivo: number) {
  return {
    codPrestador,
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
  };
}

export async function buildPackage(tx: Executor, input: BuildInput): Promise<BuildResult> {
  const codes = await loadCodes(tx);
  const now = input.now ?? new Date();
  const today = localDate(now, input.tz);
  const nowText = localDateTime(now, input.tz).slice(0, 16);
  const hash = createHash('sha256');
  let chunk = '';
  let seq = 0;
  let bytes = 0;
  const write = async (text: string, force = false) => {
    chunk += text;
    if (chunk.length >= CHUNK_CHARS || (force && chunk)) {
      hash.update(chunk, 'utf8');
      bytes += Buffer.byteLength(chunk, 'utf8');
      await tx.execute(
        sql`insert into rips_package_chunks (package_id, seq, body) values (${input.packageId}, ${seq++}, ${chunk})`,
      );
      chunk = '';
    }
  };
  let problems = 0;
  let pending: Problem[] = [];
  const flushProblems = async () => {
    if (!pending.length) return;
    const listed = pending.map((p, i) => ({ ...p, seq: problems - pending.length + i }));
    await tx.execute(sql`
      insert into rips_package_problems (package_id, seq, appointment_id, patient_id, path, field, message, fix, link)
      select ${input.packageId}, x.seq, x."appointmentId", x."patientId", x.path, x.field, x.message, x.fix, x.link
        from jsonb_to_recordset(${JSON.stringify(listed)}::jsonb)
          as x(seq int, "appointmentId" int, "patientId" int, path text, field text, message text, fix text, link text)`);
    pending = [];
  };
  const report = async (list: Problem[]) => {
    for (const p of list) {
      problems++;
      if (problems <= MAX_LISTED_PROBLEMS) pending.push(p);
    }
    if (pending.length >= PROBLEM_BATCH) await flushProblems();
  };

  await report(headerProblems(input.orgNit, input.codPrestador));
  const nit = normaliseNit(input.orgNit);
  const head = {
    numDocumentoIdObligado: nit?.digits ?? input.orgNit,
    numFactura: input.invoiceNumber,
    tipoNota: input.invoiceNumber === null ? 'RS' : null,
    numNota: null,
  };
  await write(`${JSON.stringify(head).slice(0, -1)},"usuarios":[`);

  let users = 0;
  let services = 0;
  let user: { facts: UserFacts; consultas: string[] } | null = null;
  const flushUser = async () => {
    if (!user) return;
    const f = user.facts;
    const json = {
      tipoDocumentoIdentificacion: f.docType,
      numDocumentoIdentificacion: f.document,
      tipoUsuario: f.userType,
      fechaNacimiento: f.birthDate,
      codSexo: f.sex,
      codPaisResidencia: String(f.countryResidence).padStart(3, '0'),
      codMunicipioResidencia: f.countryResidence === 170 ? f.municipality : null,
      codZonaTerritorialResidencia: f.zone,
      incapacidad: 'NO',
      codPaisOrigen: String(f.countryOrigin).padStart(3, '0'),
      consecutivo: users,
    };
    const text = JSON.stringify(json).slice(0, -1);
    await write(`${users > 1 ? ',' : ''}${text},"servicios":{"consultas":[${user.consultas.join(',')}]}}`);
    user = null;
  };

  // The month's rows are sorted by patient once, in memory rather than in temporary files (this transaction only).
  await tx.execute(sql`set local work_mem = '64MB'`);
  await tx.execute(sql`declare rips_rows no scroll cursor for ${selection(input)}`);
  for (;;) {
    const batch = await tx.execute<Row>(sql.raw(`fetch ${FETCH_ROWS} from rips_rows`));
    if (!batch.rows.length) break;
    for (const r of batch.rows) {
      if (!user || user.facts.patientId !== r.patient_id) {
        await flushUser();
        users++;
        const facts: UserFacts = {
          patientId: r.patient_id,
          firstAppointmentId: r.appointment_id,
          docType: r.doc_type,
          document: r.document,
          userType: r.rips_user_type ?? userTypeFromAffiliation(r.affiliation),
          birthDate: r.birth_date,
          sex: sexCode(r.gender),
          countryResidence: Number(r.country_residence),
          municipality: r.municipality,
          zone: r.rips_zone,
          countryOrigin: Number(r.country_origin),
        };
        user = { facts, consultas: [] };
        await report(userProblems(facts, users - 1, codes, today));
      }
      services++;
      const consecutivo = user.consultas.length + 1;
      const c: ConsultaFacts = {
        appointmentId: r.appointment_id,
        patientId: r.patient_id,
        doctorId: r.doctor_id,
        specialtyId: r.specialty_id,
        fecha: r.fecha,
        birthDate: r.birth_date,
        hasRecord: r.has_record,
        cups: r.cups_code,
        modality: r.modality,
        group: r.has_record ? r.service_group : r.spec_group,
        service: r.has_record ? r.service_code : r.spec_code,
        finalidad: r.finalidad,
        causa: r.causa,
        dxMain: r.dx_main,
        dxMainKnown: r.dx_main_ok,
        dxRel: [
          { code: r.dx_rel1, known: r.dx_rel1_ok },
          { code: r.dx_rel2, known: r.dx_rel2_ok },
          { code: r.dx_rel3, known: r.dx_rel3_ok },
        ],
        dxType: r.dx_type,
        doctorDocType: r.doctor_doc_type,
        doctorDocument: r.doctor_document,
        value: Number(r.value),
        concepto: r.concepto_recaudo,
        moderator: Number(r.moderator_value ?? 0),
        userType: user.facts.userType,
      };
      await report(consultaProblems(c, users - 1, consecutivo - 1, codes, nowText));
      user.consultas.push(JSON.stringify(consultaJson(r, input.codPrestador, consecutivo)));
    }
    if (batch.rows.length < FETCH_ROWS) break;
    await nextTurn();
  }
  await tx.execute(sql`close rips_rows`);
  await flushUser();
  await write(']}', true);
  await flushProblems();
  return { users, services, problems, bytes, checksum: hash.digest('hex') };
}
