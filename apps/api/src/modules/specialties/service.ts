import { AppError } from '@ips/shared/errors';
import {
  specialtyInUse,
  specialtyInUseMessage,
  type CreateSpecialtyBody,
  type SpecialtyDto,
  type SpecialtyUsageDto,
  type UpdateSpecialtyBody,
} from '@ips/shared/schemas/resources-specialties';
import type { Db } from '../../db/client';
import type { Actor } from '../../lib/context';
import { writeAudit } from '../../lib/audit';
import { registerConstraintMessage } from '../../plugins/errors';
import { removeOrExplain } from '../master-data';
import * as repo from './repo';

registerConstraintMessage('specialties_default_service_fk', 'NOT_FOUND', 'Servicio no encontrado');
registerConstraintMessage('specialties_name_key', 'CONFLICT', 'Ya existe una especialidad con ese nombre');
registerConstraintMessage(
  'specialties_duration_check',
  'VALIDATION',
  'Ingresa un valor entre 10 y 480 minutos',
);
// Raised only when a doctor or location got the specialty between the usage check and the delete.
registerConstraintMessage(
  'doctor_specialties_specialty_fk',
  'CONFLICT',
  'La especialidad está asignada a doctores y no se puede eliminar',
);
registerConstraintMessage(
  'location_specialties_specialty_fk',
  'CONFLICT',
  'La especialidad está asignada a sedes y no se puede eliminar',
);

const NOT_FOUND = 'Especialidad no encontrada';

const INACTIVE_SERVICE = 'El servicio está inactivo: elija un servicio activo';

/** A specialty's default service is billed for its appointments (decision 031): it must exist and be active. */
async function checkDefaultService(tx: Db, id: number | null | undefined) {
  if (id == null) return;
  const active = await repo.serviceActive(tx, id);
  if (active === null) throw new AppError('NOT_FOUND', 'Servicio no encontrado');
  if (!active) throw new AppError('VALIDATION', INACTIVE_SERVICE, { default_service_id: [INACTIVE_SERVICE] });
}

export function toDto(s: repo.SpecialtyRow): SpecialtyDto {
  return {
    id: s.id,
    name: s.name,
    description: s.description,
    default_duration_minutes: s.defaultDurationMinutes,
    active: s.active,
    default_service_id: s.defaultServiceId ?? null,
    created_at: s.createdAt.toISOString(),
    updated_at: s.updatedAt.toISOString(),
  };
}

export async function listSpecialties(db: Db, filter: { q?: string; active?: boolean }) {
  return (await repo.list(db, filter)).map(toDto);
}

export async function getSpecialty(db: Db, id: number) {
  const s = await repo.findById(db, id);
  if (!s) throw new AppError('NOT_FOUND', NOT_FOUND);
  return toDto(s);
}

export async function getUsage(db: Db, id: number): Promise<SpecialtyUsageDto> {
  if (!(await repo.findById(db, id))) throw new AppError('NOT_FOUND', NOT_FOUND);
  return repo.usage(db, id);
}

export async function createSpecialty(db: Db, actor: Actor, body: CreateSpecialtyBody) {
  return db.transaction(async (tx) => {
    await checkDefaultService(tx, body.default_service_id);
    const s = await repo.insert(tx, {
      name: body.name,
      description: body.description ?? null,
      defaultDurationMinutes: body.default_duration_minutes,
      active: body.active,
      defaultServiceId: body.default_service_id ?? null,
    });
    await writeAudit(tx, actor, {
      table: 'specialties',
      recordId: s.id,
      action: 'create',
      newValues: toDto(s),
    });
    return toDto(s);
  });
}

export async function updateSpecialty(db: Db, actor: Actor, id: number, body: UpdateSpecialtyBody) {
  return db.transaction(async (tx) => {
    const before = await repo.findByIdForUpdate(tx, id);
    if (!before) throw new AppError('NOT_FOUND', NOT_FOUND);
    if (body.default_service_id !== before.defaultServiceId)
      await checkDefaultService(tx, body.default_service_id);
    const after = await repo.update(tx, id, {
      ...(body.name !== undefined && { name: body.name }),
      ...(body.description !== undefined && { description: body.description }),
      ...(body.default_duration_minutes !== undefined && {
        defaultDurationMinutes: body.default_duration_minutes,
      }),
      ...(body.active !== undefined && { active: body.active }),
      ...(body.default_service_id !== undefined && { defaultServiceId: body.default_service_id }),
    });
    await writeAudit(tx, actor, {
      table: 'specialties',
      recordId: id,
      action: 'update',
      oldValues: toDto(before),
      newValues: toDto(after!),
    });
    return toDto(after!);
  });
}

export async function deleteSpecialty(db: Db, actor: Actor, id: number) {
  await db.transaction(async (tx) => {
    const before = await repo.findByIdForUpdate(tx, id);
    if (!before) throw new AppError('NOT_FOUND', NOT_FOUND);
    // The row lock makes a new doctor, site or queue entry of the specialty wait for this transaction.
    const usage = await repo.usage(tx, id);
    if (specialtyInUse(usage)) throw new AppError('CONFLICT', specialtyInUseMessage(usage));
    // EPS authorizations of the specialty go with it (FK cascade); the audit keeps which ones.
    const authorizationIds = await repo.authorizationIds(tx, id);
    // Agendas, appointments and past queue entries keep it (ON DELETE RESTRICT): its history, counted in the 409.
    await removeOrExplain(
      tx,
      { table: 'specialties', id, subject: 'la especialidad', hint: 'Desactívela para dejar de ofrecerla.' },
      (sp) => repo.remove(sp, id),
    );
    await writeAudit(tx, actor, {
      table: 'specialties',
      recordId: id,
      action: 'delete',
      oldValues: { ...toDto(before), eps_authorization_ids: authorizationIds },
    });
  });
}
