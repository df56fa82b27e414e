import { sql, type SQL } from 'drizzle-orm';
import type { BillingSort, BillingStatus } from '@ips/shared/schemas/billing';
import type { Executor } from '../../db/client';

/** SQL of billing (tables of migration 0023). Money comes back from numeric as text and leaves as a number. */

export interface BillingRow {
  id: number;
  appointmentId: number | null;
  createdAt: Date;
  serviceId: number | null;
  serviceName: string | null;
  doctorId: number | null;
  doctorName: string;
  basePrice: number;
  doctorPrice: number | null;
  finalPrice: number;
  currency: string;
  status: BillingStatus;
}

const num = (v: unknown) => (v === null || v === undefined ? 0 : Number(v));
const numOrNull = (v: unknown) => (v === null || v === undefined ? null : Number(v));
const date = (v: unknown) => (v instanceof Date ? v : new Date(String(v)));

type Raw = Record<string, unknown>;
function toRow(r: Raw): BillingRow {
  return {
    id: Number(r.id),
    appointmentId: numOrNull(r.appointment_id),
    createdAt: date(r.created_at),
    serviceId: numOrNull(r.service_id),
    serviceName: (r.service_name as string | null) ?? null,
    doctorId: numOrNull(r.doctor_id),
    doctorName: String(r.doctor_name),
    basePrice: num(r.base_price),
    doctorPrice: numOrNull(r.doctor_price),
    finalPrice: num(r.final_price),
    currency: String(r.currency),
    status: r.status as BillingStatus,
  };
}

const COLUMNS = sql.raw(
  'b.id, b.appointment_id, b.created_at, b.service_id, b.service_name, b.doctor_id, b.doctor_name, b.base_price, b.doctor_price, b.final_price, b.currency, b.status',
);

/**
 * The record of a Completada appointment, priced now: its service (else its specialty's default service), the
 * doctor's own price for that service when set, else the service's base price. Without any service the record
 * is still born (service empty, price 0) so that the attended appointment shows up to be billed (decision 031).
 * A second completion of the same appointment finds the unique appointment_id and inserts nothing.
 */
export async function insertForAppointment(tx: Executor, appointmentId: number): Promise<BillingRow | null> {
  const res = await tx.execute(sql`
    insert into appointment_billing
      (appointment_id, service_id, service_name, doctor_id, doctor_name, base_price, doctor_price, final_price, currency)
    select a.id, s.id, s.name, d.id, d.name, coalesce(s.base_price, 0), dp.price,
           coalesce(dp.price, s.base_price, 0), coalesce(s.currency, 'COP')
      from appointments a
      join doctors d on d.id = a.doctor_id
      left join specialties sp on sp.id = a.specialty_id
      left join services s on s.id = coalesce(a.service_id, sp.default_service_id)
      left join doctor_service_prices dp on dp.doctor_id = a.doctor_id and dp.service_id = s.id
     where a.id = ${appointmentId}
    on conflict (appointment_id) do nothing
    returning id, appointment_id, created_at, service_id, service_name, doctor_id, doctor_name, base_price,
              doctor_price, final_price, currency, status`);
  const r = res.rows[0] as Raw | undefined;
  return r ? toRow(r) : null;
}

export async function findById(db: Executor, id: number): Promise<BillingRow | null> {
  const res = await db.execute(sql`select ${COLUMNS} from appointment_billing b where b.id = ${id}`);
  const r = res.rows[0] as Raw | undefined;
  return r ? toRow(r) : null;
}

export async function findByIdForUpdate(tx: Executor, id: number): Promise<BillingRow | null> {
  const res = await tx.execute(
    sql`select ${COLUMNS} from appointment_billing b where b.id = ${id} for update`,
  );
  const r = res.rows[0] as Raw | undefined;
  return r ? toRow(r) : null;
}

export async function updateStatus(tx: Executor, id: number, status: BillingStatus): Promise<BillingRow> {
  const res = await tx.execute(sql`
    update appointment_billing b set status = ${status}, updated_at = now() where b.id = ${id}
    returning ${COLUMNS}`);
  return toRow(res.rows[0] as Raw);
}

export async function insertAudit(
  tx: Executor,
  a: { billingId: number; oldStatus: string; newStatus: string; userId: number | null },
) {
  await tx.execute(sql`
    insert into appointment_billing_audit (billing_id, old_status, new_status, changed_by_user_id)
    values (${a.billingId}, ${a.oldStatus}, ${a.newStatus}, ${a.userId})`);
}

export interface AuditRow {
  id: number;
  createdAt: Date;
  oldStatus: string;
  newStatus: string;
  userId: number | null;
  userName: string | null;
}

export async function listAudit(db: Executor, billingId: number): Promise<AuditRow[]> {
  const res = await db.execute(sql`
    select x.id, x.created_at, x.old_status, x.new_status, x.changed_by_user_id, u.name as user_name
      from appointment_billing_audit x
      left join users u on u.id = x.changed_by_user_id
     where x.billing_id = ${billingId}
     order by x.created_at, x.id`);
  return (res.rows as Raw[]).map((r) => ({
    id: Number(r.id),
    createdAt: date(r.created_at),
    oldStatus: String(r.old_status),
    newStatus: String(r.new_status),
    userId: numOrNull(r.changed_by_user_id),
    userName: (r.user_name as string | null) ?? null,
  }));
}

/** The filters of every read, already resolved to instants (from inclusive, to exclusive). */
export interface Where {
  from: Date;
  to: Date;
  status?: BillingStatus;
  /** Leave cancelled records out (totals of what is billable) unless a status is asked for. */
  billableOnly?: boolean;
  doctorId?: number;
  serviceId?: number;
  q?: string;
}

const SHORT_RANGE_MS = 93 * 86_400_000;
const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

function whereOf(w: Where): SQL {
  const parts: SQL[] = [sql`b.created_at >= ${w.from}`, sql`b.created_at < ${w.to}`];
  if (w.status) parts.push(sql`b.status = ${w.status}`);
  else if (w.billableOnly) parts.push(sql`b.status <> 'cancelled'`);
  if (w.doctorId) parts.push(sql`b.doctor_id = ${w.doctorId}`);
  if (w.serviceId) parts.push(sql`b.service_id = ${w.serviceId}`);
  if (w.q) {
    // Within a few months the range index and a LIKE per row beat a common word's trigram bitmap (200,000 rows
    // for 'consulta' at 1,000,000 records): the expression hides the text from the trigram index. Over longer
    // ranges the trigram index finds a rare name without reading the range.
    const column =
      w.to.getTime() - w.from.getTime() <= SHORT_RANGE_MS ? sql`(b.search_text || '')` : sql`b.search_text`;
    parts.push(sql`${column} like '%' || immutable_unaccent(lower(${escapeLike(w.q)})) || '%'`);
  }
  return sql.join(parts, sql` and `);
}

const SORT_COLUMNS: Record<BillingSort, string> = {
  created_at: 'b.created_at',
  service_name: 'b.service_name',
  doctor_name: 'b.doctor_name',
  base_price: 'b.base_price',
  doctor_price: 'b.doctor_price',
  final_price: 'b.final_price',
  status: 'b.status',
};

const NULLABLE_SORTS = new Set<BillingSort>(['service_name', 'doctor_price']);

export async function list(
  db: Executor,
  w: Where,
  page: { limit: number; offset: number; sort: BillingSort; dir: 'asc' | 'desc' },
): Promise<{ rows: BillingRow[]; total: number }> {
  const dir = page.dir === 'asc' ? 'asc' : 'desc';
  // Whitelisted column and direction only; the id breaks ties. Empty values (service, override) go last either
  // way; the columns that are never empty keep the plain order, which a scan of the index (created_at, id) or
  // (status, created_at, id) gives without sorting (PostgreSQL does not match NULLS LAST to a NOT NULL column).
  const nulls = NULLABLE_SORTS.has(page.sort) ? ' nulls last' : '';
  const order = sql.raw(`${SORT_COLUMNS[page.sort]} ${dir}${nulls}, b.id ${dir}`);
  const where = whereOf(w);
  const rows = await db.execute(sql`
    select ${COLUMNS} from appointment_billing b where ${where}
     order by ${order} limit ${page.limit} offset ${page.offset}`);
  const count = await db.execute(sql`select count(*)::int as n from appointment_billing b where ${where}`);
  return { rows: (rows.rows as Raw[]).map(toRow), total: Number((count.rows[0] as Raw).n) };
}

export interface SummaryRow {
  label: string;
  doctorName: string | null;
  serviceName: string | null;
  countBills: number;
  totalFinal: number;
  totalBase: number;
  totalDoctorOverride: number;
}

export async function summary(
  db: Executor,
  w: Where,
  group: 'day' | 'doctor' | 'service',
  tz: string,
): Promise<SummaryRow[]> {
  // Grouped by id alone (a hash of integers, not a sort of names); the name is the record's copy. Records of a
  // deleted doctor or service (id set null) form one group.
  const where = whereOf(w);
  const sums = sql`count(*)::int as count_bills, coalesce(sum(b.final_price), 0) as total_final,
    coalesce(sum(b.base_price), 0) as total_base, coalesce(sum(b.doctor_price), 0) as total_doctor_override`;
  let query: SQL;
  if (group === 'day')
    query = sql`
      select to_char(b.created_at at time zone ${tz}, 'YYYY-MM-DD') as label, null as doctor_name,
             null as service_name, ${sums}
        from appointment_billing b where ${where} group by 1 order by 1`;
  else if (group === 'doctor')
    query = sql`
      select max(b.doctor_name) as label, max(b.doctor_name) as doctor_name, null as service_name, ${sums}
        from appointment_billing b where ${where}
       group by b.doctor_id order by total_final desc, label`;
  else
    query = sql`
      select coalesce(max(b.service_name), '') as label, null as doctor_name, max(b.service_name) as service_name,
             ${sums}
        from appointment_billing b where ${where}
       group by b.service_id order by total_final desc, label`;
  const res = await db.execute(query);
  return (res.rows as Raw[]).map((r) => ({
    label: String(r.label),
    doctorName: (r.doctor_name as string | null) ?? null,
    serviceName: (r.service_name as string | null) ?? null,
    countBills: Number(r.count_bills),
    totalFinal: num(r.total_final),
    totalBase: num(r.total_base),
    totalDoctorOverride: num(r.total_doctor_override),
  }));
}

export async function metrics(db: Executor, w: Where, top: number) {
  const where = whereOf(w);
  const totals = await db.execute(sql`
    select count(*)::int as n, coalesce(sum(b.final_price), 0) as total_final,
           coalesce(sum(b.base_price), 0) as total_base
      from appointment_billing b where ${where}`);
  const services = await db.execute(sql`
    select b.service_id, max(b.service_name) as service_name, count(*)::int as n,
           coalesce(sum(b.final_price), 0) as total
      from appointment_billing b where ${where}
     group by b.service_id order by n desc, total desc, service_name limit ${top}`);
  const t = totals.rows[0] as Raw;
  return {
    count: Number(t.n),
    totalFinal: num(t.total_final),
    totalBase: num(t.total_base),
    top: (services.rows as Raw[]).map((r) => ({
      serviceId: numOrNull(r.service_id),
      serviceName: (r.service_name as string | null) ?? null,
      count: Number(r.n),
      total: num(r.total),
    })),
  };
}

/** Count and income (final price) per status over the range (every status; the filter's status ignored). */
export async function byStatus(db: Executor, w: Where) {
  const res = await db.execute(sql`
    select b.status, count(*)::int as n, coalesce(sum(b.final_price), 0) as total
      from appointment_billing b where ${whereOf({ ...w, status: undefined, billableOnly: false })}
     group by b.status`);
  return (res.rows as Raw[]).map((r) => ({
    status: String(r.status) as BillingStatus,
    count: Number(r.n),
    total: num(r.total),
  }));
}

/**
 * One page of the export in (created_at, id) order after the given position: keyset, so every page is cheap.
 * The position carries created_at as the database's text (microseconds), which a JS Date would round.
 */
export async function exportPage(
  db: Executor,
  w: Where,
  after: { at: string; id: number } | null,
  size: number,
): Promise<{ rows: BillingRow[]; last: { at: string; id: number } | null }> {
  const where = whereOf(w);
  const cursor = after ? sql` and (b.created_at, b.id) > (${after.at}::timestamptz, ${after.id})` : sql``;
  const res = await db.execute(sql`
    select ${COLUMNS}, b.created_at::text as at_text from appointment_billing b where ${where}${cursor}
     order by b.created_at, b.id limit ${size}`);
  const raw = res.rows as Raw[];
  const tail = raw[raw.length - 1];
  return {
    rows: raw.map(toRow),
    last: tail ? { at: String(tail.at_text), id: Number(tail.id) } : null,
  };
}
