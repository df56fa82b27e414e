import { AppError } from '@ips/shared/errors';
import {
  CUPS_MESSAGES,
  type CreateCupsBody,
  type CupsDto,
  type CupsImportBody,
  type CupsImportResult,
  type UpdateCupsBody,
} from '@ips/shared/schemas/resources-cups';
import type { Db } from '../../db/client';
import type { Actor } from '../../lib/context';
import { writeAudit } from '../../lib/audit';
import { registerConstraintMessage } from '../../plugins/errors';
import { importCodes, planImport } from './import';
import { readImportRows, refuseIfRejected, summariseImport } from '../../lib/csv-import/read-rows';
import { removeOrExplain } from '../master-data';
import * as repo from './repo';

registerConstraintMessage('cups_code_key', 'CONFLICT', 'Ya existe un procedimiento con ese código CUPS');
registerConstraintMessage('cups_code_check', 'VALIDATION', CUPS_MESSAGES.codeFormat);
registerConstraintMessage('cups_price_check', 'VALIDATION', CUPS_MESSAGES.price);

const NOT_FOUND = 'Código CUPS no encontrado';

export function toDto(c: repo.CupsRow): CupsDto {
  return {
    id: c.id,
    code: c.code,
    name: c.name,
    description: c.description,
    category: c.category,
    price: c.price,
    requires_authorization: c.requiresAuthorization ? 1 : 0,
    status: c.status as CupsDto['status'],
    created_at: c.createdAt.toISOString(),
    updated_at: c.updatedAt.toISOString(),
  };
}

export async function listCups(db: Db, q: repo.CupsFilter & { page: number; limit: number }) {
  const { rows, total } = await repo.page(db, q, q.limit, (q.page - 1) * q.limit);
  return {
    cups: rows.map(toDto),
    pagination: { total, total_pages: Math.ceil(total / q.limit), page: q.page, limit: q.limit },
  };
}

export const listCategories = (db: Db) => repo.categories(db);

export async function cupsStats(db: Db) {
  const { totals, byCategory } = await repo.stats(db);
  return {
    total: totals.total,
    active: totals.active,
    inactive: totals.total - totals.active,
    requires_authorization: totals.requiresAuthorization,
    categories: byCategory.filter((c) => c.category !== null).length,
    by_category: byCategory,
    price: {
      min: Number(totals.minPrice ?? 0),
      max: Number(totals.maxPrice ?? 0),
      avg: Number(totals.avgPrice ?? 0),
    },
  };
}

export async function getCups(db: Db, id: number) {
  const c = await repo.findById(db, id);
  if (!c) throw new AppError('NOT_FOUND', NOT_FOUND);
  return toDto(c);
}

export async function createCups(db: Db, actor: Actor, body: CreateCupsBody) {
  return db.transaction(async (tx) => {
    const c = await repo.insert(tx, {
      code: body.code,
      name: body.name,
      description: body.description ?? null,
      category: body.category ?? null,
      price: body.price,
      requiresAuthorization: body.requires_authorization,
      status: body.status,
    });
    await writeAudit(tx, actor, { table: 'cups', recordId: c.id, action: 'create', newValues: toDto(c) });
    return toDto(c);
  });
}

export async function updateCups(db: Db, actor: Actor, id: number, body: UpdateCupsBody) {
  return db.transaction(async (tx) => {
    const before = await repo.findByIdForUpdate(tx, id);
    if (!before) throw new AppError('NOT_FOUND', NOT_FOUND);
    if (body.code !== undefined && body.code.trim().toUpperCase() !== before.code) {
      throw new AppError('VALIDATION', CUPS_MESSAGES.codeLocked, { code: [CUPS_MESSAGES.codeLocked] });
    }
    const after = await repo.update(tx, id, {
      ...(body.name !== undefined && { name: body.name }),
      ...(body.description !== undefined && { description: body.description }),
      ...(body.category !== undefined && { category: body.category }),
      ...(body.price !== undefined && { price: body.price }),
      ...(body.requires_authorization !== undefined && {
        requiresAuthorization: body.requires_authorization,
      }),
      ...(body.status !== undefined && { status: body.status }),
    });
    await writeAudit(tx, actor, {
      table: 'cups',
      recordId: id,
      action: 'update',
      oldValues: toDto(before),
      newValues: toDto(after),
    });
    return toDto(after);
  });
}

/** Nothing references CUPS yet; the waiting-list issue (cups_id) adds a restricting key and its 409 here. */
export async function deleteCups(db: Db, actor: Actor, id: number) {
  await db.transaction(async (tx) => {
    const before = await repo.findByIdForUpdate(tx, id);
    if (!before) throw new AppError('NOT_FOUND', NOT_FOUND);
    await removeOrExplain(
      tx,
      { table: 'cups', id, subject: 'el código CUPS', hint: 'Puede inactivarlo.' },
      (sp) => repo.remove(sp, id),
    );
    await writeAudit(tx, actor, { table: 'cups', recordId: id, action: 'delete', oldValues: toDto(before) });
  });
}

/**
 * Preview or apply a CSV of codes. Apply is all or nothing: one rejected line answers 400 with every
 * rejected line in `errors` and writes nothing. The plan is made inside the transaction that applies it.
 * `csv` is the text of a JSON body or the chunks of a text/csv upload, read as they come (read-rows.ts).
 */
export async function importCups(
  db: Db,
  actor: Actor,
  input: { csv: string | AsyncIterable<string>; mode: CupsImportBody['mode'] },
): Promise<CupsImportResult> {
  const rows = await readImportRows(input.csv);
  if (rows.length < 2) throw new AppError('VALIDATION', 'El archivo no tiene filas de datos');
  const codes = importCodes(rows);
  const body = { mode: input.mode };

  return db.transaction(async (tx) => {
    const plan = await planImport(rows, await repo.byCodes(tx, codes));
    const summary = summariseImport(plan.lines);
    const result: CupsImportResult = { mode: body.mode, applied: false, summary, lines: plan.lines };
    if (body.mode === 'preview') return result;

    refuseIfRejected(plan.lines, summary.reject);
    const creates = plan.writes.flatMap((w) => (w.kind === 'create' ? [w.values] : []));
    for (const c of await repo.insertMany(tx, creates)) {
      await writeAudit(tx, actor, {
        table: 'cups',
        recordId: c.id,
        action: 'create',
        newValues: { ...toDto(c), source: 'import' },
      });
    }
    for (const w of plan.writes) {
      if (w.kind !== 'update') continue;
      const after = await repo.update(tx, w.before.id, w.values);
      await writeAudit(tx, actor, {
        table: 'cups',
        recordId: after.id,
        action: 'update',
        oldValues: toDto(w.before),
        newValues: { ...toDto(after), source: 'import' },
      });
    }
    return { ...result, applied: true };
  });
}
