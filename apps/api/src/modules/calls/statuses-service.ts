import { AppError } from '@ips/shared/errors';
import {
  CALL_STATUS_CATALOG_MESSAGES as M,
  type CallStatusCatalogBody,
  type CallStatusCatalogUpdate,
} from '@ips/shared/schemas/calls';
import { writeAudit } from '../../lib/audit';
import type { Actor, AppDeps } from '../../lib/context';
import * as repo from './statuses-repo';

/*
 * The clinic's catalogue of call-log statuses (spec §3 "Call status", §7). Names are unique regardless of case
 * (unique index; the 23505 maps to 409). A status a call log uses cannot be deleted: the log row is locked
 * against it by the foreign key (ON DELETE RESTRICT) as well as by the check here, which gives the message.
 */

export const listCallStatuses = (deps: AppDeps, activeOnly: boolean) => repo.list(deps.db, activeOnly);

export function createCallStatus(deps: AppDeps, actor: Actor, body: CallStatusCatalogBody) {
  return deps.db.transaction(async (tx) => {
    const row = await repo.insert(tx, body);
    await writeAudit(tx, actor, {
      table: 'call_statuses',
      recordId: row.id,
      action: 'create',
      newValues: repo.auditView(row),
    });
    return (await repo.findDto(tx, row.id))!;
  });
}

export function updateCallStatus(deps: AppDeps, actor: Actor, id: number, body: CallStatusCatalogUpdate) {
  return deps.db.transaction(async (tx) => {
    const before = await repo.findForUpdate(tx, id);
    if (!before) throw new AppError('NOT_FOUND', M.notFound);
    const after = await repo.update(tx, id, body);
    await writeAudit(tx, actor, {
      table: 'call_statuses',
      recordId: id,
      action: 'update',
      oldValues: repo.auditView(before),
      newValues: repo.auditView(after),
    });
    return (await repo.findDto(tx, id))!;
  });
}

export function deleteCallStatus(deps: AppDeps, actor: Actor, id: number) {
  return deps.db.transaction(async (tx) => {
    const before = await repo.findForUpdate(tx, id);
    if (!before) throw new AppError('NOT_FOUND', M.notFound);
    const used = await repo.countUsage(tx, id);
    if (used > 0) throw new AppError('CONFLICT', M.inUse(used));
    await repo.remove(tx, id);
    await writeAudit(tx, actor, {
      table: 'call_statuses',
      recordId: id,
      action: 'delete',
      oldValues: repo.auditView(before),
    });
  });
}
