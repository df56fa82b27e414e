import { AppError } from '@ips/shared/errors';
import type {
  CreateLocationTypeBody,
  LocationTypeDto,
  UpdateLocationTypeBody,
} from '@ips/shared/schemas/resources-location-types';
import type { Db } from '../../db/client';
import type { Actor } from '../../lib/context';
import { writeAudit } from '../../lib/audit';
import { registerConstraintMessage } from '../../plugins/errors';
import { removeOrExplain } from '../master-data';
import * as repo from './repo';

registerConstraintMessage('location_types_name_key', 'CONFLICT', 'Ya existe un tipo de sede con ese nombre');
registerConstraintMessage(
  'locations_location_type_fk',
  'CONFLICT',
  'El tipo de sede está asignado a sedes y no se puede eliminar',
);

const NOT_FOUND = 'Tipo de sede no encontrado';

export function toDto(r: repo.LocationTypeRow): LocationTypeDto {
  return {
    id: r.id,
    name: r.name,
    status: r.status as LocationTypeDto['status'],
    locations_count: r.locationsCount,
    created_at: r.createdAt.toISOString(),
    updated_at: r.updatedAt.toISOString(),
  };
}

const auditView = (r: repo.LocationTypeRow) => ({ id: r.id, name: r.name, status: r.status });

export async function listLocationTypes(db: Db, filter: { q?: string; status?: string }) {
  return (await repo.list(db, filter)).map(toDto);
}

export async function getLocationType(db: Db, id: number) {
  const r = await repo.findById(db, id);
  if (!r) throw new AppError('NOT_FOUND', NOT_FOUND);
  return toDto(r);
}

export async function createLocationType(db: Db, actor: Actor, body: CreateLocationTypeBody) {
  return db.transaction(async (tx) => {
    const id = await repo.insert(tx, { name: body.name, status: body.status });
    const after = (await repo.findById(tx, id))!;
    await writeAudit(tx, actor, {
      table: 'location_types',
      recordId: id,
      action: 'create',
      newValues: auditView(after),
    });
    return toDto(after);
  });
}

export async function updateLocationType(db: Db, actor: Actor, id: number, body: UpdateLocationTypeBody) {
  return db.transaction(async (tx) => {
    if (!(await repo.lockById(tx, id))) throw new AppError('NOT_FOUND', NOT_FOUND);
    const before = (await repo.findById(tx, id))!;
    await repo.update(tx, id, {
      ...(body.name !== undefined && { name: body.name }),
      ...(body.status !== undefined && { status: body.status }),
    });
    const after = (await repo.findById(tx, id))!;
    await writeAudit(tx, actor, {
      table: 'location_types',
      recordId: id,
      action: 'update',
      oldValues: auditView(before),
      newValues: auditView(after),
    });
    return toDto(after);
  });
}

export async function deleteLocationType(db: Db, actor: Actor, id: number) {
  await db.transaction(async (tx) => {
    if (!(await repo.lockById(tx, id))) throw new AppError('NOT_FOUND', NOT_FOUND);
    const before = (await repo.findById(tx, id))!;
    await removeOrExplain(
      tx,
      { table: 'location_types', id, subject: 'el tipo de sede', hint: 'Puede desactivarlo.' },
      (sp) => repo.remove(sp, id),
    );
    await writeAudit(tx, actor, {
      table: 'location_types',
      recordId: id,
      action: 'delete',
      oldValues: auditView(before),
    });
  });
}
