import { AppError } from '@ips/shared/errors';
import { localDate, localDateTime, startOfLocalDay } from '@ips/shared/format';
import { addDays } from '@ips/shared/scheduling/calendar-days';
import {
  AUDIT_MAX_OFFSET,
  auditActionLabel,
  auditTableLabel,
  type AuditDetailDto,
  type AuditEntryDto,
  type AuditExportQuery,
  type AuditQuery,
  type AuditSummaryDto,
} from '@ips/shared/schemas/audit';
import type { AppDeps } from '../../lib/context';
import { csvStream, esDateTime } from '../../lib/csv-stream';
import * as repo from './repo';
import { summaryCounts } from './summary-repo';

type Filters = Omit<AuditExportQuery, 'token'>;

/** The query's filters as instants: from and to are local days of the organisation, both included. */
function filterOf(q: Filters, tz: string): repo.AuditFilter {
  return {
    tableName: q.table_name,
    recordId: q.record_id,
    userId: q.user_id,
    action: q.action,
    from: q.from ? startOfLocalDay(q.from, tz) : undefined,
    to: q.to ? startOfLocalDay(addDays(q.to, 1), tz) : undefined,
  };
}

function toDto(r: repo.AuditEntryRow, tz: string): AuditEntryDto {
  return {
    id: r.id,
    table_name: r.tableName,
    record_id: r.recordId,
    action: r.action,
    user_id: r.userId,
    user_name: r.userName,
    user_email: r.userEmail,
    user_role: r.userRole,
    request_id: r.requestId,
    created_at: localDateTime(r.createdAt, tz),
  };
}

/** GET /audit: one page, newest first; the total is counted up to AUDIT_COUNT_CAP (`exact` says if it was). */
export async function listAudit(deps: AppDeps, q: AuditQuery) {
  const offset = (q.page - 1) * q.limit;
  if (offset >= AUDIT_MAX_OFFSET)
    throw new AppError(
      'VALIDATION',
      `Solo se pueden consultar los primeros ${AUDIT_MAX_OFFSET.toLocaleString('es-CO')} registros: afine los filtros o exporte a CSV`,
    );
  const tz = deps.config.orgTimezone;
  const { rows, total, exact } = await repo.listPage(deps.db, filterOf(q, tz), q.limit, offset);
  return { data: rows.map((r) => toDto(r, tz)), total, exact, page: q.page, limit: q.limit };
}

export async function getAudit(deps: AppDeps, id: number): Promise<AuditDetailDto> {
  const row = await repo.findById(deps.db, id);
  if (!row) throw new AppError('NOT_FOUND', 'Registro de auditoría no encontrado');
  return {
    ...toDto(row, deps.config.orgTimezone),
    old_values: row.oldValues ?? null,
    new_values: row.newValues ?? null,
  };
}

/** GET /audit/summary: the last `days` local days, today included, per table, action and user. */
export async function auditSummary(deps: AppDeps, days: number): Promise<AuditSummaryDto> {
  const tz = deps.config.orgTimezone;
  const to = localDate(new Date(), tz);
  const from = addDays(to, -(days - 1));
  const counts = await summaryCounts(deps.db, tz, from);
  const of = (d: string) => counts.filter((c) => c.dimension === d);
  const byTable = of('table').map((c) => ({ table_name: c.key, count: c.n }));
  return {
    days,
    from,
    to,
    total: byTable.reduce((n, c) => n + c.count, 0),
    by_table: byTable,
    by_action: of('action').map((c) => ({ action: c.key, count: c.n })),
    by_user: of('user').map((c) => ({
      user_id: c.key ? Number(c.key) : null,
      user_name: c.user_name,
      user_role: c.user_role,
      count: c.n,
    })),
  };
}

export const EXPORT_HEADER = [
  'ID',
  'Fecha',
  'Usuario',
  'Correo',
  'Tabla',
  'Registro',
  'Acción',
  'Valores anteriores',
  'Valores nuevos',
  'Solicitud',
] as const;

/** GET /audit/export.csv: every match of the filters, newest first, streamed (decision 029). */
export function exportAudit(deps: AppDeps, q: Filters) {
  const tz = deps.config.orgTimezone;
  const rows = repo.exportRows(deps.db, filterOf(q, tz));
  const stream = csvStream(EXPORT_HEADER, rows, (r) => [
    r.id,
    esDateTime(r.created_at, tz, true),
    r.user_name ?? (r.user_id === null ? 'Sistema' : `Usuario #${r.user_id}`),
    r.user_email,
    auditTableLabel(r.table_name),
    r.record_id,
    auditActionLabel(r.action),
    r.old_values,
    r.new_values,
    r.request_id,
  ]);
  return { stream, filename: `auditoria-${localDate(new Date(), tz)}.csv` };
}
