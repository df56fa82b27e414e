import { sql } from 'drizzle-orm';
import { AppError } from '@ips/shared/errors';
import {
  BILLING_MESSAGES as M,
  type DoctorPrice,
  type PutDoctorPricesBody,
} from '@ips/shared/schemas/billing';
import type { Db, Executor } from '../../db/client';
import { writeAudit } from '../../lib/audit';
import type { Actor } from '../../lib/context';
import { registerConstraintMessage } from '../../plugins/errors';
import * as repo from './repo';

/*
 * A doctor's own price per service (Gestión de Recursos → doctor → Tarifas; decision 031). The billing record
 * of a Completada appointment takes it over the service's base price. Services are few (tens to hundreds), so
 * the list carries every service with the doctor's price or null.
 */

registerConstraintMessage('doctor_service_prices_service_id_fkey', 'NOT_FOUND', M.serviceNotFound);
registerConstraintMessage('doctor_service_prices_price_check', 'VALIDATION', M.price);

async function pricesOf(db: Executor, doctorId: number): Promise<DoctorPrice[]> {
  const res = await db.execute(sql`
    select s.id, s.name, s.currency, s.base_price, s.active, p.price
      from services s
      left join doctor_service_prices p on p.service_id = s.id and p.doctor_id = ${doctorId}
     order by s.active desc, lower(s.name), s.id`);
  return (res.rows as Record<string, unknown>[]).map((r) => ({
    service_id: Number(r.id),
    service_name: String(r.name),
    currency: String(r.currency),
    base_price: Number(r.base_price),
    price: r.price === null || r.price === undefined ? null : Number(r.price),
    active: Boolean(r.active),
  }));
}

export async function listDoctorPrices(db: Db, doctorId: number) {
  if (!(await repo.findById(db, doctorId))) throw new AppError('NOT_FOUND', M.doctorNotFound);
  return pricesOf(db, doctorId);
}

/** Replaces the doctor's price list: what is sent with a price stays, the rest goes. Audited as one change. */
export async function setDoctorPrices(db: Db, actor: Actor, doctorId: number, body: PutDoctorPricesBody) {
  return db.transaction(async (tx) => {
    if (!(await repo.findByIdForUpdate(tx, doctorId))) throw new AppError('NOT_FOUND', M.doctorNotFound);
    const before = (await pricesOf(tx, doctorId)).filter((p) => p.price !== null);
    const wanted = body.prices.filter((p) => p.price !== null);
    if (wanted.length) {
      const known = await tx.execute(
        sql`select id from services where id in (${sql.join(
          wanted.map((p) => sql`${p.service_id}`),
          sql`, `,
        )})`,
      );
      if (known.rows.length !== wanted.length) throw new AppError('NOT_FOUND', M.serviceNotFound);
    }
    const keep = wanted.map((p) => sql`${p.service_id}`);
    await tx.execute(
      keep.length
        ? sql`delete from doctor_service_prices where doctor_id = ${doctorId} and service_id not in (${sql.join(keep, sql`, `)})`
        : sql`delete from doctor_service_prices where doctor_id = ${doctorId}`,
    );
    for (const p of wanted)
      await tx.execute(sql`
        insert into doctor_service_prices (doctor_id, service_id, price) values (${doctorId}, ${p.service_id}, ${p.price})
        on conflict (doctor_id, service_id) do update set price = excluded.price, updated_at = now()
        where doctor_service_prices.price is distinct from excluded.price`);
    const after = await pricesOf(tx, doctorId);
    const brief = (l: DoctorPrice[]) =>
      Object.fromEntries(l.filter((p) => p.price !== null).map((p) => [p.service_id, p.price]));
    await writeAudit(tx, actor, {
      table: 'doctor_service_prices',
      recordId: doctorId,
      action: 'update',
      oldValues: { prices: brief(before) },
      newValues: { prices: brief(after) },
    });
    return after;
  });
}
