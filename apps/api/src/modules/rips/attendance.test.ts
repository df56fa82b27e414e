import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { TestApp } from '../../test/helpers';
import { linkDoctorUser, worldFixture, type World } from '../../test/factories/world';
import { attendance, completedAppointment, ripsPatient, ripsSetup } from './test-factory';

/** The attendance record: its proposed defaults, the moderating-payment rules, the doctor's scope, the audit. */
const ctx = worldFixture();
let t: TestApp;
let w: World;
let epsId: number;
beforeAll(async () => {
  ({ t, w } = ctx);
  await ripsSetup(w);
  const db = t.app.deps.db;
  epsId = (await db.execute<{ id: number }>(sql`select id from eps order by id limit 1`)).rows[0]!.id;
  await db.execute(sql`
    insert into eps_authorizations (eps_id, specialty_id, location_id, authorized, authorization_date, authorization_number)
    values (${epsId}, ${w.generalId}, ${w.northId}, true, '2020-01-01', 'AUT-2026-001')`);
});

const get = (id: number, call = w.c.reception) => call({ method: 'GET', url: `/api/rips/attendance/${id}` });
const put = (id: number, fields: Record<string, unknown>, call = w.c.reception) =>
  call({ method: 'PUT', url: `/api/rips/attendance/${id}`, payload: attendance(fields) });

describe('attendance record', () => {
  it('proposes telemedicine, the specialty service, the service CUPS and the EPS authorization number', async () => {
    const p = await ripsPatient(w, { insurance_eps_id: epsId });
    const tele = await completedAppointment(w, p, '08:00', { type: 'Teleconsulta' });
    const res = await get(tele.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({
      appointment_id: tele.id,
      saved: false,
      finalidad: '15',
      causa: '38',
      dx_main: null,
      dx_main_name: null,
      dx_rel1: null,
      dx_rel2: null,
      dx_rel3: null,
      dx_type: '01',
      modality: '06',
      service_group: '01',
      service_code: 328,
      cups_code: '890201',
      authorization_number: 'AUT-2026-001',
      concepto_recaudo: '05',
      moderator_value: 0,
      fev_moderator: null,
      patient_user_type: '01',
      contributivo: true,
      updated_at: null,
    });
    // In person, another EPS: intramural, no authorization proposed.
    const q = await ripsPatient(w, { insurance_affiliation_type: 'Subsidiado' });
    const visit = await completedAppointment(w, q, '09:00');
    expect((await get(visit.id)).json().data).toMatchObject({
      modality: '01',
      authorization_number: null,
      patient_user_type: '04',
      contributivo: false,
    });

    const saved = await put(tele.id, {
      modality: '06',
      concepto_recaudo: '02',
      moderator_value: 4500,
      dx_main: 'j06.9',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data).toMatchObject({
      saved: true,
      dx_main: 'J069',
      moderator_value: 4500,
      dx_main_name: expect.stringContaining('Infección aguda'),
    });
    const audit = await t.app.deps.db.execute(
      sql`select action from audit_log where table_name = 'rips_attendance' and new_values->>'appointment_id' = ${String(tele.id)}`,
    );
    expect(audit.rows).toEqual([{ action: 'create' }]);
    await put(tele.id, { modality: '06' });
    expect((await get(tele.id)).json().data).toMatchObject({ concepto_recaudo: '05', moderator_value: 0 });
  });

  it('keeps the moderating-payment rules and the tables', async () => {
    const q = await ripsPatient(w, { insurance_affiliation_type: 'Subsidiado' });
    const a = await completedAppointment(w, q, '10:00');
    const cases: [Record<string, unknown>, string][] = [
      [
        { concepto_recaudo: '02', moderator_value: 4500 },
        'La cuota moderadora (02) solo aplica al régimen contributivo',
      ],
      [
        { concepto_recaudo: '05', moderator_value: 100 },
        'Con el concepto 05 (No aplica) el valor del pago moderador debe ser 0',
      ],
      [{ concepto_recaudo: '01' }, 'Para consultas el concepto de recaudo solo puede ser 02, 03 o 05'],
      [{ dx_main: 'Q999' }, 'El diagnóstico Q999 no está en el catálogo CIE-10'],
      [{ finalidad: '10' }, 'La finalidad no está en la tabla RIPSFinalidadConsultaVersion2'],
      [{ service_code: 999 }, 'El código de servicio no está en la tabla Servicios'],
    ];
    for (const [fields, message] of cases) {
      const res = await put(a.id, fields);
      expect(res.statusCode, JSON.stringify(fields)).toBe(400);
      expect(JSON.stringify(res.json())).toContain(message);
    }
    // Pagos compartidos (03) are not limited to the contributivo regime.
    expect((await put(a.id, { concepto_recaudo: '03', moderator_value: 20000 })).statusCode).toBe(200);
  });

  it('only for a Completada appointment, and a doctor only for their own', async () => {
    const p = await ripsPatient(w);
    const a = await completedAppointment(w, p, '11:00');
    await t.app.deps.db.execute(sql`update appointments set status = 'Confirmada' where id = ${a.id}`);
    const res = await put(a.id, {});
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('El registro de atención solo se diligencia para una cita Completada');
    await t.app.deps.db.execute(sql`update appointments set status = 'Completada' where id = ${a.id}`);

    const doctorUser = (
      await t.app.deps.db.execute<{ id: number }>(
        sql`select id from users where email = 'doctor@test.ips.co'`,
      )
    ).rows[0]!.id;
    await linkDoctorUser(w, w.drB, doctorUser);
    const other = await get(a.id, w.c.doctor);
    expect(other.statusCode).toBe(403);
    const own = await completedAppointment(w, p, '12:00', { doctorId: w.drB });
    expect((await get(own.id, w.c.doctor)).statusCode).toBe(200);
    expect((await put(own.id, {}, w.c.doctor)).statusCode).toBe(200);
    expect((await get(a.id, w.c.agent)).statusCode).toBe(403);
    expect((await get(999999)).statusCode).toBe(404);
  });
});
