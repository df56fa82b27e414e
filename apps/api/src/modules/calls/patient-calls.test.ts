import { describe, expect, it } from 'vitest';
import { calls } from '../../db/schema/calls';
import { createPatient } from '../../test/factories/patients';
import { callsFixture, handMade, registerCall } from './test-factory';

/** GET /calls?patient_id=: the patient detail's 'Llamadas' (issue 17), paged, in the access log, not for doctors. */
const ctx = callsFixture();

const accessRows = (patientId: number) =>
  ctx.t.app.deps.database.query<{ action: string; user_id: number }>(
    'select action, user_id from patient_access_log where patient_id = $1 order by id',
    [patientId],
  );

describe('GET /calls?patient_id=', () => {
  it("pages one patient's calls newest first, and only theirs", async () => {
    const ana = await createPatient(ctx.c.admin, { name: 'Ana Llamadas' });
    const other = await createPatient(ctx.c.admin, { name: 'Otro Paciente' });
    // A call registered with the document is linked to the patient (decision 030).
    const linked = await registerCall(ctx.c.agent, {
      patient_name: 'Ana Llamadas',
      patient_document: ana.document,
    });
    const now = new Date();
    await ctx.t.app.deps.db.insert(calls).values([
      ...Array.from({ length: 12 }, (_, i) => ({
        ...handMade(now, {
          name: 'Ana Llamadas',
          status: 'ended',
          started: 600 * (i + 1),
          answered: 600 * (i + 1) - 10,
          ended: 600 * (i + 1) - 60,
        }),
        patientId: ana.id,
      })),
      {
        ...handMade(now, { name: 'Otro', status: 'waiting', started: 30, waitingSince: 30 }),
        patientId: other.id,
      },
    ]);

    const first = await ctx.c.reception({ method: 'GET', url: `/api/calls?patient_id=${ana.id}&limit=5` });
    expect(first.statusCode, first.body).toBe(200);
    const body = first.json();
    expect(body).toMatchObject({ success: true, total: 13, limit: 5, offset: 0 });
    expect(body.items).toHaveLength(5);
    expect(body.items[0].id).toBe(linked.id); // registered just now: the newest
    const times = body.items.map((c: { started_at: string }) => c.started_at);
    expect([...times].sort().reverse()).toEqual(times);

    const seen = new Set<number>();
    for (let offset = 0; offset < 13; offset += 5) {
      const page = (
        await ctx.c.agent({ method: 'GET', url: `/api/calls?patient_id=${ana.id}&limit=5&offset=${offset}` })
      ).json();
      for (const c of page.items) seen.add(c.id);
    }
    expect(seen.size).toBe(13);
    const deep = await ctx.c.agent({ method: 'GET', url: `/api/calls?patient_id=${ana.id}&offset=50` });
    expect(deep.json()).toMatchObject({ total: 13, items: [] });
    // Default page size 10.
    expect(
      (await ctx.c.admin({ method: 'GET', url: `/api/calls?patient_id=${ana.id}` })).json().items,
    ).toHaveLength(10);
  });

  it("writes the patient's access log for each read; a missing patient is 404 and leaves none", async () => {
    const p = await createPatient(ctx.c.admin, { name: 'Registro Accesos' });
    const before = (await accessRows(p.id)).length;
    await ctx.c.supervisor({ method: 'GET', url: `/api/calls?patient_id=${p.id}` });
    const rows = await accessRows(p.id);
    expect(rows).toHaveLength(before + 1);
    expect(rows.at(-1)!.action).toBe('GET /api/calls');
    const missing = await ctx.c.agent({ method: 'GET', url: '/api/calls?patient_id=999999' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('Paciente no encontrado');
    expect(await accessRows(999999)).toHaveLength(0);
  });

  it('refuses a missing or bad patient id and bad paging with a Spanish 400; doctors get 403', async () => {
    for (const [qs, message] of [
      ['', 'Paciente inválido'],
      ['patient_id=abc', 'Paciente inválido'],
      ['patient_id=1&limit=101', 'El límite debe ser 100 o menor'],
      ['patient_id=1&offset=-1', 'El desplazamiento debe ser 0 o mayor'],
    ] as const) {
      const res = await ctx.c.agent({ method: 'GET', url: `/api/calls?${qs}` });
      expect(res.statusCode, qs).toBe(400);
      expect(res.json().message, qs).toBe(message);
    }
    const p = await createPatient(ctx.c.admin, { name: 'Sin Doctor' });
    expect((await ctx.c.doctor({ method: 'GET', url: `/api/calls?patient_id=${p.id}` })).statusCode).toBe(
      403,
    );
  });
});
