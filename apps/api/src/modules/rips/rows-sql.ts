import { sql, type SQL } from 'drizzle-orm';
import { COUNTRIES } from '@ips/shared/catalogs/countries';
import type { RipsCodes } from './codes';
import { CONSULTA_CONCEPTOS, CONTRIBUTIVO_USER_TYPES, RIPS_TABLES } from '@ips/shared/schemas/rips';

/*
 * The month's rows of a RIPS package as PostgreSQL builds them (decision 037): per consultation one text column
 * with its JSON (`c`, without its closing brace: the build appends `consecutivo`), the user's JSON on their first
 * row only (`u`, same), and the facts (`f`, the Row below as JSON) only when a rule may fail. The SQL checks are
 * a conservative filter of the rules in validate.ts: a row they pass has no problem there (a test holds them
 * together); a row they fail is validated by validate.ts itself, which alone writes the problems. Node thus parses
 * two short strings per row instead of ~40 columns, and the JSON is exactly JSON.stringify's (row_to_json is compact,
 * escapes the same characters, keeps the column order).
 */
export type Row = {
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
  value: string | number;
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
  moderator_value: string | number | null;
  fev_moderator: string | null;
  spec_group: string | null;
  spec_code: number | null;
};
export type SqlRow = { u: string | null; c: string; f: string | null };

export interface RowsQuery {
  invoiceNumber: string | null;
  /** Instants bounding the period (clinic days). */
  from: Date;
  to: Date;
  epsId: number | null;
  codPrestador: string;
  tz: string;
  /** Clinic date 'YYYY-MM-DD' and time 'YYYY-MM-DD HH:mm' of the build. */
  today: string;
  now: string;
  /** The code tables (loadCodes), sent as constants. */
  codes: RipsCodes;
  /** Facts on every row (the tests' reference), not only where a check fails. */
  allFacts?: boolean;
}

/**
 * A list as one array parameter, which the plan of the cursor takes as a constant: PostgreSQL then looks a value
 * up in a hash table built once rather than comparing it with every element.
 */
const textArray = (list: Iterable<string | number>) =>
  sql`${`{${[...list].map((v) => `"${String(v).replace(/["\\]/g, '\\$&')}"`).join(',')}}`}::text[]`;
/** `code` is one of the table's codes; null when the code is null, which the caller's coalesce reads as false. */
const inTable = (codes: RipsCodes, col: SQL, table: string) =>
  sql`${col} = any(${textArray(codes.get(table)?.keys() ?? [])})`;
const DOCUMENT = sql`'^[A-Za-z0-9]{4,20}$'`;
const pad3 = (col: SQL) =>
  sql`case when length(${col}::text) >= 3 then ${col}::text else lpad(${col}::text, 3, '0') end`;

function facts(q: RowsQuery) {
  const statuses = q.invoiceNumber === null ? sql`('pending','billed','paid')` : sql`('billed','paid')`;
  const known = (col: SQL) =>
    sql`(${col} is not null and exists (select 1 from cie10 x where x.code = ${col} and x.status = 'Activo'))`;
  return sql`
    select a.id as appointment_id, a.patient_id, a.doctor_id, a.specialty_id, a.scheduled_at,
           to_char(a.scheduled_at at time zone ${q.tz}, 'YYYY-MM-DD HH24:MI') as fecha,
           dt.code as doc_type, p.document, p.birth_date::text as birth_date, p.gender, p.rips_user_type,
           p.insurance_affiliation_type as affiliation, p.rips_zone, p.country_residence, p.country_origin,
           m.code as municipality, d.document_type as doctor_doc_type, d.document_number as doctor_document,
           b.final_price as value, (r.id is not null) as has_record,
           r.finalidad, r.causa, r.dx_main, r.dx_rel1, r.dx_rel2, r.dx_rel3,
           ${known(sql`r.dx_main`)} as dx_main_ok, ${known(sql`r.dx_rel1`)} as dx_rel1_ok,
           ${known(sql`r.dx_rel2`)} as dx_rel2_ok, ${known(sql`r.dx_rel3`)} as dx_rel3_ok,
           r.dx_type, r.modality, r.service_group, r.service_code, r.cups_code, r.authorization_number,
           r.concepto_recaudo, r.moderator_value, r.fev_moderator,
           sp.rips_service_group as spec_group, sp.rips_service_code as spec_code,
           coalesce(p.rips_user_type, case p.insurance_affiliation_type when 'Contributivo' then '01'
             when 'Subsidiado' then '04' when 'Vinculado' then '05' when 'Particular' then '12' end) as user_type,
           case p.gender when 'Masculino' then 'M' when 'Femenino' then 'F' when 'Otro' then 'I' end as sex
      from appointments a
      join appointment_billing b on b.appointment_id = a.id
      join patients p on p.id = a.patient_id
      join doctors d on d.id = a.doctor_id
      join specialties sp on sp.id = a.specialty_id
      left join document_types dt on dt.id = p.document_type_id
      left join municipalities m on m.id = p.municipality_id
      left join rips_attendance r on r.appointment_id = a.id
     where b.status in ${statuses} and a.status = 'Completada'
       and a.scheduled_at >= ${q.from.toISOString()}::timestamptz and a.scheduled_at < ${q.to.toISOString()}::timestamptz
       ${q.epsId ? sql`and p.insurance_eps_id = ${q.epsId}` : sql``}
    offset 0`;
}

/** Every rule of userProblems and consultaProblems, as one condition that is true only when none can fail. */
function clean(q: RowsQuery) {
  const countries = sql`${`{${COUNTRIES.map((c) => c.code).join(',')}}`}::int[]`;
  return sql`coalesce(
        ${inTable(q.codes, sql`s.doc_type`, RIPS_TABLES.tipoId)} and s.document collate "C" ~ ${DOCUMENT}
    and ${inTable(q.codes, sql`s.user_type`, RIPS_TABLES.tipoUsuario)}
    and s.birth_date collate "C" <= ${q.today} and ${inTable(q.codes, sql`s.sex`, RIPS_TABLES.sexo)}
    and s.country_residence = any(${countries}) and s.country_origin = any(${countries})
    and (s.country_residence <> 170 or s.municipality collate "C" ~ '^[0-9]{5}$')
    and ${inTable(q.codes, sql`s.rips_zone`, RIPS_TABLES.zona)}
    and s.fecha collate "C" <= ${q.now} and left(s.fecha, 10) collate "C" >= s.birth_date
    and s.has_record and s.cups_code collate "C" ~ '^[0-9A-Z]{6}$'
    and ${inTable(q.codes, sql`s.modality`, RIPS_TABLES.modalidad)}
    and ${inTable(q.codes, sql`s.service_group`, RIPS_TABLES.grupoServicios)}
    and ${inTable(q.codes, sql`s.service_code::text`, RIPS_TABLES.servicios)}
    and ${inTable(q.codes, sql`s.finalidad`, RIPS_TABLES.finalidad)} and ${inTable(q.codes, sql`s.causa`, RIPS_TABLES.causa)}
    and s.dx_main_ok and (s.dx_rel1 is null or s.dx_rel1_ok) and (s.dx_rel2 is null or s.dx_rel2_ok)
    and (s.dx_rel3 is null or s.dx_rel3_ok) and ${inTable(q.codes, sql`s.dx_type`, RIPS_TABLES.tipoDiagnostico)}
    and s.concepto_recaudo = any(${textArray(CONSULTA_CONCEPTOS)})
    and (s.concepto_recaudo <> '02' or s.user_type = any(${textArray(CONTRIBUTIVO_USER_TYPES)}))
    and (s.concepto_recaudo <> '05' or s.moderator_value = 0)
    and ${inTable(q.codes, sql`s.doctor_doc_type`, RIPS_TABLES.tipoId)} and s.doctor_document collate "C" ~ ${DOCUMENT}
    and s.value >= 0 and s.value <> 'NaN', false)`;
}

/**
 * The package's rows, by patient then time, for a server-side cursor. `offset 0` keeps the facts a subquery of
 * their own: each is computed once per row, not again in every expression that reads it.
 */
export function ripsRows(q: RowsQuery) {
  return sql`
    select case when s.patient_id is distinct from lag(s.patient_id) over w then left(row_to_json(u)::text, -1) end as u,
           left(row_to_json(c)::text, -1) as c,
           case when ${q.allFacts ? sql`false` : clean(q)} then null else row_to_json(s)::text end as f
      from (${facts(q)}) s
     cross join lateral (select s.doc_type as "tipoDocumentoIdentificacion", s.document as "numDocumentoIdentificacion",
             s.user_type as "tipoUsuario", s.birth_date as "fechaNacimiento", s.sex as "codSexo",
             ${pad3(sql`s.country_residence`)} as "codPaisResidencia",
             case when s.country_residence = 170 then s.municipality end as "codMunicipioResidencia",
             s.rips_zone as "codZonaTerritorialResidencia", 'NO'::text as "incapacidad",
             ${pad3(sql`s.country_origin`)} as "codPaisOrigen") u
     cross join lateral (select ${q.codPrestador}::text as "codPrestador", s.fecha as "fechaInicioAtencion",
             s.authorization_number as "numAutorizacion", s.cups_code as "codConsulta",
             s.modality as "modalidadGrupoServicioTecSal", coalesce(s.service_group, s.spec_group) as "grupoServicios",
             coalesce(s.service_code, s.spec_code) as "codServicio", s.finalidad as "finalidadTecnologiaSalud",
             s.causa as "causaMotivoAtencion", s.dx_main as "codDiagnosticoPrincipal",
             s.dx_rel1 as "codDiagnosticoRelacionado1", s.dx_rel2 as "codDiagnosticoRelacionado2",
             s.dx_rel3 as "codDiagnosticoRelacionado3", s.dx_type as "tipoDiagnosticoPrincipal",
             s.doctor_doc_type as "tipoDocumentoIdentificacion", s.doctor_document as "numDocumentoIdentificacion",
             floor(s.value + 0.5)::bigint as "vrServicio", s.concepto_recaudo as "conceptoRecaudo",
             floor(coalesce(s.moderator_value, 0) + 0.5)::bigint as "valorPagoModerador",
             s.fev_moderator as "numFEVPagoModerador") c
    window w as (order by s.patient_id, s.scheduled_at, s.appointment_id)
     order by s.patient_id, s.scheduled_at, s.appointment_id`;
}
