import { AppError } from '@ips/shared/errors';
import type { CreateZoneBody, UpdateZoneBody, ZoneDto } from '@ips/shared/schemas/resources-zones';
import type { Db } from '../../db/client';
import type { Actor } from '../../lib/context';
import { writeAudit } from '../../lib/audit';
import { registerConstraintMessage } from '../../plugins/errors';
import { removeOrExplain } from '../master-data';
import * as repo from './repo';

registerConstraintMessage('zones_name_key', 'CONFLICT', 'Ya existe una zona con ese nombre');

const NOT_FOUND = 'Zona no encontrada';

export function toDto(z: repo.ZoneRow): ZoneDto {
  return {
    id: z.id,
    name: z.name,
    description: z.description,
    municipalities_count: z.municipalitiesCount,
    created_at: z.createdAt.toISOString(),
  };
}

const auditView = (z: repo.ZoneRow) => ({ id: z.id, name: z.name, description: z.description });

export async function listZones(db: Db) {
  return (await repo.list(db)).map(toDto);
}

export async function getZone(db: Db, id: number) {
  const z = await repo.findById(db, id);
  if (!z) throw new AppError('NOT_FOUND', NOT_FOUND);
  return toDto(z);
}

export async function createZone(db: Db, actor: Actor, body: CreateZoneBody) {
  return db.transaction(async (tx) => {
    const id = await repo.insert(tx, { name: body.name, description: body.description ?? null });
    const after = (await repo.findById(tx, id))!;
    await writeAudit(tx, actor, {
      table: 'zones',
      recordId: id,
      action: 'create',
      newValues: auditView(after),
    });
    return toDto(after);
  });
}

export async function updateZone(db: Db, actor: Actor, id: number, body: UpdateZoneBody) {
  return db.transaction(async (tx) => {
    if (!(await repo.lockById(tx, id))) throw new AppError('NOT_FOUND', NOT_FOUND);
    const before = (await repo.findById(tx, id))!;
    await repo.update(tx, id, {
      ...(body.name !== undefined && { name: body.name }),
      ...(body.description !== undefined && { description: body.description }),
    });
    const after = (await repo.findById(tx, id))!;
    await writeAudit(tx, actor, {
      table: 'zones',
      recordId: id,
      action: 'update',
      oldValues: auditView(before),
      newValues: auditView(after),
    });
    return toDto(after);
  });
}

/**
 * A zone that still groups municipalities is kept: deleting it would silently drop them out of every
 * analytics filter. Patients do not exist yet; when the patients issue gives them a zone_id it must also
 * refuse here (its foreign key will restrict, and its count belongs in this message).
 */
export async function deleteZone(db: Db, actor: Actor, id: number) {
  await db.transaction(async (tx) => {
    if (!(await repo.lockById(tx, id))) throw new AppError('NOT_FOUND', NOT_FOUND);
    const before = (await repo.findById(tx, id))!;
    // Municipalities and patients of the zone keep it (RESTRICT): the 409 counts them.
    await removeOrExplain(
      tx,
      { table: 'zones', id, subject: 'la zona', hint: 'Reasígnelos a otra zona primero.' },
      (sp) => repo.remove(sp, id),
    );
    await writeAudit(tx, actor, {
      table: 'zones',
      recordId: id,
      action: 'delete',
      oldValues: auditView(before),
    });
  });
}
