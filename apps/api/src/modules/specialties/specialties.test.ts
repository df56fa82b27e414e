import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { auditLog } from '../../db/schema/system';
import { as, buildTestApp, loginAs, type TestApp } from '../../test/helpers';

let t: TestApp;
let admin: ReturnType<typeof as>;
let supervisor: ReturnType<typeof as>;
let agent: ReturnType<typeof as>;
beforeAll(async () => {
  t = await buildTestApp();
  admin = as(t.app, await loginAs(t.app, 'admin@test.ips.co'));
  supervisor = as(t.app, await loginAs(t.app, 'supervisor@test.ips.co'));
  agent = as(t.app, await loginAs(t.app, 'agent@test.ips.co'));
});
afterAll(async () => t?.close());

const create = (payload: unknown) =>
  admin({ method: 'POST', url: '/api/specialties', payload: payload as object });

describe('specialties CRUD', () => {
  it('creates with defaults, reads, lists, updates and audits', async () => {
    const res = await create({ name: '  Pediatría ', description: 'Niños y adolescentes' });
    expect(res.statusCode).toBe(201);
    const s = res.json().data;
    expect(s).toMatchObject({
      name: 'Pediatría',
      description: 'Niños y adolescentes',
      default_duration_minutes: 30,
      active: true,
    });
    expect(res.json().message).toBe('Especialidad creada');

    const one = await agent({ method: 'GET', url: `/api/specialties/${s.id}` });
    expect(one.statusCode).toBe(200);
    expect(one.json().data.name).toBe('Pediatría');

    await create({ name: 'Cardiología', default_duration_minutes: '45' });
    const list = await agent({ method: 'GET', url: '/api/specialties?q=pediatria' });
    expect(list.json().data.map((x: { name: string }) => x.name)).toEqual(['Pediatría']);
    expect(list.json().total).toBe(1);

    const upd = await supervisor({
      method: 'PUT',
      url: `/api/specialties/${s.id}`,
      payload: { active: false, default_duration_minutes: 20 },
    });
    expect(upd.statusCode).toBe(200);
    expect(upd.json().data).toMatchObject({ active: false, default_duration_minutes: 20, name: 'Pediatría' });
    const inactive = await agent({ method: 'GET', url: '/api/specialties?active=false' });
    expect(inactive.json().data.map((x: { id: number }) => x.id)).toEqual([s.id]);

    const cleared = await admin({
      method: 'PUT',
      url: `/api/specialties/${s.id}`,
      payload: { description: '' },
    });
    expect(cleared.json().data.description).toBeNull();

    const audits = await t.app.deps.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.tableName, 'specialties'), eq(auditLog.recordId, String(s.id))))
      .orderBy(auditLog.id);
    expect(audits.map((a) => a.action)).toEqual(['create', 'update', 'update']);
    expect(audits[1]!.userId).toBe(t.users.supervisor.id);
  });

  it('takes an active default service, refuses an unknown (404) or inactive (400) one, and clears it', async () => {
    const service = (
      await admin({ method: 'POST', url: '/api/services', payload: { name: 'Consulta base' } })
    ).json().data;
    const off = (
      await admin({
        method: 'POST',
        url: '/api/services',
        payload: { name: 'Consulta retirada', active: false },
      })
    ).json().data;
    const s = (await create({ name: 'Otorrinolaringología', default_service_id: service.id })).json().data;
    expect(s.default_service_id).toBe(service.id);

    const unknown = await create({ name: 'Neurología', default_service_id: 999_999 });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('Servicio no encontrado');
    const inactive = await admin({
      method: 'PUT',
      url: `/api/specialties/${s.id}`,
      payload: { default_service_id: off.id },
    });
    expect(inactive.statusCode).toBe(400);
    expect(inactive.json().errors.default_service_id).toEqual([
      'El servicio está inactivo: elija un servicio activo',
    ]);
    expect(
      (await agent({ method: 'GET', url: `/api/specialties/${s.id}` })).json().data.default_service_id,
    ).toBe(service.id);
    expect((await agent({ method: 'GET', url: '/api/specialties?q=neurologia' })).json().total).toBe(0);

    const cleared = await admin({
      method: 'PUT',
      url: `/api/specialties/${s.id}`,
      payload: { default_service_id: '' },
    });
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json().data.default_service_id).toBeNull();
  });

  it('validates name and duration with the messages of the spec', async () => {
    const noName = await create({ default_duration_minutes: 30 });
    expect(noName.statusCode).toBe(400);
    expect(noName.json().errors.name).toEqual(['Nombre requerido']);
    const blank = await create({ name: '   ' });
    expect(blank.json().errors.name).toEqual(['Nombre requerido']);
    for (const bad of [9, 481, 30.5]) {
      const res = await create({ name: `X ${bad}`, default_duration_minutes: bad });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors.default_duration_minutes).toEqual(['Ingresa un valor entre 10 y 480 minutos']);
    }
    const nan = await create({ name: 'X', default_duration_minutes: 'mucho' });
    expect(nan.json().errors.default_duration_minutes).toEqual(['Duración inválida']);
    expect((await create({ name: 'Límite bajo', default_duration_minutes: 10 })).statusCode).toBe(201);
    expect((await create({ name: 'Límite alto', default_duration_minutes: 480 })).statusCode).toBe(201);
    const empty = await admin({ method: 'PUT', url: '/api/specialties/1', payload: {} });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe('No hay cambios para guardar');
  });

  it('refuses a duplicate name whatever its case with 409', async () => {
    expect((await create({ name: 'Dermatología' })).statusCode).toBe(201);
    const dup = await create({ name: 'DERMATOLOGÍA' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().message).toBe('Ya existe una especialidad con ese nombre');
  });

  it('answers 404 for an unknown id and 400 for a malformed one', async () => {
    expect((await agent({ method: 'GET', url: '/api/specialties/99999' })).statusCode).toBe(404);
    expect((await agent({ method: 'GET', url: '/api/specialties/99999/usage' })).statusCode).toBe(404);
    expect(
      (await admin({ method: 'PUT', url: '/api/specialties/99999', payload: { active: true } })).statusCode,
    ).toBe(404);
    expect((await admin({ method: 'DELETE', url: '/api/specialties/99999' })).statusCode).toBe(404);
    expect((await agent({ method: 'GET', url: '/api/specialties/abc' })).statusCode).toBe(400);
  });
});

describe('specialty usage and deletion', () => {
  it('counts doctors and locations, refuses deleting one in use and deletes one that is free', async () => {
    const s = (await create({ name: 'Ginecología' })).json().data;
    expect((await agent({ method: 'GET', url: `/api/specialties/${s.id}/usage` })).json().data).toEqual({
      doctors: 0,
      locations: 0,
      queue: 0,
    });

    const loc = (
      await admin({
        method: 'POST',
        url: '/api/locations',
        payload: { name: 'Sede Uso', specialty_ids: [s.id] },
      })
    ).json().data;
    for (const lic of ['RM-1', 'RM-2']) {
      const d = await admin({
        method: 'POST',
        url: '/api/doctors',
        payload: {
          name: `Doctora ${lic === 'RM-1' ? 'Uno' : 'Dos'}`,
          license_number: lic,
          specialty_ids: [s.id],
        },
      });
      expect(d.statusCode).toBe(201);
    }
    const usage = await agent({ method: 'GET', url: `/api/specialties/${s.id}/usage` });
    expect(usage.json().data).toEqual({ doctors: 2, locations: 1, queue: 0 });

    const refused = await admin({ method: 'DELETE', url: `/api/specialties/${s.id}` });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('Está asignada a 2 doctores, 1 sede y 0 en cola.');

    const free = (await create({ name: 'Nutrición' })).json().data;
    const del = await admin({ method: 'DELETE', url: `/api/specialties/${free.id}` });
    expect(del.statusCode).toBe(200);
    expect(del.json()).toEqual({ success: true, message: 'Especialidad eliminada' });
    expect((await agent({ method: 'GET', url: `/api/specialties/${free.id}` })).statusCode).toBe(404);
    expect(loc.id).toBeGreaterThan(0);
  });
});

// Issue 15, item 6: the queue counts, and a specialty used only by waiting patients is in use (part 2 §5).
describe('specialty usage counts the waiting queue', () => {
  let seq = 0;
  const patient = async () => {
    const res = await admin({
      method: 'POST',
      url: '/api/patients',
      payload: { document: `7700${++seq}0001`, name: 'Paciente En Cola', phone: '3001234567' },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data.id as number;
  };
  const enqueue = async (specialtyId: number) => {
    const res = await agent({
      method: 'POST',
      url: '/api/queue',
      payload: { patient_id: await patient(), specialty_id: specialtyId },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data.id as number;
  };
  const usageOf = async (id: number) =>
    (await agent({ method: 'GET', url: `/api/specialties/${id}/usage` })).json().data;

  it('counts the patients still in the queue, refuses the delete with 409 and deletes nothing', async () => {
    const made = await create({ name: 'Especialidad Con Cola' });
    expect(made.statusCode, made.body).toBe(201);
    const s = made.json().data;
    const [first, second, third] = [await enqueue(s.id), await enqueue(s.id), await enqueue(s.id)];
    // Taken by an agent is still in the queue; removed from it is not.
    expect(
      (await agent({ method: 'POST', url: `/api/queue/${second}/assign`, payload: {} })).statusCode,
    ).toBe(200);
    expect((await agent({ method: 'DELETE', url: `/api/queue/${third}` })).statusCode).toBe(200);
    expect(await usageOf(s.id)).toEqual({ doctors: 0, locations: 0, queue: 2 });

    const refused = await admin({ method: 'DELETE', url: `/api/specialties/${s.id}` });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('Está asignada a 0 doctores, 0 sedes y 2 en cola.');
    expect((await agent({ method: 'GET', url: `/api/specialties/${s.id}` })).statusCode).toBe(200);
    expect(first).toBeGreaterThan(0);
  });

  it('once nobody waits, past queue entries still hold it: 409 with the reason, not 404', async () => {
    const s = (await create({ name: 'Especialidad Con Historial' })).json().data;
    const entry = await enqueue(s.id);
    expect((await agent({ method: 'DELETE', url: `/api/queue/${entry}` })).statusCode).toBe(200);
    expect(await usageOf(s.id)).toEqual({ doctors: 0, locations: 0, queue: 0 });

    const refused = await admin({ method: 'DELETE', url: `/api/specialties/${s.id}` });
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json().message).toBe(
      'No se puede eliminar la especialidad: la usa 1 registro de la cola de espera. Desactívela para dejar de ofrecerla.',
    );
    expect((await agent({ method: 'GET', url: `/api/specialties/${s.id}` })).statusCode).toBe(200);
  });
});

describe('specialty permissions', () => {
  it('lets every role read and only admin and supervisor write', async () => {
    for (const role of ['agent', 'doctor', 'reception'] as const) {
      const call = as(t.app, await loginAs(t.app, `${role}@test.ips.co`));
      expect((await call({ method: 'GET', url: '/api/specialties' })).statusCode).toBe(200);
      expect(
        (await call({ method: 'POST', url: '/api/specialties', payload: { name: `De ${role}` } })).statusCode,
      ).toBe(403);
      expect(
        (await call({ method: 'PUT', url: '/api/specialties/1', payload: { active: false } })).statusCode,
      ).toBe(403);
      const del = await call({ method: 'DELETE', url: '/api/specialties/1' });
      expect(del.statusCode).toBe(403);
      expect(del.json().message).toBe('No tienes permisos para realizar esta acción');
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/specialties' })).statusCode).toBe(401);
    expect(
      (await supervisor({ method: 'POST', url: '/api/specialties', payload: { name: 'Psicología' } }))
        .statusCode,
    ).toBe(201);
  });
});
