import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import { AppError } from '@ips/shared/errors';
import {
  RIPS_TABLES,
  type doctorRipsBody,
  type epsAuthorizationRipsBody,
  type patientRipsBody,
  type serviceRipsBody,
  type specialtyRipsBody,
} from '@ips/shared/schemas/rips';
import type { Db, Executor } from '../../db/client';
import type { Actor } from '../../lib/context';
import { writeAudit } from '../../lib/audit';
import { hasCode, loadCodes, userTypeFromAffiliation } from './codes';

/*
 * The RIPS fields of patients, doctors, specialties, services and EPS authorizations (decision 037): read and
 * written here, each change audited on the owning table, so the modules that own those records stay as they are.
 */

async function one<T>(db: Executor, query: ReturnType<typeof sql>, notFound: string): Promise<T> {
  const res = await db.execute(query);
  const row = res.rows[0] as T | undefined;
  if (!row) throw new AppError('NOT_FOUND', notFound);
  return row;
}

const patientQuery = (id: number, lock = false) => sql`
  select id as patient_id, rips_user_type, insurance_affiliation_type, rips_zone, country_residence, country_origin
    from patients where id = ${id} ${lock ? sql`for update` : sql``}`;
type PatientRow = {
  patient_id: number;
  rips_user_type: string | null;
  insurance_affiliation_type: string | null;
  rips_zone: string | null;
  country_residence: number;
  country_origin: number;
};
const patientDto = ({ insurance_affiliation_type, ...p }: PatientRow) => ({
  ...p,
  country_residence: Number(p.country_residence),
  country_origin: Number(p.country_origin),
  derived_user_type: p.rips_user_type ?? userTypeFromAffiliation(insurance_affiliation_type),
});

export const getPatientRips = async (db: Db, id: number) =>
  patientDto(await one<PatientRow>(db, patientQuery(id), 'Paciente no encontrado'));

export async function updatePatientRips(
  db: Db,
  actor: Actor,
  id: number,
  body: z.infer<typeof patientRipsBody>,
) {
  return db.transaction(async (tx) => {
    const before = patientDto(await one<PatientRow>(tx, patientQuery(id, true), 'Paciente no encontrado'));
    await tx.execute(sql`
      update patients set
        rips_user_type = ${body.rips_user_type === undefined ? before.rips_user_type : body.rips_user_type},
        rips_zone = ${body.rips_zone === undefined ? before.rips_zone : body.rips_zone},
        country_residence = ${body.country_residence ?? before.country_residence},
        country_origin = ${body.country_origin ?? before.country_origin},
        updated_at = now()
      where id = ${id}`);
    const after = patientDto(await one<PatientRow>(tx, patientQuery(id), 'Paciente no encontrado'));
    await writeAudit(tx, actor, {
      table: 'patients',
      recordId: id,
      action: 'update',
      oldValues: before,
      newValues: after,
    });
    return after;
  });
}

const doctorQuery = (id: number) =>
  sql`select id as doctor_id, document_type, document_number from doctors where id = ${id}`;
type DoctorRow = { doctor_id: number; document_type: string | null; document_number: string | null };

export const getDoctorRips = (db: Db, id: number) =>
  one<DoctorRow>(db, doctorQuery(id), 'Doctor no encontrado');

export async function updateDoctorRips(
  db: Db,
  actor: Actor,
  id: number,
  body: z.infer<typeof doctorRipsBody>,
) {
  return db.transaction(async (tx) => {
    const before = await one<DoctorRow>(tx, doctorQuery(id), 'Doctor no encontrado');
    const type = body.document_type === undefined ? before.document_type : body.document_type;
    if (type !== null && !hasCode(await loadCodes(tx), RIPS_TABLES.tipoId, type))
      throw new AppError('VALIDATION', 'Tipo de documento desconocido en la tabla TipoIdPISIS', {
        document_type: ['Tipo de documento desconocido'],
      });
    await tx.execute(sql`
      update doctors set document_type = ${type},
        document_number = ${body.document_number === undefined ? before.document_number : body.document_number},
        updated_at = now()
      where id = ${id}`);
    const after = await one<DoctorRow>(tx, doctorQuery(id), 'Doctor no encontrado');
    await writeAudit(tx, actor, {
      table: 'doctors',
      recordId: id,
      action: 'update',
      oldValues: before,
      newValues: after,
    });
    return after;
  });
}

type SpecialtyRow = {
  specialty_id: number;
  name: string;
  rips_service_group: string | null;
  rips_service_code: number | null;
};
const specialtyQuery = (id: number) => sql`
  select id as specialty_id, name, rips_service_group, rips_service_code from specialties where id = ${id}`;

export async function listSpecialtyRips(db: Db) {
  const res = await db.execute<SpecialtyRow>(sql`
    select id as specialty_id, name, rips_service_group, rips_service_code from specialties order by name, id`);
  return res.rows;
}

export async function updateSpecialtyRips(
  db: Db,
  actor: Actor,
  id: number,
  body: z.infer<typeof specialtyRipsBody>,
) {
  return db.transaction(async (tx) => {
    const before = await one<SpecialtyRow>(tx, specialtyQuery(id), 'Especialidad no encontrada');
    const group = body.rips_service_group === undefined ? before.rips_service_group : body.rips_service_group;
    const code = body.rips_service_code === undefined ? before.rips_service_code : body.rips_service_code;
    const codes = await loadCodes(tx);
    const errors: Record<string, string[]> = {};
    if (group !== null && !hasCode(codes, RIPS_TABLES.grupoServicios, group))
      errors.rips_service_group = ['Grupo de servicios desconocido'];
    if (code !== null && !hasCode(codes, RIPS_TABLES.servicios, code))
      errors.rips_service_code = ['Código de servicio desconocido en la tabla Servicios'];
    if (Object.keys(errors).length) throw new AppError('VALIDATION', Object.values(errors)[0]![0]!, errors);
    await tx.execute(sql`
      update specialties set rips_service_group = ${group}, rips_service_code = ${code}, updated_at = now()
       where id = ${id}`);
    const after = await one<SpecialtyRow>(tx, specialtyQuery(id), 'Especialidad no encontrada');
    await writeAudit(tx, actor, {
      table: 'specialties',
      recordId: id,
      action: 'update',
      oldValues: before,
      newValues: after,
    });
    return after;
  });
}

type ServiceRow = { service_id: number; cups_code: string | null };
const serviceQuery = (id: number) => sql`select id as service_id, cups_code from services where id = ${id}`;
export const getServiceRips = (db: Db, id: number) =>
  one<ServiceRow>(db, serviceQuery(id), 'Servicio no encontrado');

export async function updateServiceRips(
  db: Db,
  actor: Actor,
  id: number,
  body: z.infer<typeof serviceRipsBody>,
) {
  return db.transaction(async (tx) => {
    const before = await one<ServiceRow>(tx, serviceQuery(id), 'Servicio no encontrado');
    const cups = body.cups_code === undefined ? before.cups_code : body.cups_code;
    await tx.execute(sql`update services set cups_code = ${cups}, updated_at = now() where id = ${id}`);
    const after = await one<ServiceRow>(tx, serviceQuery(id), 'Servicio no encontrado');
    await writeAudit(tx, actor, {
      table: 'services',
      recordId: id,
      action: 'update',
      oldValues: before,
      newValues: after,
    });
    return after;
  });
}

type AuthRow = { eps_authorization_id: number; authorization_number: string | null };
const authQuery = (id: number) =>
  sql`select id as eps_authorization_id, authorization_number from eps_authorizations where id = ${id}`;
export const getEpsAuthorizationRips = (db: Db, id: number) =>
  one<AuthRow>(db, authQuery(id), 'Autorización EPS no encontrada');

export async function updateEpsAuthorizationRips(
  db: Db,
  actor: Actor,
  id: number,
  body: z.infer<typeof epsAuthorizationRipsBody>,
) {
  return db.transaction(async (tx) => {
    const before = await one<AuthRow>(tx, authQuery(id), 'Autorización EPS no encontrada');
    const n =
      body.authorization_number === undefined ? before.authorization_number : body.authorization_number;
    await tx.execute(
      sql`update eps_authorizations set authorization_number = ${n}, updated_at = now() where id = ${id}`,
    );
    const after = await one<AuthRow>(tx, authQuery(id), 'Autorización EPS no encontrada');
    await writeAudit(tx, actor, {
      table: 'eps_authorizations',
      recordId: id,
      action: 'update',
      oldValues: before,
      newValues: after,
    });
    return after;
  });
}

export async function listCodes(db: Db, table: string) {
  const res = await db.execute<{ code: string; name: string }>(
    sql`select code, name from rips_codes where table_name = ${table} order by code`,
  );
  return res.rows.map((r) => ({ table, ...r }));
}
