import { Readable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { AppError } from '@ips/shared/errors';
import type { BuildPackageBody, RipsPackageDto } from '@ips/shared/schemas/rips';
import type { Actor, AppDeps } from '../../lib/context';
import { writeAudit } from '../../lib/audit';
import { buildPackage } from './build';
import { RIPS_PACKAGE_CHECKED } from './hooks';

/*
 * RIPS packages (decision 037): built from the billed records of a period (or an RS package without invoice),
 * kept with their JSON exactly as validated and their problems; marked ready only without problems; the CUV
 * that the Ministry's validator returns is recorded afterwards.
 */

const NOT_FOUND = 'Paquete RIPS no encontrado';

type PackageRow = {
  id: number;
  invoice_number: string | null;
  note_type: string | null;
  period_from: string;
  period_to: string;
  eps_id: number | null;
  eps_name: string | null;
  status: 'borrador' | 'lista';
  users_count: number;
  services_count: number;
  problems_count: number;
  bytes: string | number;
  checksum: string;
  cuv: string | null;
  cuv_date: string | null;
  created_by: string | null;
  created_at: Date | string;
};

const SELECT = sql`
  select k.id, k.invoice_number, k.note_type, k.period_from::text as period_from, k.period_to::text as period_to,
         k.eps_id, e.name as eps_name, k.status, k.users_count, k.services_count, k.problems_count, k.bytes,
         k.checksum, k.cuv, k.cuv_date::text as cuv_date, u.name as created_by, k.created_at
    from rips_packages k left join eps e on e.id = k.eps_id left join users u on u.id = k.created_by`;

function toDto(r: PackageRow): RipsPackageDto {
  return {
    id: r.id,
    invoice_number: r.invoice_number,
    note_type: r.note_type,
    from: r.period_from,
    to: r.period_to,
    eps_id: r.eps_id,
    eps_name: r.eps_name,
    status: r.status,
    users_count: Number(r.users_count),
    services_count: Number(r.services_count),
    problems_count: Number(r.problems_count),
    bytes: Number(r.bytes),
    checksum: r.checksum,
    cuv: r.cuv,
    cuv_date: r.cuv_date,
    created_by: r.created_by,
    created_at: new Date(r.created_at).toISOString(),
  };
}

async function find(deps: AppDeps, id: number) {
  const res = await deps.db.execute<PackageRow>(sql`${SELECT} where k.id = ${id}`);
  const row = res.rows[0];
  if (!row) throw new AppError('NOT_FOUND', NOT_FOUND);
  return toDto(row);
}
export const getPackage = find;

export async function createPackage(deps: AppDeps, actor: Actor, body: BuildPackageBody) {
  const epsId = body.eps_id ?? null;
  const id = await deps.db.transaction(async (tx) => {
    if (epsId) {
      const e = await tx.execute(sql`select 1 from eps where id = ${epsId}`);
      if (!e.rows.length)
        throw new AppError('VALIDATION', 'EPS no encontrada', { eps_id: ['EPS no encontrada'] });
    }
    const ins = await tx.execute<{ id: number }>(sql`
      insert into rips_packages (invoice_number, note_type, period_from, period_to, eps_id, checksum, created_by)
      values (${body.invoice_number}, ${body.invoice_number === null ? 'RS' : null}, ${body.from}, ${body.to},
              ${epsId}, '', ${actor.userId})
      returning id`);
    const packageId = ins.rows[0]!.id;
    // The committed settings, read in the transaction: the live cache of another instance may lag by a moment.
    const stored = await tx.execute<{ key: string; value: unknown }>(
      sql`select key, value from settings where key in ('org_nit', 'cod_prestador')`,
    );
    const setting = (k: string) => {
      const v = stored.rows.find((r) => r.key === k)?.value;
      return typeof v === 'string' ? v : '';
    };
    const r = await buildPackage(tx, {
      packageId,
      invoiceNumber: body.invoice_number,
      from: body.from,
      to: body.to,
      epsId,
      orgNit: setting('org_nit'),
      codPrestador: setting('cod_prestador'),
      tz: deps.config.orgTimezone,
    });
    await tx.execute(sql`
      update rips_packages set users_count = ${r.users}, services_count = ${r.services},
        problems_count = ${r.problems}, bytes = ${r.bytes}, checksum = ${r.checksum}
       where id = ${packageId}`);
    await writeAudit(tx, actor, {
      table: 'rips_packages',
      recordId: packageId,
      action: 'create',
      newValues: { invoice_number: body.invoice_number, from: body.from, to: body.to, eps_id: epsId, ...r },
    });
    const cause = `${body.invoice_number ?? 'RS'}|${body.from}|${body.to}|${epsId ?? '*'}`;
    const label = body.invoice_number
      ? `factura ${body.invoice_number}`
      : `RIPS sin factura del ${body.from} al ${body.to}`;
    await deps.hooks.run(RIPS_PACKAGE_CHECKED, tx, deps, actor, {
      packageId,
      cause,
      label,
      problems: r.problems,
    });
    return packageId;
  });
  return find(deps, id);
}

export async function listPackages(deps: AppDeps, q: { page: number; limit: number }) {
  const res = await deps.db.execute<PackageRow>(
    sql`${SELECT} order by k.created_at desc, k.id desc limit ${q.limit} offset ${(q.page - 1) * q.limit}`,
  );
  const total = await deps.db.execute<{ n: number }>(sql`select count(*)::int as n from rips_packages`);
  return { items: res.rows.map(toDto), total: Number(total.rows[0]?.n ?? 0), page: q.page, limit: q.limit };
}

export async function markReady(deps: AppDeps, actor: Actor, id: number) {
  await deps.db.transaction(async (tx) => {
    const res = await tx.execute<{ status: string; problems_count: number }>(
      sql`select status, problems_count from rips_packages where id = ${id} for update`,
    );
    const row = res.rows[0];
    if (!row) throw new AppError('NOT_FOUND', NOT_FOUND);
    if (Number(row.problems_count) > 0)
      throw new AppError(
        'CONFLICT',
        `El paquete tiene ${row.problems_count} ${Number(row.problems_count) === 1 ? 'problema' : 'problemas'}: corríjalos y genere el paquete de nuevo`,
      );
    if (row.status === 'lista') throw new AppError('CONFLICT', 'El paquete ya está listo');
    await tx.execute(sql`update rips_packages set status = 'lista', updated_at = now() where id = ${id}`);
    await writeAudit(tx, actor, {
      table: 'rips_packages',
      recordId: id,
      action: 'status',
      oldValues: { status: row.status },
      newValues: { status: 'lista' },
    });
  });
  return find(deps, id);
}

export async function recordCuv(
  deps: AppDeps,
  actor: Actor,
  id: number,
  body: { cuv: string; cuv_date: string },
) {
  await deps.db.transaction(async (tx) => {
    const res = await tx.execute<{ status: string; cuv: string | null; cuv_date: string | null }>(
      sql`select status, cuv, cuv_date::text as cuv_date from rips_packages where id = ${id} for update`,
    );
    const row = res.rows[0];
    if (!row) throw new AppError('NOT_FOUND', NOT_FOUND);
    if (row.status !== 'lista')
      throw new AppError('CONFLICT', 'Solo se registra el CUV de un paquete listo (sin problemas)');
    await tx.execute(
      sql`update rips_packages set cuv = ${body.cuv}, cuv_date = ${body.cuv_date}, updated_at = now() where id = ${id}`,
    );
    await writeAudit(tx, actor, {
      table: 'rips_packages',
      recordId: id,
      action: 'cuv',
      oldValues: { cuv: row.cuv, cuv_date: row.cuv_date },
      newValues: body,
    });
  });
  return find(deps, id);
}

/** The JSON as it was validated, chunk after chunk from the database; memory holds one chunk. */
export async function openDownload(deps: AppDeps, id: number) {
  const pkg = await find(deps, id);
  async function* chunks() {
    for (let seq = 0; ; seq++) {
      const res = await deps.db.execute<{ body: string }>(
        sql`select body from rips_package_chunks where package_id = ${id} and seq = ${seq}`,
      );
      const row = res.rows[0];
      if (!row) return;
      yield Buffer.from(row.body, 'utf8');
    }
  }
  const name = pkg.invoice_number
    ? `RIPS_${pkg.invoice_number}.json`
    : `RIPS_RS_${pkg.from}_${pkg.to}_${id}.json`;
  return { pkg, name, stream: Readable.from(chunks()) };
}
