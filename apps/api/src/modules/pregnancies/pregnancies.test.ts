import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localDate } from '@ips/shared/format';
import { addDays } from '@ips/shared/schemas/pregnancies';
import { buildTestApp, type TestApp } from '../../test/helpers';
import { callers, createPatient, type Call } from '../../test/factories/patients';

let t: TestApp;
let roles: Awaited<ReturnType<typeof callers>>;
let admin: Call;
let today: string;
beforeAll(async () => {
  t = await buildTestApp();
  roles = await callers(t.app);
  admin = roles.admin;
  today = localDate(new Date(), t.app.deps.config.orgTimezone);
});
afterAll(async () => t?.close());

const register = (payload: Record<string, unknown>, call: Call = admin) =>
  call({ method: 'POST', url: '/api/pregnancies', payload });
const woman = () => createPatient(admin, { gender: 'Femenino' });

describe('registering a pregnancy', () => {
  it('requires the FUM, in Spanish', async () => {
    const p = await woman();
    for (const start_date of [undefined, '', '   ']) {
      const res = await register({ patient_id: p.id, start_date });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual({ start_date: ['La fecha de inicio (FUM) es obligatoria'] });
    }
    expect((await register({ patient_id: p.id, start_date: '2026-13-01' })).json().errors.start_date).toEqual(
      ['Fecha inválida (formato YYYY-MM-DD)'],
    );
  });

  it('refuses a FUM after today in the organisation timezone, and one older than 44 weeks', async () => {
    const p = await woman();
    const future = await register({ patient_id: p.id, start_date: addDays(today, 1) });
    expect(future.statusCode).toBe(400);
    expect(future.json().message).toBe('La fecha de inicio (FUM) no puede ser futura');
    const old = await register({ patient_id: p.id, start_date: addDays(today, -44 * 7 - 1) });
    expect(old.json().message).toBe('La FUM no puede ser anterior a 44 semanas');
    expect((await register({ patient_id: p.id, start_date: today })).statusCode).toBe(201);
  });

  it('is only for female patients', async () => {
    for (const gender of ['Masculino', 'Otro', '']) {
      const p = await createPatient(admin, { gender });
      const res = await register({ patient_id: p.id, start_date: addDays(today, -30) });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({
        error: 'Conflicto',
        message: 'Solo se pueden registrar embarazos de pacientes de género femenino',
      });
    }
    expect((await register({ patient_id: 999999, start_date: addDays(today, -30) })).statusCode).toBe(404);
  });

  it('computes the FPP (FUM + 280 days) itself and derives the gestational age and countdown', async () => {
    const p = await woman();
    const fum = addDays(today, -(20 * 7 + 3));
    const res = await register({
      patient_id: p.id,
      start_date: fum,
      expected_due_date: '2000-01-01',
      high_risk: true,
      risk_factors: 'Preeclampsia previa',
      notes: 'Remitida',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().message).toBe('Embarazo registrado');
    expect(res.json().data).toMatchObject({
      patient_id: p.id,
      start_date: fum,
      expected_due_date: addDays(fum, 280),
      high_risk: true,
      risk_factors: 'Preeclampsia previa',
      status: 'Activa',
      delivery_date: null,
      current_weeks: 20,
      current_days: 3,
      days_until_due: 280 - (20 * 7 + 3),
      is_overdue: false,
      prenatal_controls_count: 0,
    });
    const active = await roles.agent({ method: 'GET', url: `/api/pregnancies/patient/${p.id}/active` });
    expect(active.json()).toMatchObject({
      success: true,
      has_active_pregnancy: true,
      data: { id: res.json().data.id },
    });
  });

  it('allows one active pregnancy per patient, also under concurrent requests', async () => {
    const p = await woman();
    const [a, b] = await Promise.all([
      register({ patient_id: p.id, start_date: addDays(today, -60) }),
      register({ patient_id: p.id, start_date: addDays(today, -61) }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([201, 409]);
    const second = await register({ patient_id: p.id, start_date: addDays(today, -10) });
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toBe('La paciente ya tiene un embarazo activo');
  });

  it('shows overdue pregnancies and forgets risk factors without high risk', async () => {
    const p = await woman();
    const res = await register({
      patient_id: p.id,
      start_date: addDays(today, -285),
      high_risk: false,
      risk_factors: 'ignorado',
    });
    expect(res.json().data).toMatchObject({
      is_overdue: true,
      days_until_due: -5,
      current_weeks: 40,
      current_days: 5,
      risk_factors: null,
    });
  });
});

describe('closing and editing', () => {
  it("'Completada' with the delivery date; then the history and no active pregnancy", async () => {
    const p = await woman();
    const fum = addDays(today, -270);
    const { id } = (await register({ patient_id: p.id, start_date: fum })).json().data;
    const future = await admin({
      method: 'PUT',
      url: `/api/pregnancies/${id}`,
      payload: { status: 'Completada', delivery_date: addDays(today, 1) },
    });
    expect(future.statusCode).toBe(400);
    const done = await roles.reception({
      method: 'PUT',
      url: `/api/pregnancies/${id}`,
      payload: { status: 'Completada', delivery_date: addDays(today, -1) },
    });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({
      message: 'Embarazo completado',
      data: {
        status: 'Completada',
        delivery_date: addDays(today, -1),
        days_until_due: null,
        is_overdue: false,
        current_weeks: 38,
        current_days: 3,
      },
    });
    const active = (await admin({ method: 'GET', url: `/api/pregnancies/patient/${p.id}/active` })).json();
    expect(active).toEqual({ success: true, has_active_pregnancy: false, data: null });
    // Closed stays closed; notes can still be corrected.
    expect(
      (await admin({ method: 'PUT', url: `/api/pregnancies/${id}`, payload: { status: 'Activa' } }))
        .statusCode,
    ).toBe(409);
    expect(
      (
        await admin({ method: 'PUT', url: `/api/pregnancies/${id}`, payload: { notes: 'Parto por cesárea' } })
      ).json().data.notes,
    ).toBe('Parto por cesárea');
    const next = await register({ patient_id: p.id, start_date: addDays(today, -14) });
    expect(next.statusCode).toBe(201);
    const history = (await admin({ method: 'GET', url: `/api/pregnancies/patient/${p.id}/history` })).json()
      .data;
    expect(history.map((h: { status: string }) => h.status)).toEqual(['Activa', 'Completada']);
    const audit = await t.app.deps.database.query<{ action: string }>(
      `select action from audit_log where table_name = 'pregnancies' and record_id = $1 order by id`,
      [String(id)],
    );
    expect(audit.map((a) => a.action)).toEqual(['create', 'close', 'update']);
  });

  it('completes with today when no delivery date is sent, and corrects the FUM of an open one', async () => {
    const p = await woman();
    const { id } = (await register({ patient_id: p.id, start_date: addDays(today, -100) })).json().data;
    const moved = await admin({
      method: 'PUT',
      url: `/api/pregnancies/${id}`,
      payload: { start_date: addDays(today, -90) },
    });
    expect(moved.json().data.expected_due_date).toBe(addDays(today, 190));
    const done = await admin({
      method: 'PUT',
      url: `/api/pregnancies/${id}`,
      payload: { status: 'completed' },
    });
    expect(done.json().data).toMatchObject({ status: 'Completada', delivery_date: today });
    expect((await admin({ method: 'PUT', url: `/api/pregnancies/${id}`, payload: {} })).statusCode).toBe(400);
    expect(
      (await admin({ method: 'PUT', url: '/api/pregnancies/999999', payload: { notes: 'x' } })).statusCode,
    ).toBe(404);
  });
});

describe('prenatal controls', () => {
  it('records controls between the FUM and today, computing the weeks when omitted', async () => {
    const p = await woman();
    const fum = addDays(today, -100);
    const { id } = (await register({ patient_id: p.id, start_date: fum })).json().data;
    const post = (payload: Record<string, unknown>) =>
      admin({
        method: 'POST',
        url: '/api/pregnancies/controls',
        payload: { pregnancy_id: id, weight_kg: 60, blood_pressure: '110/70', ...payload },
      });

    const before = await post({ control_date: addDays(fum, -1) });
    expect(before.json()).toMatchObject({
      message: 'La fecha del control no puede ser anterior a la FUM',
      errors: { control_date: ['La fecha del control no puede ser anterior a la FUM'] },
    });
    expect((await post({ control_date: addDays(today, 1) })).json().message).toBe(
      'La fecha del control no puede ser futura',
    );
    expect(
      (await post({ control_date: today, blood_pressure: '120-80' })).json().errors.blood_pressure,
    ).toEqual(['La presión arterial debe tener el formato 120/80']);
    expect(
      (await post({ control_date: today, blood_pressure: '80/120' })).json().errors.blood_pressure,
    ).toEqual(['La presión arterial no es válida (sistólica/diastólica)']);
    expect((await post({ control_date: today, weight_kg: 5 })).json().errors.weight_kg).toEqual([
      'El peso debe estar entre 20 y 300 kg',
    ]);
    expect((await post({ control_date: today, fetal_heart_rate: 400 })).statusCode).toBe(400);
    expect((await post({ control_date: '' })).json().errors.control_date).toEqual([
      'La fecha del control es obligatoria',
    ]);

    const first = await post({
      control_date: addDays(fum, 60),
      weight_kg: '61,5',
      blood_pressure: '115 / 75',
      fetal_heart_rate: 150,
    });
    expect(first.statusCode).toBe(201);
    expect(first.json().data).toMatchObject({
      gestational_weeks: 8,
      weight_kg: 61.5,
      blood_pressure: '115/75',
      fetal_heart_rate: 150,
    });
    const given = await post({ control_date: today, gestational_weeks: 15, notes: 'Ecografía: 15 semanas' });
    expect(given.json().data.gestational_weeks).toBe(15);

    const list = await roles.agent({ method: 'GET', url: `/api/pregnancies/${id}/controls` });
    expect(list.json().data.map((c: { control_date: string }) => c.control_date)).toEqual([
      addDays(fum, 60),
      today,
    ]);
    const active = (await admin({ method: 'GET', url: `/api/pregnancies/patient/${p.id}/active` })).json()
      .data;
    expect(active.prenatal_controls_count).toBe(2);
    // The FUM cannot move past a recorded control.
    expect(
      (
        await admin({
          method: 'PUT',
          url: `/api/pregnancies/${id}`,
          payload: { start_date: addDays(fum, 61) },
        })
      ).statusCode,
    ).toBe(400);
    expect((await admin({ method: 'GET', url: '/api/pregnancies/999999/controls' })).statusCode).toBe(404);
  });

  it('doctors do not write pregnancies, and read only those of patients booked with them', async () => {
    const p = await woman();
    expect(
      (await register({ patient_id: p.id, start_date: addDays(today, -30) }, roles.doctor)).statusCode,
    ).toBe(403);
    expect(
      (await roles.doctor({ method: 'GET', url: `/api/pregnancies/patient/${p.id}/history` })).statusCode,
    ).toBe(404);
    expect(
      (await roles.doctor({ method: 'GET', url: '/api/pregnancies/patient/999999/history' })).statusCode,
    ).toBe(404);
  });
});
