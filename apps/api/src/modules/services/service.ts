import { AppError } from '@ips/shared/errors';
import type {
  CreateServiceBody,
  ServiceDto,
  UpdateServiceBody,
} from '@ips/shared/schemas/resources-services';
import type { Db } from '../../db/client';
import type { Actor } from '../../lib/context';
import { writeAudit } from '../../lib/audit';
import { removeOrExplain } from '../master-data';
import * as repo from './repo';

const NOT_FOUND = 'Servicio no encontrado';

export function toDto(s: repo.ServiceRow): ServiceDto {
  return {
    id: s.id,
    name: s.name,
    description: s.description,
    base_price: s.basePrice,
    currency: s.currency as ServiceDto['currency'],
    category: s.category as ServiceDto['category'],
    active: s.active,
    created_at: s.createdAt.toISOString(),
    updated_at: s.updatedAt.toISOString(),
  };
}

export async function listServices(db: Db, filter: { q?: string; active?: boolean; category?: string }) {
  return (await repo.list(db, filter)).map(toDto);
}

export async function getService(db: Db, id: number) {
  const s = await repo.findById(db, id);
  if (!s) throw new AppError('NOT_FOUND', NOT_FOUND);
  return toDto(s);
}

/** Autocomplete of active services: the screens search from 2 characters. */
export async function searchServices(db: Db, q: string, limit: number) {
  if (q.length < 2) return [];
  return (await repo.list(db, { q, active: true, limit })).map(toDto);
}

export async function createService(db: Db, actor: Actor, body: CreateServiceBody) {
  return db.transaction(async (tx) => {
    const s = await repo.insert(tx, {
      name: body.name,
      description: body.description ?? null,
      basePrice: body.base_price,
      currency: body.currency,
      category: body.category,
      active: body.active,
    });
    await writeAudit(tx, actor, { table: 'services', recordId: s.id, action: 'create', newValues: toDto(s) });
    return toDto(s);
  });
}

export async function updateService(db: Db, actor: Actor, id: number, body: UpdateServiceBody) {
  return db.transaction(async (tx) => {
    const before = await repo.findByIdForUpdate(tx, id);
    if (!before) throw new AppError('NOT_FOUND', NOT_FOUND);
    const after = await repo.update(tx, id, {
      ...(body.name !== undefined && { name: body.name }),
      ...(body.description !== undefined && { description: body.description }),
      ...(body.base_price !== undefined && { basePrice: body.base_price }),
      ...(body.currency !== undefined && { currency: body.currency }),
      ...(body.category !== undefined && { category: body.category }),
      ...(body.active !== undefined && { active: body.active }),
    });
    await writeAudit(tx, actor, {
      table: 'services',
      recordId: id,
      action: 'update',
      oldValues: toDto(before),
      newValues: toDto(after),
    });
    return toDto(after);
  });
}

/**
 * Appointments and billing records keep their service with ON DELETE SET NULL; any restricting key (one added
 * later) refusing the delete answers 409 with what uses the service (master-data, decision 043).
 */
export async function deleteService(db: Db, actor: Actor, id: number) {
  await db.transaction(async (tx) => {
    const before = await repo.findByIdForUpdate(tx, id);
    if (!before) throw new AppError('NOT_FOUND', NOT_FOUND);
    await removeOrExplain(
      tx,
      { table: 'services', id, subject: 'el servicio', hint: 'Puede desactivarlo.' },
      (sp) => repo.remove(sp, id),
    );
    await writeAudit(tx, actor, {
      table: 'services',
      recordId: id,
      action: 'delete',
      oldValues: toDto(before),
    });
  });
}
