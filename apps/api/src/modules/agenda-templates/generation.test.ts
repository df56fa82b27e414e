import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { TEMPLATE_MESSAGES as M } from '@ips/shared/schemas/agenda-templates';
import { addDays } from '@ips/shared/scheduling/calendar-days';
import { onPostgres } from '../../test/helpers';
import { book, createAgenda, worldFixture, type World } from '../../test/factories/world';
import { createTemplate, lonelyMondayHoliday } from './test-factory';

const ctx = worldFixture();
let w: World;
beforeAll(() => {
  w = ctx.w;
});

const OVERLAP = 'El doctor ya tiene una agenda que se cruza con ese horario';

async function counts() {
  const res = await w.t.app.deps.db.execute<{ agendas: number; audit: number; events: number }>(sql`
    select (select count(*)::int from availabilities) as agendas,
      (select count(*)::int from audit_log) as audit,
      (select count(*)::int from event_log) as events`);
  return res.rows[0]!;
}

function generate(payload: Record<string, unknown>, call = w.c.reception) {
  return call({ method: 'POST', url: '/api/availability-templates/generate-schedule', payload });
}

describe('generation over a range with a holiday, a weekend and an existing agenda', () => {
  it('preview first (nothing written), then the same result written, all of it audited', async () => {
    const holiday = await lonelyMondayHoliday(w);
    const start = addDays(holiday, -4); // Thursday
    const end = addDays(holiday, 2); // Wednesday
    const tuesday = addDays(holiday, 1);
    await createAgenda(w, {
      doctor_id: w.drB,
      date: tuesday,
      start_time: '09:00',
      end_time: '10:00',
      capacity: 2,
    });
    const tpl = await createTemplate(w, { name: 'María mañanas', doctor_id: w.drB });
    const holidayName = (
      await w.c.admin({ method: 'GET', url: `/api/holidays?start_date=${holiday}&end_date=${holiday}` })
    ).json().data[0].name as string;
    const expected = {
      generated_count: 3,
      skipped_conflicts: [
        {
          template_id: tpl.id,
          date: holiday,
          start_time: null,
          end_time: null,
          kind: 'holiday',
          reason: `Festivo: ${holidayName}`,
        },
        {
          template_id: tpl.id,
          date: tuesday,
          start_time: '08:00',
          end_time: '12:00',
          kind: 'existing',
          reason: `${OVERLAP} (09:00–10:00)`,
        },
      ],
      agendas: [start, addDays(start, 1), end].map((date) => ({
        template_id: tpl.id,
        date,
        start_time: '08:00',
        end_time: '12:00',
        capacity: 8,
      })),
    };

    const before = await counts();
    const preview = await generate({ template_id: tpl.id, start_date: start, end_date: end, dry_run: true });
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json().data).toEqual({ ...expected, dry_run: true });
    expect(preview.json().message).toBe('Vista previa: 3 agendas, 2 omitidas');
    expect(await counts()).toEqual(before);

    const done = await generate({ template_id: tpl.id, start_date: start, end_date: end });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().data).toEqual({ ...expected, dry_run: false });
    expect(done.json().message).toBe('Generadas 3. Omitidas 2');

    const list = await w.c.admin({
      method: 'GET',
      url: `/api/availabilities?doctor_id=${w.drB}&start_date=${start}&end_date=${end}`,
    });
    expect(
      list
        .json()
        .data.map((a: Record<string, unknown>) => [
          a.date,
          a.start_time,
          a.capacity,
          a.duration_minutes,
          a.status,
        ]),
    ).toEqual([
      [start, '08:00:00', 8, 30, 'Activa'],
      [addDays(start, 1), '08:00:00', 8, 30, 'Activa'],
      [tuesday, '09:00:00', 2, 30, 'Activa'],
      [end, '08:00:00', 8, 30, 'Activa'],
    ]);
    const audit = await w.t.app.deps.db.execute<{ table_name: string; action: string; n: number }>(sql`
      select table_name, action, count(*)::int as n from audit_log
      where request_id is not null and (table_name = 'agenda_templates' and record_id = ${String(tpl.id)}
        or table_name = 'availabilities' and (new_values->>'template_id')::int = ${tpl.id})
      group by 1, 2 order by 1, 2`);
    expect(audit.rows).toEqual([
      { table_name: 'agenda_templates', action: 'create', n: 1 },
      { table_name: 'agenda_templates', action: 'generate', n: 1 },
      { table_name: 'availabilities', action: 'create', n: 3 },
    ]);

    // Run again: everything already there is skipped, nothing doubles.
    const again = await generate({ template_id: tpl.id, start_date: start, end_date: end });
    expect(again.json().data.generated_count).toBe(0);
    expect(again.json().data.skipped_conflicts.map((s: { kind: string }) => s.kind)).toEqual([
      'existing',
      'existing',
      'holiday',
      'existing',
      'existing',
    ]);

    // Analytics: 3 agendas of capacity 8; one appointment booked in one of them.
    const agendaId = list.json().data[0].id as number;
    await book(w, { id: agendaId, date: start, doctor_id: w.drB }, '08:00');
    const stats = await w.c.admin({
      method: 'GET',
      url: `/api/agenda-templates/analytics?template_id=${tpl.id}`,
    });
    expect(stats.json()).toMatchObject({ total: 1, page: 1 });
    expect(stats.json().data).toEqual([
      {
        template_id: tpl.id,
        name: 'María mañanas',
        doctor_name: 'María Villamizar',
        agendas_generated: 3,
        active_agendas: 3,
        capacity_total: 24,
        booked_total: 1,
        occupancy_pct: 4.2,
        appointments_total: 1,
        appointments_by_status: { Confirmada: 1 },
        first_date: start,
        last_date: end,
      },
    ]);
  });

  it('with exclude_holidays false the holiday is generated; with skip_existing false a clash refuses the whole run', async () => {
    const holiday = await lonelyMondayHoliday(w, 60);
    const tpl = await createTemplate(w, { name: 'Festivos sí', doctor_id: w.drA, days_of_week: [1, 2] });
    const withHoliday = await generate({
      template_id: tpl.id,
      start_date: holiday,
      end_date: holiday,
      exclude_holidays: false,
      dry_run: true,
    });
    expect(withHoliday.json().data).toMatchObject({ generated_count: 1, skipped_conflicts: [] });

    await createAgenda(w, {
      doctor_id: w.drA,
      date: addDays(holiday, 1),
      start_time: '11:00',
      end_time: '13:00',
    });
    const before = await counts();
    const strict = await generate({
      template_id: tpl.id,
      start_date: holiday,
      end_date: addDays(holiday, 1),
      exclude_holidays: false,
      skip_existing: false,
    });
    expect(strict.statusCode).toBe(409);
    expect(strict.json().message).toBe(`${addDays(holiday, 1)}: ${OVERLAP} (11:00–13:00)`);
    expect(await counts()).toEqual(before);
  });

  it('skips days before today and refuses an inactive or incomplete template', async () => {
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Bogota' }).format(new Date());
    const tpl = await createTemplate(w, {
      name: 'Todos los días',
      days_of_week: [1, 2, 3, 4, 5, 6, 7],
      doctor_id: w.drPed,
      specialty_id: w.pediatricsId,
    });
    const res = await generate({
      template_id: tpl.id,
      start_date: addDays(today, -2),
      end_date: addDays(today, -1),
      dry_run: true,
    });
    expect(res.json().data).toEqual({
      generated_count: 0,
      dry_run: true,
      agendas: [],
      skipped_conflicts: [addDays(today, -2), addDays(today, -1)].map((date) => ({
        template_id: tpl.id,
        date,
        start_time: null,
        end_time: null,
        kind: 'past',
        reason: 'Fecha pasada',
      })),
    });
    await w.c.admin({ method: 'PUT', url: `/api/agenda-templates/${tpl.id}`, payload: { active: false } });
    const inactive = await generate({ template_id: tpl.id, start_date: today, end_date: today });
    expect(inactive.statusCode).toBe(409);
    expect(inactive.json().message).toBe('La plantilla "Todos los días" está inactiva');
    const draft = await createTemplate(w, { name: 'Borrador', doctor_id: null });
    const incomplete = await generate({ template_id: draft.id, start_date: today, end_date: today });
    expect(incomplete.statusCode).toBe(400);
    expect(incomplete.json().message).toBe(
      'La plantilla "Borrador" debe tener doctor, especialidad y ubicación para generar agendas',
    );
    expect((await generate({ template_id: 999_999, start_date: today, end_date: today })).statusCode).toBe(
      404,
    );
  });

  it('validates the request with the spec messages', async () => {
    const res = await generate({ start_date: '', end_date: '2030-02-30' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toMatchObject({
      template_id: [M.saveFirst],
      start_date: [M.range],
      end_date: [M.date],
    });
    const order = await generate({ template_id: 1, start_date: '2030-02-02', end_date: '2030-02-01' });
    expect(order.json().errors.end_date).toEqual([M.rangeOrder]);
    const long = await generate({ template_id: 1, start_date: '2030-01-01', end_date: '2031-01-02' });
    expect(long.json().errors.end_date).toEqual([M.rangeLength]);
    const bulk = await w.c.admin({
      method: 'POST',
      url: '/api/agenda-templates/generate-bulk',
      payload: { template_ids: [], start_date: '2030-01-01', end_date: '2030-01-01' },
    });
    expect(bulk.json().errors.template_ids).toEqual([M.templates]);
  });
});

describe('bulk generation and concurrency', () => {
  it('bulk: several doctors at once, all or nothing, one template of a doctor sees the other', async () => {
    const holiday = await lonelyMondayHoliday(w, 120);
    const start = addDays(holiday, -4);
    const end = addDays(holiday, 2);
    const a = await createTemplate(w, { name: 'Bulk A', doctor_id: w.drA });
    const b = await createTemplate(w, {
      name: 'Bulk B',
      doctor_id: w.drB,
      time_slots: [{ start: '14:00', end: '18:00', capacity: 4 }],
    });
    // Same doctor as A, crossing A's slot: what A plans first, B2 skips.
    const a2 = await createTemplate(w, {
      name: 'Bulk A2',
      doctor_id: w.drA,
      time_slots: [{ start: '10:00', end: '11:00', capacity: 2 }],
    });
    const missing = await w.c.admin({
      method: 'POST',
      url: '/api/agenda-templates/generate-bulk',
      payload: { template_ids: [a.id, 999_998], start_date: start, end_date: end },
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('Plantillas no encontradas: 999998');

    const res = await w.c.supervisor({
      method: 'POST',
      url: '/api/availability-templates/generate-bulk',
      payload: { template_ids: [a.id, b.id, a2.id], start_date: start, end_date: end },
    });
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data.generated_count).toBe(8);
    expect(data.templates).toEqual([
      { template_id: a.id, generated_count: 4, skipped_count: 1 },
      { template_id: b.id, generated_count: 4, skipped_count: 1 },
      { template_id: a2.id, generated_count: 0, skipped_count: 5 },
    ]);
    expect(data.agendas).toBeUndefined();
    const stored = await w.t.app.deps.db.execute<{ n: number }>(
      sql`select count(*)::int as n from availabilities where template_id in (${a.id}, ${b.id}, ${a2.id})`,
    );
    expect(stored.rows[0]!.n).toBe(8);
  });

  it.skipIf(!onPostgres)('two generations at once for one doctor never create crossing agendas', async () => {
    const holiday = await lonelyMondayHoliday(w, 200);
    const start = addDays(holiday, 1);
    const end = addDays(holiday, 30);
    const t1 = await createTemplate(w, { name: 'Carrera 1', doctor_id: w.drB });
    const t2 = await createTemplate(w, {
      name: 'Carrera 2',
      doctor_id: w.drB,
      time_slots: [{ start: '09:00', end: '13:00', capacity: 3 }],
    });
    const runs = await Promise.all(
      [t1, t2, t1, t2].map((t) => generate({ template_id: t.id, start_date: start, end_date: end })),
    );
    expect(runs.map((r) => r.statusCode).filter((s) => s !== 200 && s !== 409)).toEqual([]);
    const overlaps = await w.t.app.deps.db.execute<{ n: number }>(sql`
      select count(*)::int as n from availabilities x join availabilities y
        on x.doctor_id = y.doctor_id and x.id < y.id and x.date = y.date
        and x.start_time < y.end_time and y.start_time < x.end_time
      where x.doctor_id = ${w.drB} and x.status <> 'Cancelada' and y.status <> 'Cancelada'`);
    expect(overlaps.rows[0]!.n).toBe(0);
    const generated = runs
      .filter((r) => r.statusCode === 200)
      .reduce((n, r) => n + r.json().data.generated_count, 0);
    const stored = await w.t.app.deps.db.execute<{ n: number }>(
      sql`select count(*)::int as n from availabilities where template_id in (${t1.id}, ${t2.id})`,
    );
    expect(stored.rows[0]!.n).toBe(generated);
    expect(generated).toBeGreaterThan(0);
  });
});
