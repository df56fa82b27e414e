import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { auditLog } from '../../db/schema/system';
import { as, buildTestApp, loginAs, type TestApp } from '../../test/helpers';

let t: TestApp;
let admin: ReturnType<typeof as>;
let agent: ReturnType<typeof as>;
let epsId: number;
let inactiveEpsId: number;
let loc: number;
let s1: number;
let s2: number;

beforeAll(async () => {
  t = await buildTestApp();
  admin = as(t.app, await loginAs(t.app, 'admin@test.ips.co'));
  agent = as(t.app, await loginAs(t.app, 'agent@test.ips.co'));
  epsId = (await admin({ method: 'GET', url: '/api/eps?q=EPS037' })).json().data[0].id;
  inactiveEpsId = (
    await admin({
      method: 'POST',
      url: '/api/eps',
      payload: { name: 'EPS Liquidada', code: 'LIQ001', status: 'inactive' },
    })
  ).json().data.id;
  loc = (await admin({ method: 'POST', url: '/api/locations', payload: { name: 'Sede Cabecera' } })).json()
    .data.id;
  s1 = (
    await admin({ method: 'POST', url: '/api/specialties', payload: { name: 'Medicina General' } })
  ).json().data.id;
  s2 = (await admin({ method: 'POST', url: '/api/specialties', payload: { name: 'Pediatría' } })).json().data
    .id;
});
afterAll(async () => t?.close());

const batch = (authorizations: unknown) =>
  admin({ method: 'POST', url: '/api/eps-authorizations/batch', payload: { authorizations } as object });

describe('EPS authorizations', () => {
  it('creates a batch dated today, lists it with names and validity, and audits it', async () => {
    const res = await batch([
      { eps_id: epsId, location_id: loc, specialty_id: s1, authorized: true },
      {
        eps_id: epsId,
        location_id: loc,
        specialty_id: s2,
        authorized: true,
        authorization_date: '2024-02-01',
        notes: 'Convenio 2024',
      },
    ]);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Autorizaciones guardadas');
    const data = res.json().data;
    expect(data).toMatchObject({ created: 2, updated: 0 });
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Bogota' }).format(new Date());
    expect(data.authorizations).toEqual([
      expect.objectContaining({
        eps_name: 'Nueva EPS',
        eps_code: 'EPS037',
        specialty_name: 'Medicina General',
        location_name: 'Sede Cabecera',
        authorization_date: today,
        is_currently_valid: true,
      }),
      expect.objectContaining({
        specialty_name: 'Pediatría',
        authorization_date: '2024-02-01',
        notes: 'Convenio 2024',
        is_currently_valid: true,
      }),
    ]);

    const list = await agent({ method: 'GET', url: `/api/eps-authorizations?eps_id=${epsId}` });
    expect(list.json().total).toBe(2);
    const specs = await agent({
      method: 'GET',
      url: `/api/eps-authorizations/eps/${epsId}/location/${loc}/specialties`,
    });
    expect(specs.json().data.map((a: { specialty_id: number }) => a.specialty_id)).toEqual([s1, s2]);
    const audits = await t.app.deps.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.tableName, 'eps_authorizations'), eq(auditLog.action, 'create')))
      .orderBy(auditLog.id);
    expect(audits).toHaveLength(2);
  });

  it('updates existing ones in place, keeping what the batch leaves out, and computes validity', async () => {
    const future = await batch([
      { eps_id: epsId, location_id: loc, specialty_id: s1, authorization_date: '2999-01-01' },
    ]);
    expect(future.json().data).toMatchObject({ created: 0, updated: 1 });
    expect(future.json().data.authorizations[0]).toMatchObject({
      authorization_date: '2999-01-01',
      is_currently_valid: false,
    });

    const expired = await batch([
      {
        eps_id: epsId,
        location_id: loc,
        specialty_id: s2,
        authorization_date: '2020-01-01',
        expiration_date: '2020-12-31',
      },
    ]);
    expect(expired.json().data.authorizations[0]).toMatchObject({
      notes: 'Convenio 2024',
      is_currently_valid: false,
    });

    const revoked = await batch([
      { eps_id: epsId, location_id: loc, specialty_id: s2, authorized: false, expiration_date: null },
    ]);
    expect(revoked.json().data.authorizations[0]).toMatchObject({
      authorized: false,
      is_currently_valid: false,
      authorization_date: '2020-01-01',
    });
    const specs = await agent({
      method: 'GET',
      url: `/api/eps-authorizations/eps/${epsId}/location/${loc}/specialties`,
    });
    expect(specs.json().data.map((a: { specialty_id: number }) => a.specialty_id)).toEqual([s1]);
  });

  it('two concurrent saves of the same new authorization both succeed on one row', async () => {
    const s3 = (
      await admin({ method: 'POST', url: '/api/specialties', payload: { name: 'Nutrición' } })
    ).json().data.id;
    const item = { eps_id: epsId, location_id: loc, specialty_id: s3 };
    const [a, b] = await Promise.all([batch([{ ...item, notes: 'A' }]), batch([{ ...item, notes: 'B' }])]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(a.json().data.created + b.json().data.created).toBe(1);
    expect(
      (await agent({ method: 'GET', url: `/api/eps-authorizations?specialty_id=${s3}` })).json().total,
    ).toBe(1);
  });

  it("requires EPS and location with 'Debe seleccionar una EPS y una ubicación'", async () => {
    const res = await batch([{ specialty_id: s1 }]);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Debe seleccionar una EPS y una ubicación');
    expect(res.json().errors['authorizations.0.eps_id']).toEqual([
      'Debe seleccionar una EPS y una ubicación',
    ]);
    const noLocation = await batch([{ eps_id: epsId, specialty_id: s1 }]);
    expect(noLocation.json().message).toBe('Debe seleccionar una EPS y una ubicación');
    const empty = await batch([]);
    expect(empty.json().message).toBe('Debe seleccionar al menos una especialidad');
    const badDates = await batch([
      {
        eps_id: epsId,
        location_id: loc,
        specialty_id: s1,
        authorization_date: '2025-05-01',
        expiration_date: '2025-04-01',
      },
    ]);
    expect(badDates.json().errors['authorizations.0.expiration_date']).toEqual([
      'La fecha de vencimiento no puede ser anterior a la de autorización',
    ]);
    const twice = await batch([
      { eps_id: epsId, location_id: loc, specialty_id: s1 },
      { eps_id: epsId, location_id: loc, specialty_id: s1 },
    ]);
    expect(twice.json().message).toBe('La misma especialidad aparece dos veces para la misma EPS y sede');
    expect((await batch([{ eps_id: 999999, location_id: loc, specialty_id: s1 }])).json().message).toBe(
      'EPS no encontrada: 999999',
    );
    expect((await batch([{ eps_id: epsId, location_id: 999999, specialty_id: s1 }])).json().message).toBe(
      'Sede no encontrada: 999999',
    );
    expect((await batch([{ eps_id: epsId, location_id: loc, specialty_id: 999999 }])).json().message).toBe(
      'Especialidad no encontrada: 999999',
    );
  });

  it('refuses to authorize an inactive EPS', async () => {
    const res = await batch([{ eps_id: inactiveEpsId, location_id: loc, specialty_id: s1 }]);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('La EPS EPS Liquidada está inactiva y no se puede autorizar');
  });

  it('marks authorizations of an EPS that became inactive as not valid, and deletes', async () => {
    const other = (
      await admin({ method: 'POST', url: '/api/eps', payload: { name: 'EPS Temporal', code: 'TMP001' } })
    ).json().data.id;
    const a = (await batch([{ eps_id: other, location_id: loc, specialty_id: s1 }])).json().data
      .authorizations[0];
    expect(a.is_currently_valid).toBe(true);
    await admin({ method: 'PUT', url: `/api/eps/${other}`, payload: { status: 'inactive' } });
    const after = (await agent({ method: 'GET', url: `/api/eps-authorizations?eps_id=${other}` })).json()
      .data[0];
    expect(after).toMatchObject({ eps_status: 'inactive', is_currently_valid: false });
    const del = await admin({ method: 'DELETE', url: `/api/eps-authorizations/${a.id}` });
    expect(del.json()).toEqual({ success: true, message: 'Autorización eliminada' });
    expect((await admin({ method: 'DELETE', url: `/api/eps-authorizations/${a.id}` })).statusCode).toBe(404);
  });

  it('requires a session, lets every role read and only admin and supervisor write', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/eps-authorizations' })).statusCode).toBe(401);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/eps-authorizations/batch',
          payload: { authorizations: [] },
        })
      ).statusCode,
    ).toBe(401);
    for (const role of ['agent', 'doctor', 'reception'] as const) {
      const call = as(t.app, await loginAs(t.app, `${role}@test.ips.co`));
      expect((await call({ method: 'GET', url: '/api/eps-authorizations' })).statusCode).toBe(200);
      const write = await call({
        method: 'POST',
        url: '/api/eps-authorizations/batch',
        payload: { authorizations: [{ eps_id: epsId, location_id: loc, specialty_id: s1 }] },
      });
      expect(write.statusCode).toBe(403);
      expect((await call({ method: 'DELETE', url: '/api/eps-authorizations/1' })).statusCode).toBe(403);
    }
    const supervisor = as(t.app, await loginAs(t.app, 'supervisor@test.ips.co'));
    const ok = await supervisor({
      method: 'POST',
      url: '/api/eps-authorizations/batch',
      payload: { authorizations: [{ eps_id: epsId, location_id: loc, specialty_id: s2, authorized: true }] },
    });
    expect(ok.statusCode).toBe(200);
  });

  it('goes with its location when the location is deleted, and the audit keeps its id', async () => {
    const tmp = (
      await admin({ method: 'POST', url: '/api/locations', payload: { name: 'Sede Efímera' } })
    ).json().data.id;
    const a = (await batch([{ eps_id: epsId, location_id: tmp, specialty_id: s1 }])).json().data
      .authorizations[0];
    await admin({ method: 'DELETE', url: `/api/locations/${tmp}` });
    expect(
      (await agent({ method: 'GET', url: `/api/eps-authorizations?location_id=${tmp}` })).json().total,
    ).toBe(0);
    const [audit] = await t.app.deps.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.tableName, 'locations'),
          eq(auditLog.recordId, String(tmp)),
          eq(auditLog.action, 'delete'),
        ),
      )
      .orderBy(auditLog.id);
    expect((audit!.oldValues as { eps_authorization_ids: number[] }).eps_authorization_ids).toEqual([a.id]);
  });
});
