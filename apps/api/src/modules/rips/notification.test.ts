import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { TestApp } from '../../test/helpers';
import { worldFixture, type World } from '../../test/factories/world';
import { buildPkg, completedAppointment, ripsPatient, ripsSetup, saveAttendance } from './test-factory';

/** 'Paquete RIPS con problemas': raised once per cause while the problems last, cleared when fixed (issue 22). */
const ctx = worldFixture();
let t: TestApp;
let w: World;
beforeAll(async () => {
  ({ t, w } = ctx);
  await ripsSetup(w);
});

const notifications = async () =>
  (
    await t.app.deps.db.execute<{ title: string; link: string }>(sql`
      select n.title, n.link from notifications n join users u on u.id = n.user_id
       where n.type = 'rips_problems' and u.email = 'admin@test.ips.co' order by n.id`)
  ).rows;
const conditions = async () =>
  (
    await t.app.deps.db.execute<{ key: string }>(
      sql`select key from notification_conditions where key like 'rips_problems:%' order by key`,
    )
  ).rows.map((r) => r.key);

describe('RIPS package with problems notification', () => {
  it('is raised once per cause, not again while it lasts, cleared when fixed and raised anew after', async () => {
    const p = await ripsPatient(w, {}, null);
    const a = await completedAppointment(w, p, '08:00', { daysAgo: 4 });
    await saveAttendance(w, a.id);
    const body = { invoice_number: null, from: a.date, to: a.date };

    const first = await buildPkg(w, body);
    expect(first.problems_count).toBe(1);
    expect(await notifications()).toEqual([
      {
        title: `Paquete RIPS con problemas: RIPS sin factura del ${a.date} al ${a.date}`,
        link: `/rips?package=${first.id}`,
      },
    ]);
    await buildPkg(w, body);
    expect(await notifications()).toHaveLength(1);
    expect(await conditions()).toEqual([`rips_problems:RS|${a.date}|${a.date}|*`]);
    // Another cause (the same period for one EPS) is its own condition.
    const eps = (await t.app.deps.db.execute<{ id: number }>(sql`select id from eps order by id limit 1`))
      .rows[0]!.id;
    await t.app.deps.db.execute(sql`update patients set insurance_eps_id = ${eps} where id = ${p}`);
    await buildPkg(w, { ...body, eps_id: eps });
    expect(await notifications()).toHaveLength(2);

    await w.c.reception({ method: 'PUT', url: `/api/rips/patients/${p}`, payload: { rips_zone: '01' } });
    expect((await buildPkg(w, body)).problems_count).toBe(0);
    expect(await conditions()).toEqual([`rips_problems:RS|${a.date}|${a.date}|${eps}`]);
    expect(await notifications()).toHaveLength(2);

    await w.c.reception({ method: 'PUT', url: `/api/rips/patients/${p}`, payload: { rips_zone: null } });
    await buildPkg(w, body);
    expect(await notifications()).toHaveLength(3);
  });
});
