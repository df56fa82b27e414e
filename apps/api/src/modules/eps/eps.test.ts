import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { auditLog } from '../../db/schema/system';
import { as, buildTestApp, loginAs, type TestApp } from '../../test/helpers';

let t: TestApp;
let admin: ReturnType<typeof as>;
let agent: ReturnType<typeof as>;
beforeAll(async () => {
  t = await buildTestApp();
  admin = as(t.app, await loginAs(t.app, 'admin@test.ips.co'));
  agent = as(t.app, await loginAs(t.app, 'agent@test.ips.co'));
});
afterAll(async () => t?.close());

const create = (payload: object) => admin({ method: 'POST', url: '/api/eps', payload });
const put = (id: number, payload: object) => admin({ method: 'PUT', url: `/api/eps/${id}`, payload });

describe('EPS CRUD', () => {
  it('lists the seeded catalogue and filters it', async () => {
    const all = await agent({ method: 'GET', url: '/api/eps' });
    expect(all.statusCode).toBe(200);
    expect(all.json().total).toBeGreaterThan(20);
    const nueva = await agent({ method: 'GET', url: '/api/eps?q=EPS037' });
    expect(nueva.json().data).toMatchObject([
      { name: 'Nueva EPS', code: 'EPS037', status: 'active', has_agreement: false, agreement_date: null },
    ]);
    expect((await agent({ method: 'GET', url: '/api/eps?status=inactive' })).json().total).toBe(0);
  });

  it('creates with the code upper-cased, reads, updates and deletes, auditing each write', async () => {
    const res = await create({
      name: 'EPS Demo Santander',
      code: ' eps999 ',
      affiliation_type: 'Contributivo',
      notes: 'Prueba',
    });
    expect(res.statusCode).toBe(201);
    const e = res.json().data;
    expect(e).toMatchObject({
      name: 'EPS Demo Santander',
      code: 'EPS999',
      status: 'active',
      has_agreement: false,
      agreement_date: null,
      notes: 'Prueba',
    });
    expect((await agent({ method: 'GET', url: `/api/eps/${e.id}` })).json().data.code).toBe('EPS999');
    const off = await put(e.id, { status: 'inactive', code: 'eps-998' });
    expect(off.json().data).toMatchObject({ status: 'inactive', code: 'EPS-998' });
    const del = await admin({ method: 'DELETE', url: `/api/eps/${e.id}` });
    expect(del.json()).toEqual({ success: true, message: 'EPS eliminada' });
    expect((await agent({ method: 'GET', url: `/api/eps/${e.id}` })).statusCode).toBe(404);
    const audits = await t.app.deps.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.tableName, 'eps'), eq(auditLog.recordId, String(e.id))))
      .orderBy(auditLog.id);
    expect(audits.map((a) => a.action)).toEqual(['create', 'update', 'delete']);
  });

  it('requires name and code and refuses duplicates', async () => {
    const none = await create({});
    expect(none.statusCode).toBe(400);
    expect(none.json().errors).toMatchObject({
      name: ['Ingresa el nombre de la EPS'],
      code: ['Ingresa el código de la EPS'],
    });
    expect((await create({ name: 'X', code: 'A B' })).json().errors.code).toEqual([
      'El código solo admite letras, números y guiones',
    ]);
    expect((await create({ name: 'X', code: 'X1', status: 'cerrada' })).json().errors.status).toEqual([
      'Estado inválido',
    ]);
    const dupCode = await create({ name: 'Otra', code: 'eps037' });
    expect(dupCode.statusCode).toBe(409);
    expect(dupCode.json().message).toBe('Ya existe una EPS con ese código');
    const dupName = await create({ name: 'NUEVA EPS', code: 'NEW001' });
    expect(dupName.statusCode).toBe(409);
    expect(dupName.json().message).toBe('Ya existe una EPS con ese nombre');
  });
});

describe('EPS agreement rules (spec part 2 §4)', () => {
  it('dates an agreement when it exists and edits the date only while it exists', async () => {
    const e = (
      await create({
        name: 'EPS Convenio',
        code: 'CONV01',
        has_agreement: true,
        agreement_date: '2025-02-01',
      })
    ).json().data;
    expect(e).toMatchObject({ has_agreement: true, agreement_date: '2025-02-01' });
    expect((await put(e.id, { agreement_date: '2025-03-01' })).json().data.agreement_date).toBe('2025-03-01');
    expect((await put(e.id, { agreement_date: '2025-02-30' })).json().errors.agreement_date).toEqual([
      'Fecha de convenio inválida (AAAA-MM-DD)',
    ]);
  });

  it('turning the agreement off keeps a date that already exists, and drops the one the request brings', async () => {
    const e = (
      await create({ name: 'EPS Apagar', code: 'OFF001', has_agreement: true, agreement_date: '2024-06-15' })
    ).json().data;
    const off = await put(e.id, { has_agreement: false, agreement_date: null });
    expect(off.statusCode).toBe(200);
    expect(off.json().data).toMatchObject({ has_agreement: false, agreement_date: '2024-06-15' });
    // Once off, the date cannot be edited.
    const edit = await put(e.id, { agreement_date: '2025-01-01' });
    expect(edit.statusCode).toBe(400);
    expect(edit.json().message).toBe(
      'La fecha del convenio solo se puede editar mientras exista un convenio',
    );
    // Sending the same date back (a whole form) is not an edit.
    expect((await put(e.id, { agreement_date: '2024-06-15', notes: 'sin cambio de fecha' })).statusCode).toBe(
      200,
    );
    // Back on, it is editable again.
    expect(
      (await put(e.id, { has_agreement: true, agreement_date: '2025-01-01' })).json().data.agreement_date,
    ).toBe('2025-01-01');
  });

  it('turning off an agreement that never had a date clears the date the form still carries', async () => {
    const e = (await create({ name: 'EPS Sin Fecha', code: 'OFF002', has_agreement: true })).json().data;
    expect(e.agreement_date).toBeNull();
    const off = await put(e.id, { has_agreement: false, agreement_date: '2025-05-05' });
    expect(off.json().data).toMatchObject({ has_agreement: false, agreement_date: null });
  });

  it('refuses a date on an EPS created without agreement', async () => {
    const res = await create({
      name: 'EPS Fecha Suelta',
      code: 'OFF003',
      has_agreement: false,
      agreement_date: '2025-01-01',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('La fecha del convenio solo se puede editar mientras exista un convenio');
  });
});

describe('EPS permissions', () => {
  it('lets every role read and only admin and supervisor write', async () => {
    for (const role of ['agent', 'doctor', 'reception'] as const) {
      const call = as(t.app, await loginAs(t.app, `${role}@test.ips.co`));
      expect((await call({ method: 'GET', url: '/api/eps' })).statusCode).toBe(200);
      expect(
        (await call({ method: 'POST', url: '/api/eps', payload: { name: 'E', code: 'E1' } })).statusCode,
      ).toBe(403);
      expect(
        (await call({ method: 'PUT', url: '/api/eps/1', payload: { status: 'inactive' } })).statusCode,
      ).toBe(403);
      expect((await call({ method: 'DELETE', url: '/api/eps/1' })).statusCode).toBe(403);
    }
    const supervisor = as(t.app, await loginAs(t.app, 'supervisor@test.ips.co'));
    expect(
      (
        await supervisor({
          method: 'POST',
          url: '/api/eps',
          payload: { name: 'EPS Supervisor', code: 'SUP001' },
        })
      ).statusCode,
    ).toBe(201);
  });
});
