import { AppError } from '@ips/shared/errors';
import { localDate, startOfLocalDay } from '@ips/shared/format';
import { addDays } from '@ips/shared/scheduling/calendar-days';
import {
  BILLING_EVENTS,
  BILLING_LIMITS,
  BILLING_MESSAGES as M,
  BILLING_STATUSES,
  BILLING_STATUS_LABELS,
  type BillingAuditEvent,
  type BillingEventPayload,
  type BillingFilters,
  type BillingMetrics,
  type BillingRecord,
  type BillingStatus,
  type BillingSummaryItem,
  type ExportBillingQuery,
  type ListBillingQuery,
  type SummaryBillingQuery,
} from '@ips/shared/schemas/billing';
import type { Executor } from '../../db/client';
import { writeAudit } from '../../lib/audit';
import type { Actor, AppDeps } from '../../lib/context';
import { csvStream, eachRow, esDateTime, esNumber } from '../../lib/csv-stream';
import * as repo from './repo';

export const BILLING_CHANNEL = 'billing';

export function toRecordDto(r: repo.BillingRow): BillingRecord {
  return {
    id: r.id,
    appointment_id: r.appointmentId,
    created_at: r.createdAt.toISOString(),
    service_id: r.serviceId,
    service_name: r.serviceName,
    doctor_id: r.doctorId,
    doctor_name: r.doctorName,
    base_price: r.basePrice,
    doctor_price: r.doctorPrice,
    final_price: r.finalPrice,
    currency: r.currency,
    status: r.status,
  };
}

const auditValues = (r: repo.BillingRow) => ({
  appointment_id: r.appointmentId,
  service_id: r.serviceId,
  doctor_id: r.doctorId,
  base_price: r.basePrice,
  doctor_price: r.doctorPrice,
  final_price: r.finalPrice,
  currency: r.currency,
  status: r.status,
});

const eventOf = (r: repo.BillingRow, old?: BillingStatus): BillingEventPayload => ({
  id: r.id,
  appointment_id: r.appointmentId,
  status: r.status,
  ...(old ? { old_status: old } : {}),
});

/**
 * The billing record of an appointment that has just become Completada, in that change's transaction
 * (decision 031): audited and announced with it. Nothing when the appointment already has its record.
 */
export async function createForCompletedAppointment(
  tx: Executor,
  deps: AppDeps,
  actor: Actor,
  appointmentId: number,
): Promise<void> {
  const row = await repo.insertForAppointment(tx, appointmentId);
  if (!row) return;
  await writeAudit(tx, actor, {
    table: 'appointment_billing',
    recordId: row.id,
    action: 'create',
    newValues: auditValues(row),
  });
  await deps.events.publish(tx, BILLING_CHANNEL, BILLING_EVENTS.created, eventOf(row));
}

/** Spec §4: an admin or supervisor moves a record to any of the other three statuses; each change is audited. */
export async function updateStatus(deps: AppDeps, actor: Actor, id: number, status: BillingStatus) {
  return deps.db.transaction(async (tx) => {
    const before = await repo.findByIdForUpdate(tx, id);
    if (!before) throw new AppError('NOT_FOUND', M.notFound);
    if (before.status === status) throw new AppError('CONFLICT', M.sameStatus(BILLING_STATUS_LABELS[status]));
    const after = await repo.updateStatus(tx, id, status);
    await repo.insertAudit(tx, {
      billingId: id,
      oldStatus: before.status,
      newStatus: status,
      userId: actor.userId,
    });
    await writeAudit(tx, actor, {
      table: 'appointment_billing',
      recordId: id,
      action: 'status',
      oldValues: { status: before.status },
      newValues: { status },
    });
    await deps.events.publish(
      tx,
      BILLING_CHANNEL,
      BILLING_EVENTS.statusUpdated,
      eventOf(after, before.status),
    );
    return toRecordDto(after);
  });
}

/**
 * The filters as instants: `from`/`to` are local days of the organisation, both included; without them the
 * spec's default range, the last 7 days (today included).
 */
export function resolveWhere(tz: string, f: BillingFilters, now = new Date()): repo.Where {
  const to = f.to ?? (f.from && f.from > localDate(now, tz) ? f.from : localDate(now, tz));
  const from = f.from ?? addDays(to, 1 - BILLING_LIMITS.defaultRangeDays);
  return {
    from: startOfLocalDay(from, tz),
    to: startOfLocalDay(addDays(to, 1), tz),
    status: f.status,
    doctorId: f.doctor_id,
    serviceId: f.service_id,
    q: f.q,
  };
}

export async function listBilling(deps: AppDeps, q: ListBillingQuery) {
  const w = resolveWhere(deps.config.orgTimezone, q);
  const { rows, total } = await repo.list(deps.db, w, q);
  return { data: rows.map(toRecordDto), total, limit: q.limit, offset: q.offset };
}

/** Totals leave cancelled records out unless the filter asks for them (a cancelled bill is no income). */
export async function summarize(deps: AppDeps, q: SummaryBillingQuery): Promise<BillingSummaryItem[]> {
  const tz = deps.config.orgTimezone;
  const w = { ...resolveWhere(tz, q), billableOnly: true };
  const rows = await repo.summary(deps.db, w, q.group, tz);
  return rows.map((r) => ({
    label: q.group === 'service' && r.serviceName === null ? M.noService : r.label,
    doctor_name: r.doctorName,
    service_name: r.serviceName,
    count_bills: r.countBills,
    total_final: r.totalFinal,
    total_base: r.totalBase,
    total_doctor_override: r.totalDoctorOverride,
  }));
}

export async function metrics(deps: AppDeps, q: BillingFilters): Promise<BillingMetrics> {
  const w = { ...resolveWhere(deps.config.orgTimezone, q), billableOnly: true };
  const m = await repo.metrics(deps.db, w, BILLING_LIMITS.topServices);
  return {
    avg_ticket: m.count ? Math.round((m.totalFinal / m.count) * 100) / 100 : 0,
    total_count: m.count,
    total_final: m.totalFinal,
    total_base: m.totalBase,
    top_services: m.top.map((t) => ({
      service_id: t.serviceId,
      service_name: t.serviceName ?? M.noService,
      count: t.count,
      total: t.total,
    })),
  };
}

/** Count and income per status over the filters' range, every status present (0 where none). */
export async function revenueByStatus(deps: AppDeps, q: BillingFilters) {
  const rows = await repo.byStatus(deps.db, resolveWhere(deps.config.orgTimezone, q));
  return BILLING_STATUSES.map((status) => {
    const r = rows.find((x) => x.status === status);
    return { status, label: BILLING_STATUS_LABELS[status], count: r?.count ?? 0, total: r?.total ?? 0 };
  });
}

export async function getAudit(deps: AppDeps, id: number): Promise<BillingAuditEvent[]> {
  if (!(await repo.findById(deps.db, id))) throw new AppError('NOT_FOUND', M.notFound);
  return (await repo.listAudit(deps.db, id)).map((a) => ({
    id: a.id,
    created_at: a.createdAt.toISOString(),
    old_status: a.oldStatus,
    new_status: a.newStatus,
    changed_by_user_id: a.userId,
    changed_by_name: a.userName,
  }));
}

const EXPORT_PAGE = 2000;
const money = (n: number | null, currency: string) => esNumber(n, currency === 'COP' ? 0 : 2);

/** Every record of the filters, oldest first, read page by page (keyset) while the client downloads. */
export function exportCsv(deps: AppDeps, q: ExportBillingQuery) {
  const tz = deps.config.orgTimezone;
  const w = resolveWhere(tz, q);
  async function* pages() {
    let after: { at: string; id: number } | null = null;
    for (;;) {
      const page = await repo.exportPage(deps.db, w, after, EXPORT_PAGE);
      if (page.rows.length) yield page.rows;
      if (page.rows.length < EXPORT_PAGE || !page.last) return;
      after = page.last;
    }
  }
  return csvStream(
    ['ID', 'Fecha', 'Cita', 'Servicio', 'Doctor', 'Base', 'Override', 'Final', 'Moneda', 'Estado'],
    eachRow(pages()),
    (r) => [
      r.id,
      esDateTime(r.createdAt, tz),
      r.appointmentId,
      r.serviceName ?? M.noService,
      r.doctorName,
      money(r.basePrice, r.currency),
      money(r.doctorPrice, r.currency),
      money(r.finalPrice, r.currency),
      r.currency,
      BILLING_STATUS_LABELS[r.status],
    ],
  );
}

export async function exportAuditCsv(deps: AppDeps, id: number) {
  const events = await getAudit(deps, id);
  const tz = deps.config.orgTimezone;
  async function* rows() {
    yield* events;
  }
  const label = (s: string) => BILLING_STATUS_LABELS[s as BillingStatus] ?? s;
  return csvStream(
    ['ID', 'Fecha', 'Estado anterior', 'Estado nuevo', 'Usuario', 'Nombre del usuario'],
    rows(),
    (e) => [
      e.id,
      esDateTime(e.created_at, tz),
      label(e.old_status),
      label(e.new_status),
      e.changed_by_user_id,
      e.changed_by_name,
    ],
  );
}
