import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { TEMPLATE_MESSAGES as M } from '@ips/shared/schemas/agenda-templates';
import { worldFixture, type World } from '../../test/factories/world';
import { createTemplate, templatePayload } from './test-factory';

const ctx = worldFixture();
let w: World;
beforeAll(() => {
  w = ctx.w;
});

async function refused(payload: Record<string, unknown>, url = '/api/agenda-templates') {
  const res = await w.c.admin({ method: 'POST', url, payload });
  expect(res.statusCode, res.body).toBe(400);
  return res.json() as { message: string; errors: Record<string, string[]> };
}

describe('agenda template validation (spec part 2 §5), in Spanish', () => {
  it('name of 2 to 100 characters: "Nombre muy corto"', async () => {
    expect((await refused(templatePayload(w, { name: 'A' }))).errors.name).toEqual([M.nameShort]);
    expect((await refused(templatePayload(w, { name: undefined }))).errors.name).toEqual([M.nameShort]);
    expect((await refused(templatePayload(w, { name: 'x'.repeat(101) }))).errors.name).toEqual([M.nameLong]);
  });

  it('at least one slot, times HH:MM, capacity 1 to 50', async () => {
    expect((await refused(templatePayload(w, { time_slots: [] }))).errors.time_slots).toEqual([M.slots]);
    expect((await refused(templatePayload(w, { time_slots: undefined }))).errors.time_slots).toEqual([
      M.slots,
    ]);
    const bad = await refused(
      templatePayload(w, {
        time_slots: [
          { start: '8:00', end: '12:00', capacity: 1 },
          { start: '14:00', end: '25:00', capacity: 1 },
        ],
      }),
    );
    expect(bad.errors['time_slots.0.start']).toEqual([M.time]);
    expect(bad.errors['time_slots.1.end']).toEqual([M.time]);
    for (const capacity of [0, 51, 2.5])
      expect(
        (await refused(templatePayload(w, { time_slots: [{ start: '08:00', end: '12:00', capacity }] })))
          .errors['time_slots.0.capacity'],
      ).toEqual([M.capacity]);
  });

  it('slots in order, not crossing, apart by the pause, each long enough for one appointment', async () => {
    const slots = (...s: [string, string][]) => s.map(([start, end]) => ({ start, end, capacity: 2 }));
    expect(
      (await refused(templatePayload(w, { time_slots: slots(['12:00', '08:00']) }))).errors[
        'time_slots.0.end'
      ],
    ).toEqual([M.slotOrder]);
    expect(
      (await refused(templatePayload(w, { time_slots: slots(['08:00', '12:00'], ['11:00', '13:00']) })))
        .errors['time_slots.1.start'],
    ).toEqual([M.slotOverlap]);
    expect(
      (
        await refused(
          templatePayload(w, {
            break_between_slots: 30,
            time_slots: slots(['08:00', '12:00'], ['12:15', '14:00']),
          }),
        )
      ).errors['time_slots.1.start'],
    ).toEqual(['Deje al menos 30 minutos entre horarios']);
    expect(
      (await refused(templatePayload(w, { duration_minutes: 60, time_slots: slots(['08:00', '08:30']) })))
        .errors['time_slots.0.end'],
    ).toEqual(['Cada horario debe durar al menos una cita (60 minutos)']);
  });

  it('days 1 to 7 (Monday is 1), duration 15 to 240, pause 0 to 60', async () => {
    expect((await refused(templatePayload(w, { days_of_week: [] }))).errors.days_of_week).toEqual([M.days]);
    expect((await refused(templatePayload(w, { days_of_week: [0, 8] }))).errors).toMatchObject({
      'days_of_week.0': [M.day],
      'days_of_week.1': [M.day],
    });
    for (const duration_minutes of [10, 245, 17])
      expect((await refused(templatePayload(w, { duration_minutes }))).errors.duration_minutes).toEqual([
        M.duration,
      ]);
    for (const break_between_slots of [-1, 61])
      expect((await refused(templatePayload(w, { break_between_slots }))).errors.break_between_slots).toEqual(
        [M.breakRange],
      );
  });

  it('doctor, specialty and location must exist, and the doctor must practise it there', async () => {
    const res = await w.c.admin({
      method: 'POST',
      url: '/api/agenda-templates',
      payload: templatePayload(w, { doctor_id: 999_999 }),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.doctor_id).toEqual(['El doctor seleccionado no existe']);
    const wrong = await w.c.admin({
      method: 'POST',
      url: '/api/agenda-templates',
      payload: templatePayload(w, { doctor_id: w.drPed }),
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors.doctor_id).toEqual(['El doctor no atiende la especialidad seleccionada']);
  });

  it('the database refuses a broken template even when the schema is bypassed', async () => {
    const db = w.t.app.deps.db;
    await expect(
      db.execute(sql`insert into agenda_templates (name, days_of_week, time_slots)
        values ('Rota', '{1}', '[{"start":"12:00","end":"08:00","capacity":1}]')`),
    ).rejects.toThrow();
    await expect(
      db.execute(
        sql`insert into agenda_templates (name, days_of_week, time_slots) values ('Rota', '{8}', '[]')`,
      ),
    ).rejects.toThrow();
    await expect(
      db.execute(sql`insert into agenda_templates (name, days_of_week, time_slots)
        values ('Rota', '{1}', '[{"start":"08:00","end":"12:00","capacity":51}]')`),
    ).rejects.toThrow();
  });
});

describe('agenda template CRUD', () => {
  it('creates with the defaults, accepts JSON text, reads by both names, edits, duplicates and deletes', async () => {
    const created = await w.c.reception({
      method: 'POST',
      url: '/api/availability-templates',
      payload: {
        name: 'Pediatría tardes',
        doctor_id: w.drPed,
        specialty_id: w.pediatricsId,
        location_id: w.northId,
        days_of_week: '[3, 1, 1]',
        time_slots: '[{"start":"14:00","end":"18:00","capacity":4},{"start":"08:00","end":"12:00"}]',
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({
      message: 'Plantilla creada',
      data: {
        name: 'Pediatría tardes',
        doctor_name: 'Diana Jaimes',
        specialty_name: 'Pediatría',
        location_name: 'Sede Norte',
        days_of_week: [1, 3],
        time_slots: [
          { start: '08:00', end: '12:00', capacity: 1 },
          { start: '14:00', end: '18:00', capacity: 4 },
        ],
        duration_minutes: 30,
        break_between_slots: 0,
        active: true,
      },
    });
    const id = created.json().data.id as number;
    const read = await w.c.admin({ method: 'GET', url: `/api/agenda-templates/${id}` });
    expect(read.json().data).toEqual(created.json().data);

    const edited = await w.c.admin({
      method: 'PUT',
      url: `/api/agenda-templates/${id}`,
      payload: { break_between_slots: 60, description: 'Martes no' },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({
      message: 'Plantilla actualizada',
      data: { break_between_slots: 60, description: 'Martes no', days_of_week: [1, 3] },
    });
    // The merged template is checked whole: a pause that no longer fits between the stored slots is refused.
    const tooLong = await w.c.admin({
      method: 'PUT',
      url: `/api/agenda-templates/${id}`,
      payload: {
        time_slots: [
          { start: '08:00', end: '12:00' },
          { start: '12:30', end: '14:00' },
        ],
      },
    });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().errors['time_slots.1.start']).toEqual(['Deje al menos 60 minutos entre horarios']);

    const copy = await w.c.admin({ method: 'POST', url: `/api/agenda-templates/${id}/duplicate` });
    expect(copy.statusCode).toBe(201);
    expect(copy.json()).toMatchObject({
      message: 'Plantilla duplicada',
      data: { name: 'Pediatría tardes (copia)', days_of_week: [1, 3], break_between_slots: 60 },
    });
    expect(copy.json().data.id).not.toBe(id);

    const del = await w.c.admin({ method: 'DELETE', url: `/api/agenda-templates/${id}` });
    expect(del.json()).toEqual({ success: true, message: 'Eliminada' });
    expect((await w.c.admin({ method: 'GET', url: `/api/agenda-templates/${id}` })).statusCode).toBe(404);
    expect((await w.c.admin({ method: 'DELETE', url: `/api/agenda-templates/${id}` })).statusCode).toBe(404);

    const audit = await w.t.app.deps.db.execute<{ action: string }>(
      sql`select action from audit_log where table_name = 'agenda_templates' and record_id = ${String(id)} order by id`,
    );
    expect(audit.rows.map((r) => r.action)).toEqual(['create', 'update', 'delete']);
  });

  it('a long name keeps 100 characters when duplicated; the list pages and searches on the server', async () => {
    const long = await createTemplate(w, { name: `Plantilla ${'x'.repeat(90)}` });
    const copy = await w.c.admin({ method: 'POST', url: `/api/agenda-templates/${long.id}/duplicate` });
    expect(copy.json().data.name).toHaveLength(100);
    expect(copy.json().data.name.endsWith(' (copia)')).toBe(true);
    for (let i = 0; i < 3; i++) await createTemplate(w, { name: `Búsqueda ${i}` });
    const page = await w.c.admin({
      method: 'GET',
      url: '/api/agenda-templates?search=busqueda&limit=2&page=2',
    });
    expect(page.json()).toMatchObject({ total: 3, page: 2, limit: 2 });
    expect(page.json().data.map((t: { name: string }) => t.name)).toEqual(['Búsqueda 2']);
  });

  it('roles: agents and doctors get 403; reception manages but cannot generate in bulk', async () => {
    const tpl = await createTemplate(w, { name: 'Roles' });
    const calls = [
      { method: 'GET' as const, url: '/api/agenda-templates' },
      { method: 'GET' as const, url: `/api/availability-templates/${tpl.id}` },
      { method: 'GET' as const, url: '/api/availability-templates/analytics' },
      { method: 'POST' as const, url: '/api/agenda-templates', payload: templatePayload(w) },
      { method: 'POST' as const, url: `/api/agenda-templates/${tpl.id}/duplicate` },
      { method: 'DELETE' as const, url: `/api/agenda-templates/${tpl.id}` },
    ];
    for (const call of calls)
      for (const role of ['agent', 'doctor'] as const) {
        const res = await w.c[role](call);
        expect(res.statusCode, `${role} ${call.method} ${call.url}`).toBe(403);
        expect(res.json().error).toBe('Acceso denegado');
      }
    const bulk = await w.c.reception({
      method: 'POST',
      url: '/api/agenda-templates/generate-bulk',
      payload: { template_ids: [tpl.id], start_date: '2030-01-01', end_date: '2030-01-02', dry_run: true },
    });
    expect(bulk.statusCode).toBe(403);
    expect((await w.c.reception({ method: 'GET', url: `/api/agenda-templates/${tpl.id}` })).statusCode).toBe(
      200,
    );
  });
});
