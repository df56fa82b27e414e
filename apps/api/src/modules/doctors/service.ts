import { AppError } from '@ips/shared/errors';
import type { CreateDoctorBody, DoctorDto, UpdateDoctorBody } from '@ips/shared/schemas/resources-doctors';
import type { Db, Executor } from '../../db/client';
import type { Actor } from '../../lib/context';
import { writeAudit } from '../../lib/audit';
import { registerConstraintMessage } from '../../plugins/errors';
import { removeOrExplain } from '../master-data';
import * as repo from './repo';

registerConstraintMessage(
  'doctors_license_key',
  'CONFLICT',
  'Ya existe un doctor con ese número de registro médico',
);
registerConstraintMessage('doctors_user_key', 'CONFLICT', 'Ese usuario ya está vinculado a otro doctor');

const NOT_FOUND = 'Doctor no encontrado';

function toDto(d: repo.DoctorRow, links: Awaited<ReturnType<typeof repo.linksOf>>): DoctorDto {
  return {
    id: d.id,
    name: d.name,
    email: d.email,
    phone: d.phone,
    license_number: d.licenseNumber,
    active: d.active,
    user_id: d.userId,
    specialties: links.specs.get(d.id) ?? [],
    locations: links.locs.get(d.id) ?? [],
    created_at: d.createdAt.toISOString(),
    updated_at: d.updatedAt.toISOString(),
  };
}

async function withLinks(db: Executor, rows: repo.DoctorRow[]) {
  const links = await repo.linksOf(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => toDto(r, links));
}

async function load(db: Executor, id: number) {
  const d = await repo.findById(db, id);
  if (!d) throw new AppError('NOT_FOUND', NOT_FOUND);
  return (await withLinks(db, [d]))[0]!;
}

const auditView = (d: DoctorDto) => ({
  ...d,
  specialties: undefined,
  locations: undefined,
  specialty_ids: d.specialties.map((s) => s.id),
  location_ids: d.locations.map((l) => l.id),
});

export const listDoctors = async (db: Db, filter: repo.DoctorFilter) =>
  withLinks(db, await repo.list(db, filter));
export const getDoctor = (db: Db, id: number) => load(db, id);

/** Active doctors who practise the specialty (the agenda and assignment pickers). */
export const doctorsBySpecialty = async (db: Db, specialtyId: number) =>
  withLinks(db, await repo.list(db, { specialty_id: specialtyId, active: true }));

/** Autocomplete: the screens search from 2 characters, so shorter text answers an empty list. */
export async function searchDoctors(db: Db, q: string, limit: number) {
  if (q.length < 2) return [];
  return withLinks(db, await repo.list(db, { q, limit }));
}

async function checkSpecialties(tx: Executor, ids: number[]) {
  const found = await repo.existingSpecialtyIds(tx, ids);
  const missing = ids.filter((id) => !found.has(id));
  if (missing.length) throw invalid('specialty_ids', `Especialidad no encontrada: ${missing.join(', ')}`);
}

async function checkLocations(tx: Executor, ids: number[]) {
  const found = await repo.existingLocationIds(tx, ids);
  const missing = ids.filter((id) => !found.has(id));
  if (missing.length) throw invalid('location_ids', `Sede no encontrada: ${missing.join(', ')}`);
}

/** A doctor's account must exist and have the doctor role, so that its permissions match the person. */
async function checkUser(tx: Executor, userId: number | null | undefined) {
  if (userId == null) return;
  const role = await repo.findUserRole(tx, userId);
  if (!role) throw invalid('user_id', 'Usuario no encontrado');
  if (role !== 'doctor') throw invalid('user_id', 'El usuario vinculado debe tener el rol doctor');
}

function invalid(field: string, message: string) {
  return new AppError('VALIDATION', message, { [field]: [message] });
}

export async function createDoctor(db: Db, actor: Actor, body: CreateDoctorBody) {
  return db.transaction(async (tx) => {
    await checkSpecialties(tx, body.specialty_ids);
    if (body.location_ids) await checkLocations(tx, body.location_ids);
    await checkUser(tx, body.user_id);
    const d = await repo.insert(tx, {
      name: body.name,
      email: body.email ?? null,
      phone: body.phone ?? null,
      licenseNumber: body.license_number,
      active: body.active,
      userId: body.user_id ?? null,
    });
    await repo.replaceSpecialties(tx, d.id, body.specialty_ids);
    if (body.location_ids) await repo.replaceLocations(tx, d.id, body.location_ids);
    const after = await load(tx, d.id);
    await writeAudit(tx, actor, {
      table: 'doctors',
      recordId: d.id,
      action: 'create',
      newValues: auditView(after),
    });
    return after;
  });
}

export async function updateDoctor(db: Db, actor: Actor, id: number, body: UpdateDoctorBody) {
  return db.transaction(async (tx) => {
    if (!(await repo.findByIdForUpdate(tx, id))) throw new AppError('NOT_FOUND', NOT_FOUND);
    const before = await load(tx, id);
    if (body.specialty_ids) await checkSpecialties(tx, body.specialty_ids);
    if (body.location_ids) await checkLocations(tx, body.location_ids);
    await checkUser(tx, body.user_id);
    await repo.update(tx, id, {
      ...(body.name !== undefined && { name: body.name }),
      ...(body.email !== undefined && { email: body.email }),
      ...(body.phone !== undefined && { phone: body.phone }),
      ...(body.license_number !== undefined && { licenseNumber: body.license_number }),
      ...(body.active !== undefined && { active: body.active }),
      ...(body.user_id !== undefined && { userId: body.user_id }),
    });
    if (body.specialty_ids) await repo.replaceSpecialties(tx, id, body.specialty_ids);
    if (body.location_ids) await repo.replaceLocations(tx, id, body.location_ids);
    const after = await load(tx, id);
    await writeAudit(tx, actor, {
      table: 'doctors',
      recordId: id,
      action: 'update',
      oldValues: auditView(before),
      newValues: auditView(after),
    });
    return after;
  });
}

export async function setDoctorSpecialties(db: Db, actor: Actor, id: number, specialtyIds: number[]) {
  return (await updateDoctor(db, actor, id, { specialty_ids: specialtyIds })).specialties;
}

export async function setDoctorLocations(db: Db, actor: Actor, id: number, locationIds: number[]) {
  return (await updateDoctor(db, actor, id, { location_ids: locationIds })).locations;
}

/**
 * Agendas and appointments will reference doctors with restricting keys (their issue); until then a
 * doctor's links describe only the doctor and go with it. Deactivating keeps the history.
 */
export async function deleteDoctor(db: Db, actor: Actor, id: number) {
  await db.transaction(async (tx) => {
    if (!(await repo.findByIdForUpdate(tx, id))) throw new AppError('NOT_FOUND', NOT_FOUND);
    const before = await load(tx, id);
    // Agendas and appointments keep their doctor (RESTRICT): the 409 counts them.
    await removeOrExplain(
      tx,
      { table: 'doctors', id, subject: 'el doctor', hint: 'Puede desactivarlo.' },
      (sp) => repo.remove(sp, id),
    );
    await writeAudit(tx, actor, {
      table: 'doctors',
      recordId: id,
      action: 'delete',
      oldValues: auditView(before),
    });
  });
}
