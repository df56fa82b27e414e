import { AppError } from '@ips/shared/errors';
import type { Cie10ImportResult } from '@ips/shared/schemas/rips';
import type { Db } from '../../db/client';
import type { Actor } from '../../lib/context';
import { writeAudit } from '../../lib/audit';
import { readImportRows, refuseIfRejected, summariseImport } from '../../lib/csv-import/read-rows';
import { importCodes, planCie10Import } from './cie10-import';
import * as repo from './cie10-repo';

export async function listCie10(db: Db, q: { search?: string; page: number; limit: number }) {
  const { rows, total } = await repo.page(db, {
    search: q.search,
    limit: q.limit,
    offset: (q.page - 1) * q.limit,
  });
  return {
    items: rows,
    pagination: { total, total_pages: Math.ceil(total / q.limit), page: q.page, limit: q.limit },
  };
}

/**
 * Preview or apply a CIE-10 CSV (code,name). Apply is all or nothing: one rejected line answers 400 with every
 * rejected line and writes nothing. One audit row records what an applied import did.
 */
export async function importCie10(
  db: Db,
  actor: Actor,
  input: { csv: string | AsyncIterable<string>; mode: 'preview' | 'apply' },
): Promise<Cie10ImportResult> {
  const rows = await readImportRows(input.csv);
  if (rows.length < 2) throw new AppError('VALIDATION', 'El archivo no tiene filas de datos');
  const codes = importCodes(rows);
  return db.transaction(async (tx) => {
    const plan = await planCie10Import(rows, await repo.byCodes(tx, codes));
    const summary = summariseImport(plan.lines);
    const result: Cie10ImportResult = { mode: input.mode, applied: false, summary, lines: plan.lines };
    if (input.mode === 'preview') return result;
    refuseIfRejected(plan.lines, summary.reject);
    await repo.insertMany(
      tx,
      plan.writes.flatMap((w) => (w.kind === 'create' ? [{ code: w.code, name: w.name }] : [])),
    );
    for (const w of plan.writes) if (w.kind === 'update') await repo.rename(tx, w.before.id, w.name);
    await writeAudit(tx, actor, {
      table: 'cie10',
      recordId: 'import',
      action: 'import',
      newValues: { created: summary.create, updated: summary.update, unchanged: summary.unchanged },
    });
    return { ...result, applied: true };
  });
}
