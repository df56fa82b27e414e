import { AppError } from '@ips/shared/errors';
import { localDate } from '@ips/shared/format';
import { canRole, MANAGER_ROLES, PATIENT_STATUS_ROLES, type Role } from '@ips/shared/catalogs/roles';
import {
  BIRTH_DATE_FUTURE,
  isFutureBirthDate,
  PATIENT_MESSAGES,
  type PatientForm,
} from '@ips/shared/schemas/patients';
import type { PatientListFilter } from '@ips/shared/schemas/patients-query';
import type { PatientDto, PatientListResponse } from '@ips/shared/schemas/patients-response';
import type { Executor, Tx } from '../../db/client';
import { writeAudit } from '../../lib/audit';
import type { Actor, AppDeps } from '../../lib/context';
import { CLINIC, type ReadScope } from '../../lib/read-scope';
import { auditView, toPatientDto } from './dto';
import * as repo from './repo';
import * as directory from './repo-directory';
import * as scoped from './repo-scoped';

/** Live-update channel; payloads carry ids only, never personal data. */
export const PATIENTS_CHANNEL = 'patients';
const NOT_FOUND = 'Paciente no encontrado';

type Changes = Partial<PatientForm>;

/** The directory; a doctor's scope lists only the patients booked with them (decision 020). */
export async function listPatients(
  deps: AppDeps,
  f: PatientListFilter,
  scope: ReadScope = CLINIC,
): Promise<PatientListResponse> {
  const { rows, total, exactTotal, counts, anchor } =
    scope.kind === 'doctor'
      ? await scoped.listScopedPage(deps.db, f, scope.doctorId)
      : await directory.listPage(deps.db, f);
  const now = new Date();
  const patients = rows.map((r) => toPatientDto(r, deps.config.orgTimezone, now));
  const pagination = {
    page: f.page,
    limit: f.limit,
    total,
    total_pages: Math.ceil(total / f.limit),
    exact: exactTotal,
    anchor,
  };
  return { success: true, data: { patients, pagination, counts }, total, page: f.page, limit: f.limit };
}

/** Quick search (spec §9): under 2 characters there is nothing to look for yet. */
export async function searchPatients(
  deps: AppDeps,
  text: string | undefined,
  limit: number,
  scope: ReadScope = CLINIC,
): Promise<PatientDto[]> {
  const q = text?.trim() ?? '';
  if (q.length < 2) return [];
  const now = new Date();
  const rows =
    scope.kind === 'doctor'
      ? await scoped.searchScoped(deps.db, q, limit, scope.doctorId)
      : await directory.search(deps.db, q, limit);
  return rows.map((r) => toPatientDto(r, deps.config.orgTimezone, now));
}

export async function getPatient(deps: AppDeps, id: number): Promise<PatientDto> {
  const row = await repo.findDetailById(deps.db, id);
  if (!row) throw new AppError('NOT_FOUND', NOT_FOUND);
  return toPatientDto(row, deps.config.orgTimezone);
}

/** Form fields → columns; only the keys present in the request, so a PUT leaves the others as they are. */
function toValues(b: Changes): Partial<repo.PatientValues> {
  const map: [keyof Changes, keyof repo.PatientValues][] = [
    ['document', 'document'],
    ['document_type_id', 'documentTypeId'],
    ['name', 'name'],
    ['birth_date', 'birthDate'],
    ['gender', 'gender'],
    ['status', 'status'],
    ['phone', 'phone'],
    ['phone_alt', 'phoneAlt'],
    ['email', 'email'],
    ['address', 'address'],
    ['municipality_id', 'municipalityId'],
    ['zone_id', 'zoneId'],
    ['blood_group_id', 'bloodGroupId'],
    ['has_disability', 'hasDisability'],
    ['disability_type_id', 'disabilityTypeId'],
    ['notes', 'notes'],
    ['insurance_eps_id', 'insuranceEpsId'],
    ['insurance_affiliation_type', 'insuranceAffiliationType'],
    ['education_level_id', 'educationLevelId'],
    ['marital_status_id', 'maritalStatusId'],
    ['population_group_id', 'populationGroupId'],
    ['estrato', 'estrato'],
    ['allergies', 'allergies'],
    ['medical_conditions', 'medicalConditions'],
    ['emergency_contact_name', 'emergencyContactName'],
    ['emergency_contact_phone', 'emergencyContactPhone'],
  ];
  const out: Record<string, unknown> = {};
  for (const [from, to] of map) if (b[from] !== undefined) out[to] = b[from];
  return out as Partial<repo.PatientValues>;
}

const REFERENCE_MESSAGES: Record<keyof repo.ReferenceIds, string> = {
  document_type_id: PATIENT_MESSAGES.documentType,
  municipality_id: PATIENT_MESSAGES.municipality,
  zone_id: PATIENT_MESSAGES.zone,
  blood_group_id: PATIENT_MESSAGES.bloodGroup,
  disability_type_id: PATIENT_MESSAGES.disabilityType,
  insurance_eps_id: PATIENT_MESSAGES.eps,
  education_level_id: PATIENT_MESSAGES.educationLevel,
  marital_status_id: PATIENT_MESSAGES.maritalStatus,
  population_group_id: PATIENT_MESSAGES.populationGroup,
};

function invalid(errors: Record<string, string[]>): AppError {
  return new AppError('VALIDATION', [...new Set(Object.values(errors).flat())].join('. '), errors);
}

/**
 * The rules that need the database or the clock, applied to the patient as it will be after the change:
 * lookups exist, the municipality lies in the zone (a municipality alone brings its zone), no disability type
 * without a disability, a birth date not after today, one patient per document and type.
 */
async function settle(
  tx: Executor,
  tz: string,
  changes: Partial<repo.PatientValues>,
  before?: repo.PatientRow,
  id?: number,
) {
  const v = { ...changes };
  const errors: Record<string, string[]> = {};
  if (isFutureBirthDate(v.birthDate, localDate(new Date(), tz))) errors.birth_date = [BIRTH_DATE_FUTURE];

  const { missing, municipalityZoneId } = await repo.checkReferences(tx, {
    document_type_id: v.documentTypeId,
    municipality_id: v.municipalityId,
    zone_id: v.zoneId,
    blood_group_id: v.bloodGroupId,
    disability_type_id: v.disabilityTypeId,
    insurance_eps_id: v.insuranceEpsId,
    education_level_id: v.educationLevelId,
    marital_status_id: v.maritalStatusId,
    population_group_id: v.populationGroupId,
  });
  for (const field of missing) errors[field] = [REFERENCE_MESSAGES[field]];

  // A municipality without a zone (or with an emptied zone select) brings its own zone.
  if (v.municipalityId != null && v.zoneId == null && municipalityZoneId !== undefined)
    v.zoneId = municipalityZoneId;
  const municipalityId = v.municipalityId !== undefined ? v.municipalityId : before?.municipalityId;
  const zoneId = v.zoneId !== undefined ? v.zoneId : before?.zoneId;
  if (municipalityId != null && zoneId != null && !errors.municipality_id && !errors.zone_id) {
    const zoneOfMunicipality =
      v.municipalityId != null
        ? municipalityZoneId
        : (await repo.checkReferences(tx, { municipality_id: municipalityId })).municipalityZoneId;
    if (zoneOfMunicipality !== zoneId)
      errors.municipality_id = ['El municipio no pertenece a la zona seleccionada'];
  }

  const hasDisability = v.hasDisability ?? before?.hasDisability ?? false;
  if (!hasDisability && (v.disabilityTypeId != null || before?.disabilityTypeId != null))
    v.disabilityTypeId = null;

  if (Object.keys(errors).length) throw invalid(errors);

  const document = v.document ?? before?.document;
  const documentTypeId = v.documentTypeId ?? before?.documentTypeId ?? 1;
  if ((v.document !== undefined || v.documentTypeId !== undefined) && document) {
    if (await repo.findIdByDocument(tx, documentTypeId, document, id)) {
      throw new AppError('CONFLICT', undefined, {
        document: ['Ya existe un paciente con este tipo y número de documento'],
      });
    }
  }
  return v;
}

async function detail(tx: Executor, tz: string, id: number): Promise<PatientDto> {
  return toPatientDto((await repo.findDetailById(tx, id))!, tz);
}

export async function createPatient(deps: AppDeps, actor: Actor, body: PatientForm): Promise<PatientDto> {
  const tz = deps.config.orgTimezone;
  return deps.db.transaction(async (tx) => {
    const values = await settle(tx, tz, {
      status: 'Activo',
      documentTypeId: 1,
      hasDisability: false,
      ...toValues(body),
    });
    const row = await repo.insert(tx, values as repo.PatientValues);
    await writeAudit(tx, actor, {
      table: 'patients',
      recordId: row.id,
      action: 'create',
      newValues: auditView(row),
    });
    await deps.events.publish(tx, PATIENTS_CHANNEL, 'patient.created', { id: row.id });
    return detail(tx, tz, row.id);
  });
}

/** Edits any subset of fields; status Activo reactivates an inactivated patient. */
export async function updatePatient(
  deps: AppDeps,
  actor: Actor,
  id: number,
  body: Changes,
  role?: Role,
): Promise<PatientDto> {
  const tz = deps.config.orgTimezone;
  return deps.db.transaction(async (tx) => {
    const before = await repo.findByIdForUpdate(tx, id);
    if (!before) throw new AppError('NOT_FOUND', NOT_FOUND);
    // The policy cannot see the body: a PUT that changes the status is an inactivation or a reactivation.
    if (
      role &&
      body.status !== undefined &&
      body.status !== before.status &&
      !canRole(PATIENT_STATUS_ROLES, role)
    )
      throw new AppError('FORBIDDEN', 'Su rol no puede inactivar ni reactivar pacientes');
    const values = await settle(tx, tz, toValues(body), before, id);
    const after = (await repo.update(tx, id, values))!;
    await audit(tx, actor, before, after);
    await deps.events.publish(tx, PATIENTS_CHANNEL, 'patient.updated', { id });
    return detail(tx, tz, id);
  });
}

async function audit(tx: Tx, actor: Actor, before: repo.PatientRow, after: repo.PatientRow) {
  const action =
    before.status !== after.status ? (after.status === 'Activo' ? 'reactivate' : 'inactivate') : 'update';
  await writeAudit(tx, actor, {
    table: 'patients',
    recordId: after.id,
    action,
    oldValues: auditView(before),
    newValues: auditView(after),
  });
}

/** DELETE without ?hard: the patient stays, as Inactivo, and can be reactivated. */
export async function inactivatePatient(deps: AppDeps, actor: Actor, id: number): Promise<PatientDto> {
  const tz = deps.config.orgTimezone;
  return deps.db.transaction(async (tx) => {
    const before = await repo.findByIdForUpdate(tx, id);
    if (!before) throw new AppError('NOT_FOUND', NOT_FOUND);
    if (before.status !== 'Inactivo') {
      const after = (await repo.update(tx, id, { status: 'Inactivo' }))!;
      await audit(tx, actor, before, after);
      await deps.events.publish(tx, PATIENTS_CHANNEL, 'patient.updated', { id });
    }
    return detail(tx, tz, id);
  });
}

/**
 * Permanent deletion with every dependent row (ON DELETE CASCADE), administrators and supervisors only. The
 * audit keeps who deleted which id and how many rows went with it; the personal data goes, also from the
 * earlier audit rows of those records.
 */
export async function deletePatientPermanently(
  deps: AppDeps,
  actor: Actor,
  role: Role,
  id: number,
): Promise<void> {
  if (!MANAGER_ROLES.includes(role)) {
    throw new AppError(
      'FORBIDDEN',
      'Solo un administrador o supervisor puede eliminar pacientes permanentemente',
    );
  }
  await deps.db.transaction(async (tx) => {
    if (!(await repo.findByIdForUpdate(tx, id))) throw new AppError('NOT_FOUND', NOT_FOUND);
    const dependents = await repo.dependentIds(tx, id);
    await repo.remove(tx, id);
    await repo.redactAudit(tx, { patients: [id], ...dependents });
    await writeAudit(tx, actor, {
      table: 'patients',
      recordId: id,
      action: 'hard_delete',
      newValues: {
        deleted_rows: {
          pregnancies: dependents.pregnancies.length,
          prenatal_controls: dependents.prenatal_controls.length,
          patient_documents: dependents.patient_documents.length,
        },
      },
    });
    await deps.events.publish(tx, PATIENTS_CHANNEL, 'patient.deleted', { id });
  });
}
