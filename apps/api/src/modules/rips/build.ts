import { createHash } from 'node:crypto';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import { localDate, localDateTime, startOfLocalDay } from '@ips/shared/format';
import { addDays } from '@ips/shared/scheduling/calendar-days';
import { normaliseNit } from '@ips/shared/schemas/colombian-ids';
import type { Executor } from '../../db/client';
import { loadCodes, SERVICE_LISTS, sexCode, userTypeFromAffiliation } from './codes';
import { ripsRows, type Row, type SqlRow } from './rows-sql';
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
 * time (decision 037). PostgreSQL writes each consultation's JSON and each user's (rows-sql.ts) and checks every
 * rule; Node adds the `consecutivo`s, validates with validate.ts only the rows whose checks failed, writes the JSON
 * to the database in chunks of ~256 KB with its SHA-256 computed on the way and the problems in batches, so memory
 * holds one batch of rows and one chunk whatever the size of the month.
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

export const FETCH_ROWS = 1000;
/** What closes a user's `consultas`: the six other lists, empty, then `servicios` and the user (decision 037). */
const END_OF_USER = `]${SERVICE_LISTS.slice(1)
  .map((list) => `,"${list}":[]`)
  .join('')}}}`;
const CHUNK_CHARS = 256 * 1024;
const PROBLEM_BATCH = 500;
/** Problems listed per package; all are counted. */
export const MAX_LISTED_PROBLEMS = 5000;

const userType = (r: Row) => r.rips_user_type ?? userTypeFromAffiliation(r.affiliation);

/** What validate.ts reads of a row: the rule checks' input, shared with the reference test of rows-sql.ts. */
export const userFacts = (r: Row): UserFacts => ({
  patientId: r.patient_id,
  firstAppointmentId: r.appointment_id,
  docType: r.doc_type,
  document: r.document,
  userType: userType(r),
  birthDate: r.birth_date,
  sex: sexCode(r.gender),
  countryResidence: Number(r.country_residence),
  municipality: r.municipality,
  zone: r.rips_zone,
  countryOrigin: Number(r.country_origin),
});

export const consultaFacts = (r: Row): ConsultaFacts => ({
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
  userType: userType(r),
});

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
  let consultas = 0;
  const rows = ripsRows({
    codes,
    invoiceNumber: input.invoiceNumber,
    from: startOfLocalDay(input.from, input.tz),
    to: startOfLocalDay(addDays(input.to, 1), input.tz),
    epsId: input.epsId,
    codPrestador: input.codPrestador,
    tz: input.tz,
    today,
    now: nowText,
  });
  // The period's rows are sorted by patient once, in memory rather than in temporary files, and without JIT: the
  // plan's cost (one row of expressions per consultation) makes PostgreSQL spend 1.5-3 s compiling it, more
  // than it then saves (this transaction only).
  await tx.execute(sql`set local work_mem = '64MB'`);
  await tx.execute(sql`set local jit = off`);
  await tx.execute(sql`declare rips_rows no scroll cursor for ${rows}`);
  for (;;) {
    const batch = await tx.execute<SqlRow>(sql.raw(`fetch ${FETCH_ROWS} from rips_rows`));
    if (!batch.rows.length) break;
    for (const row of batch.rows) {
      // The facts come only with a row that PostgreSQL's checks did not pass: validate.ts says what is wrong.
      const r = row.f === null ? null : (JSON.parse(row.f) as Row);
      if (row.u !== null) {
        if (users) await write(END_OF_USER);
        users++;
        consultas = 0;
        await write(`${users > 1 ? ',' : ''}${row.u},"consecutivo":${users},"servicios":{"consultas":[`);
        if (r) await report(userProblems(userFacts(r), users - 1, codes, today));
      }
      services++;
      consultas++;
      if (r) await report(consultaProblems(consultaFacts(r), users - 1, consultas - 1, codes, nowText));
      await write(`${consultas > 1 ? ',' : ''}${row.c},"consecutivo":${consultas}}`);
    }
    if (batch.rows.length < FETCH_ROWS) break;
    await nextTurn();
  }
  await tx.execute(sql`close rips_rows`);
  if (users) await write(END_OF_USER);
  await write(']}', true);
  await flushProblems();
  return { users, services, problems, bytes, checksum: hash.digest('hex') };
}
