import { AppError } from '@ips/shared/errors';
import type {
  CreateLocationBody,
  LocationDto,
  UpdateLocationBody,
} from '@ips/shared/schemas/resources-locations';
import type { Db, Executor } from '../../db/client';
import type { Actor } from '../../lib/context';
import { writeAudit } from '../../lib/audit';
import { registerConstraintMessage } from '../../plugins/errors';
import { removeOrExplain } from '../master-data';
import * as repo from './repo';

registerConstraintMessage('locations_name_key', 'CONFLICT', 'Ya existe una sede con ese nombre');
registerConstraintMessage('locations_capacity_check', 'VALIDATION', 'Capacidad inválida');

export const NOT_FOUND = 'Sede no encontrada';

function toDto(r: repo.LocationRow, specialties: { id: number; name: string }[]): LocationDto {
  return {
    id: r.id,
    name: r.name,
    location_type_id: r.locationTypeId,
    type: r.typeName,
    address: r.address,
    phone: r.phone,
    hours: r.hours,
    emergency_hours: r.emergencyHours,
    capacity: r.capacity,
    status: r.status as LocationDto['status'],
    municipality_id: r.municipalityId,
    municipality_name: r.municipalityName,
    zone_id: r.zoneId,
    zone_name: r.zoneName,
    specialties,
    created_at: r.createdAt.toISOString(),
    updated_at: r.updatedAt.toISOString(),
  };
}

async function load(db: Executor, id: number) {
  const r = await repo.findById(db, id);
  if (!r) throw new AppError('NOT_FOUND', NOT_FOUND);
  return toDto(r, (await repo.specialtiesOf(db, [id])).get(id) ?? []);
}

const auditView = (l: LocationDto) => ({
  ...l,
  specialties: undefined,
  specialty_ids: l.specialties.map((s) => s.id),
});

export async function listLocations(db: Db, filter: repo.LocationFilter) {
  const rows = await repo.list(db, filter);
  const specs = await repo.specialtiesOf(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => toDto(r, specs.get(r.id) ?? []));
}

export const getLocation = (db: Db, id: number) => load(db, id);

/** Resolves the type given as an id or as a name; undefined means "not given". */
async function resolveType(
  tx: Executor,
  body: { location_type_id?: number | null; type?: string | null },
  current: number | null,
) {
  let found: { id: number; status: string } | null;
  if (body.location_type_id !== undefined) {
    if (body.location_type_id === null) return null;
    found = await repo.findTypeById(tx, body.location_type_id);
  } else if (body.type !== undefined) {
    if (body.type === null) return null;
    found = await repo.findTypeByName(tx, body.type);
  } else {
    return undefined;
  }
  if (!found)
    throw new AppError('VALIDATION', 'Tipo de sede no encontrado', {
      location_type_id: ['Tipo de sede no encontrado'],
    });
  if (found.status !== 'active' && found.id !== current) {
    throw new AppError('VALIDATION', 'El tipo de sede seleccionado está inactivo', {
      location_type_id: ['El tipo de sede seleccionado está inactivo'],
    });
  }
  return found.id;
}

async function checkReferences(
  tx: Executor,
  body: { municipality_id?: number | null; specialty_ids?: number[] },
) {
  if (body.municipality_id != null && !(await repo.municipalityExists(tx, body.municipality_id))) {
    throw new AppError('VALIDATION', 'Municipio no encontrado', {
      municipality_id: ['Municipio no encontrado'],
    });
  }
  if (body.specialty_ids) await checkSpecialties(tx, body.specialty_ids);
}

export async function checkSpecialties(tx: Executor, ids: number[]) {
  const found = await repo.existingSpecialtyIds(tx, ids);
  const missing = ids.filter((id) => !found.has(id));
  if (missing.length) {
    const message = `Especialidad no encontrada: ${missing.join(', ')}`;
    throw new AppError('VALIDATION', message, { specialty_ids: [message] });
  }
}

export async function createLocation(db: Db, actor: Actor, body: CreateLocationBody) {
  return db.transaction(async (tx) => {
    const typeId = await resolveType(tx, body, null);
    await checkReferences(tx, body);
    const id = await repo.insert(tx, {
      name: body.name,
      locationTypeId: typeId ?? null,
      address: body.address ?? null,
      phone: body.phone ?? null,
      hours: body.hours ?? null,
      emergencyHours: body.emergency_hours ?? null,
      capacity: body.capacity ?? null,
      status: body.status,
      municipalityId: body.municipality_id ?? null,
    });
    if (body.specialty_ids?.length) await repo.replaceSpecialties(tx, id, body.specialty_ids);
    const after = await load(tx, id);
    await writeAudit(tx, actor, {
      table: 'locations',
      recordId: id,
      action: 'create',
      newValues: auditView(after),
    });
    return after;
  });
}

export async function updateLocation(db: Db, actor: Actor, id: number, body: UpdateLocationBody) {
  return db.transaction(async (tx) => {
    const locked = await repo.lockById(tx, id);
    if (!locked) throw new AppError('NOT_FOUND', NOT_FOUND);
    const before = await load(tx, id);
    const typeId = await resolveType(tx, body, locked.locationTypeId);
    await checkReferences(tx, body);
    await repo.update(tx, id, {
      ...(body.name !== undefined && { name: body.name }),
      ...(typeId !== undefined && { locationTypeId: typeId }),
      ...(body.address !== undefined && { address: body.address }),
      ...(body.phone !== undefined && { phone: body.phone }),
      ...(body.hours !== undefined && { hours: body.hours }),
      ...(body.emergency_hours !== undefined && { emergencyHours: body.emergency_hours }),
      ...(body.capacity !== undefined && { capacity: body.capacity }),
      ...(body.status !== undefined && { status: body.status }),
      ...(body.municipality_id !== undefined && { municipalityId: body.municipality_id }),
    });
    if (body.specialty_ids) await repo.replaceSpecialties(tx, id, body.specialty_ids);
    const after = await load(tx, id);
    await writeAudit(tx, actor, {
      table: 'locations',
      recordId: id,
      action: 'update',
      oldValues: auditView(before),
      newValues: auditView(after),
    });
    return after;
  });
}

export async function setLocationSpecialties(db: Db, actor: Actor, id: number, specialtyIds: number[]) {
  return db.transaction(async (tx) => {
    if (!(await repo.lockById(tx, id))) throw new AppError('NOT_FOUND', NOT_FOUND);
    const before = await load(tx, id);
    await checkSpecialties(tx, specialtyIds);
    await repo.replaceSpecialties(tx, id, specialtyIds);
    await repo.touch(tx, id);
    const after = await load(tx, id);
    await writeAudit(tx, actor, {
      table: 'locations',
      recordId: id,
      action: 'update',
      oldValues: { specialty_ids: before.specialties.map((s) => s.id) },
      newValues: { specialty_ids: after.specialties.map((s) => s.id) },
    });
    return after.specialties;
  });
}

/**
 * A location's doctor assignments, specialties and EPS authorizations describe the location and go with
 * it; the audit row keeps them. Agendas and appointments will reference locations with restricting keys
 * (their issue), so a location with history will then be refused and should be set Inactiva instead.
 */
export async function deleteLocation(db: Db, actor: Actor, id: number) {
  await db.transaction(async (tx) => {
    if (!(await repo.lockById(tx, id))) throw new AppError('NOT_FOUND', NOT_FOUND);
    const before = await load(tx, id);
    const [doctorIds, authorizationIds] = [
      await repo.doctorIdsOf(tx, id),
      await repo.authorizationIds(tx, id),
    ];
    // Agendas and appointments keep their site (RESTRICT): the 409 counts them.
    await removeOrExplain(
      tx,
      { table: 'locations', id, subject: 'la sede', hint: 'Puede inactivarla.' },
      (sp) => repo.remove(sp, id),
    );
    await writeAudit(tx, actor, {
      table: 'locations',
      recordId: id,
      action: 'delete',
      oldValues: { ...auditView(before), doctor_ids: doctorIds, eps_authorization_ids: authorizationIds },
    });
  });
}
