import { beforeAll, describe, expect, it } from 'vitest';
import { AGENDA_LIST_MAX } from '@ips/shared/schemas/availabilities';
import * as repo from './repo';
import { createAgenda, nextWeekday, worldFixture, type World } from '../../test/factories/world';

const ctx = worldFixture();
let w: World;
let date: string;
let ids: number[];

beforeAll(async () => {
  w = ctx.w;
  date = nextWeekday(4, 3);
  // Listed by start time: Diana Jaimes 07:00, Jorge Martínez 08:00, María Villamizar 14:00.
  const a = await createAgenda(w, { date, doctor_id: w.drA });
  const b = await createAgenda(w, { date, doctor_id: w.drB, start_time: '14:00', end_time: '18:00' });
  const p = await createAgenda(w, {
    date,
    doctor_id: w.drPed,
    specialty_id: w.pediatricsId,
    start_time: '07:00',
    end_time: '09:00',
  });
  ids = [p.id, a.id, b.id];
});

const get = async (qs: string) => {
  const res = await w.c.agent({ method: 'GET', url: `/api/availabilities?${qs}` });
  return { status: res.statusCode, body: res.json() };
};

describe('GET /availabilities pages like GET /appointments: total counts every match', () => {
  it('without paging: page 1 of up to AGENDA_LIST_MAX, total = every agenda', async () => {
    const { status, body } = await get(`date=${date}`);
    expect(status).toBe(200);
    expect(body).toMatchObject({ success: true, total: 3, page: 1, limit: AGENDA_LIST_MAX });
    expect(body.data.map((r: { id: number }) => r.id)).toEqual(ids);
  });

  it('a cut page says so: total above the rows returned; the next pages hold the rest, none twice', async () => {
    const first = await get(`date=${date}&page=1&limit=2`);
    expect(first.body).toMatchObject({ total: 3, page: 1, limit: 2 });
    expect(first.body.data).toHaveLength(2);
    const second = await get(`date=${date}&page=2&limit=2`);
    expect(second.body).toMatchObject({ total: 3, page: 2, limit: 2 });
    expect([...first.body.data, ...second.body.data].map((r: { id: number }) => r.id)).toEqual(ids);
    // Past the end: no rows, still the total.
    const past = await get(`date=${date}&page=3&limit=2`);
    expect(past.body).toMatchObject({ data: [], total: 3, page: 3 });
    // A full last page (limit = total) is counted, not assumed to be the last.
    expect((await get(`date=${date}&limit=3`)).body).toMatchObject({ total: 3, limit: 3 });
    // The filters apply to the total too.
    expect((await get(`date=${date}&specialty_id=${w.generalId}&limit=1`)).body).toMatchObject({ total: 2 });
    expect((await get(`date=${date}&status=Cancelada`)).body).toMatchObject({ data: [], total: 0 });
  });

  it('limit is capped at AGENDA_LIST_MAX; bad paging is a Spanish 400', async () => {
    expect((await get(`date=${date}&limit=${AGENDA_LIST_MAX * 5}`)).body).toMatchObject({
      limit: AGENDA_LIST_MAX,
      total: 3,
    });
    const zero = await get(`date=${date}&limit=0`);
    expect(zero.status).toBe(400);
    expect(JSON.stringify(zero.body)).toContain('El límite debe ser 1 o mayor');
    const page = await get(`date=${date}&page=0`);
    expect(page.status).toBe(400);
    expect(JSON.stringify(page.body)).toContain('La página debe ser 1 o mayor');
  });

  it('repo.listPage with a small cap: rows of the page and the count of all', async () => {
    const db = ctx.t.app.deps.db;
    const page = (limit: number, offset: number) =>
      repo
        .listPage(db, { date }, limit, offset)
        .then((r) => ({ ids: r.rows.map((x) => x.a.id), total: r.total }));
    expect(await page(1, 0)).toEqual({ ids: [ids[0]], total: 3 });
    expect(await page(1, 2)).toEqual({ ids: [ids[2]], total: 3 });
    expect(await page(2, 2)).toEqual({ ids: [ids[2]], total: 3 });
    expect(await page(2, 4)).toEqual({ ids: [], total: 3 });
    expect(await page(5, 0)).toEqual({ ids, total: 3 });
    expect(await repo.listPage(db, { date: '2001-01-01' }, 5, 0)).toEqual({ rows: [], total: 0 });
  });
});
