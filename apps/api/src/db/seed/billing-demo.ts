import { count, eq, sql } from 'drizzle-orm';
import type { Db } from '../client';
import { appointmentBilling, doctorServicePrices } from '../schema/billing';
import { doctorSpecialties, doctors, services, specialties } from '../schema/resources';
import { users } from '../schema/users';

/*
 * Demo billing (demo mode only): the service each demo specialty bills by default, a few doctors' own prices, and
 * a billing record for every demo appointment already Completada, with the statuses a cash desk shows after two
 * weeks of work (the oldest paid, the last days still pending) and the status changes that got them there.
 * Records are born when an appointment becomes Completada (decision 031); the demo appointments were seeded
 * Completada, so their records are written here. Deterministic, and run only while no billing record exists.
 */

/** The service a specialty bills by default (names as in resources-demo.ts). */
export const DEMO_DEFAULT_SERVICE: Record<string, string> = {
  'Medicina General': 'Consulta de medicina general',
  'Odontología General': 'Consulta de odontología general',
  Pediatría: 'Consulta de medicina especializada',
  Ginecología: 'Consulta de medicina especializada',
  Obstetricia: 'Consulta de medicina especializada',
  'Medicina Interna': 'Consulta de medicina especializada',
  'Cirugía General': 'Consulta de medicina especializada',
  Psicología: 'Consulta de psicología',
  Nutrición: 'Consulta de nutrición',
  Dermatología: 'Consulta de medicina especializada',
  Cardiología: 'Consulta de medicina especializada',
  Ecografías: 'Ecografía de abdomen total',
  Optometría: 'Consulta de optometría',
  Fisioterapia: 'Sesión de fisioterapia',
};

/** Specialists who charge their own price for the specialised consultation (pesos). */
const DOCTOR_PRICES: [specialty: string, service: string, price: number][] = [
  ['Cardiología', 'Consulta de medicina especializada', 120_000],
  ['Dermatología', 'Consulta de medicina especializada', 110_000],
];

export async function seedBillingDemo(db: Db): Promise<number> {
  const [existing] = await db.select({ n: count() }).from(appointmentBilling);
  if ((existing?.n ?? 0) > 0) return 0;

  const serviceRows = await db.select({ id: services.id, name: services.name }).from(services);
  const serviceId = new Map(serviceRows.map((s) => [s.name, s.id]));
  for (const [specialty, service] of Object.entries(DEMO_DEFAULT_SERVICE)) {
    const id = serviceId.get(service);
    if (id === undefined) continue;
    await db
      .update(specialties)
      .set({ defaultServiceId: id })
      .where(sql`${specialties.name} = ${specialty} and ${specialties.defaultServiceId} is null`);
  }
  for (const [specialty, service, price] of DOCTOR_PRICES) {
    const id = serviceId.get(service);
    if (id === undefined) continue;
    const practising = await db
      .select({ doctorId: doctorSpecialties.doctorId })
      .from(doctorSpecialties)
      .innerJoin(specialties, eq(specialties.id, doctorSpecialties.specialtyId))
      .innerJoin(doctors, eq(doctors.id, doctorSpecialties.doctorId))
      .where(eq(specialties.name, specialty));
    if (practising.length === 0) continue;
    await db
      .insert(doctorServicePrices)
      .values(practising.map((d) => ({ doctorId: d.doctorId, serviceId: id, price })))
      .onConflictDoNothing();
  }

  // The demo appointments already attended name the service they were billed for.
  await db.execute(sql`
    update appointments a set service_id = sp.default_service_id
      from specialties sp
     where sp.id = a.specialty_id and a.status = 'Completada' and a.service_id is null
       and sp.default_service_id is not null`);

  // The older the attention, the further along its bill: a stable pseudo-random draw per appointment.
  const inserted = await db.execute<{ id: number }>(sql`
    with done as (
      select a.id, a.doctor_id, a.service_id, a.ends_at,
             ((a.id * 7919) % 1000) / 1000.0 as draw,
             now() - a.ends_at as age
        from appointments a
       where a.status = 'Completada' and a.ends_at <= now()
    )
    insert into appointment_billing
      (appointment_id, service_id, service_name, doctor_id, doctor_name, base_price, doctor_price, final_price,
       currency, status, created_at, updated_at)
    select d.id, sv.id, sv.name, doc.id, doc.name, coalesce(sv.base_price, 0), dp.price,
           coalesce(dp.price, sv.base_price, 0), coalesce(sv.currency, 'COP'),
           case
             when d.age > interval '10 days' then
               case when d.draw < 0.04 then 'cancelled' when d.draw < 0.85 then 'paid' else 'billed' end
             when d.age > interval '4 days' then
               case when d.draw < 0.3 then 'paid' when d.draw < 0.85 then 'billed' else 'pending' end
             else case when d.draw < 0.25 then 'billed' else 'pending' end
           end,
           d.ends_at, d.ends_at
      from done d
      join doctors doc on doc.id = d.doctor_id
      left join services sv on sv.id = d.service_id
      left join doctor_service_prices dp on dp.doctor_id = d.doctor_id and dp.service_id = d.service_id
    on conflict (appointment_id) do nothing
    returning id`);

  // The status changes behind each record, by the demo supervisor, never later than now.
  const [supervisor] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, 'supervisor@demo.ips.co'));
  const by = supervisor?.id ?? null;
  await db.execute(sql`
    insert into appointment_billing_audit (billing_id, old_status, new_status, changed_by_user_id, created_at)
    select b.id, 'pending', case when b.status = 'cancelled' then 'cancelled' else 'billed' end, ${by}::integer,
           least(now(), b.created_at + interval '1 day')
      from appointment_billing b where b.status <> 'pending'
    union all
    select b.id, 'billed', 'paid', ${by}::integer, least(now(), b.created_at + interval '4 days')
      from appointment_billing b where b.status = 'paid'`);
  await db.execute(sql`
    update appointment_billing b set updated_at = coalesce(
      (select max(x.created_at) from appointment_billing_audit x where x.billing_id = b.id), b.created_at)`);
  return inserted.rows.length;
}
