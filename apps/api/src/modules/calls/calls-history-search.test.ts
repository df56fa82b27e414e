import { describe, expect, it } from 'vitest';
import { CALL_SEARCH_COUNT_CAP } from '@ips/shared/schemas/calls';
import { calls } from '../../db/schema/calls';
import * as repo from './repo';
import { callsFixture, handMade } from './test-factory';

const ctx = callsFixture();
const get = (url: string) => ctx.c.agent({ method: 'GET', url });
const db = () => ctx.t.app.deps.db;
type Item = { id: number; started_at: string; patient_name: string; status: string; priority: string };

/** Ids newest first (started_at desc, id desc), as the history orders them. */
const newestFirst = (xs: Item[]) =>
  [...xs].sort((a, b) => b.started_at.localeCompare(a.started_at) || b.id - a.id).map((c) => c.id);

describe('call history search (decision 040)', () => {
  it('past the cap: total capped, total_exact false, pages newest first from the covering index', async () => {
    const now = new Date();
    const n = CALL_SEARCH_COUNT_CAP + 20;
    await db()
      .insert(calls)
      .values(
        Array.from({ length: n }, (_, i) =>
          handMade(now, {
            // Two calls share each instant: the id breaks the tie.
            name: i % 2 ? 'Ángela Muñoz Común' : 'Héctor Común Rojas',
            phone: `+57320${String(5_000_000 + i).padStart(7, '0')}`,
            status: i % 10 === 0 ? 'waiting' : 'ended',
            priority: i % 4 === 0 ? 'urgencia' : 'normal',
            started: 100 + 30 * Math.floor(i / 2),
            answered: i % 10 === 0 ? undefined : 95 + 30 * Math.floor(i / 2),
            waitingSince: i % 10 === 0 ? 100 + 30 * Math.floor(i / 2) : undefined,
            ended: i % 10 === 0 ? undefined : 10 + 30 * Math.floor(i / 2),
          }),
        ),
      );
    const first = await get('/api/calls/history?search=comun&limit=100');
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ total: CALL_SEARCH_COUNT_CAP, total_exact: false });
    const all = (await get('/api/calls/history?limit=100')).json().items as Item[];
    const page1 = first.json().items as Item[];
    expect(page1.map((c) => c.id)).toEqual(newestFirst(all).slice(0, 100));
    const page3 = (await get('/api/calls/history?search=comun&limit=100&offset=200')).json();
    expect(page3.total_exact).toBe(false);
    const byRepo = (offset: number) =>
      repo.searchHistory(db(), { search: 'comun' }, 100, offset, new Date(), { cap: 5000 });
    expect(await byRepo(0)).toMatchObject({ total: n, exact: true });
    expect(page3.items.map((c: Item) => c.id)).toEqual((await byRepo(200)).items.map((c) => c.id));

    // A broad filter past the cap: still capped, every item matches it.
    const urgent = (
      await get('/api/calls/history?search=comun&priority=urgencia&status=ended&limit=100')
    ).json();
    // i ≡ 0 (mod 4) and not ≡ 0 (mod 10): 255 of 1,020 are urgencia, 51 of them waiting → 204, exact.
    expect(urgent).toMatchObject({ total: 204, total_exact: true });
    expect(urgent.items.every((c: Item) => c.priority === 'urgencia' && c.status === 'ended')).toBe(true);
  });

  it('the narrow (in the indexes), broad (on the candidates) and probe paths give the same pages', async () => {
    for (const f of [
      { search: 'rojas', status: 'ended' as const },
      { search: 'munoz', status: 'ended' as const },
      { search: 'hector', priority: 'urgencia' as const },
      { search: 'comun', status: 'waiting' as const, priority: 'normal' as const },
    ]) {
      for (const [cap, offset] of [
        [50, 0],
        [5000, 0],
        [5000, 30],
      ] as const) {
        const narrow = await repo.searchHistory(db(), f, 25, offset, new Date(), {
          cap,
          narrowBelow: 1e9,
          probe: 0,
        });
        const broad = await repo.searchHistory(db(), f, 25, offset, new Date(), {
          cap,
          narrowBelow: 0,
          probe: 0,
        });
        // The probe of the newest index entries (on by default for a filtered search) gives the same page.
        const probed = await repo.searchHistory(db(), f, 25, offset, new Date(), { cap });
        expect(probed.items.map((c) => c.id)).toEqual(narrow.items.map((c) => c.id));
        expect([probed.total, probed.exact]).toEqual([narrow.total, narrow.exact]);
        expect(broad.total, JSON.stringify(f)).toBe(narrow.total);
        expect(broad.exact).toBe(narrow.exact);
        expect(broad.items.map((c) => c.id)).toEqual(narrow.items.map((c) => c.id));
        expect(broad.items.length).toBeGreaterThan(0);
        for (const c of broad.items) {
          if (f.status) expect(c.status).toBe(f.status);
          if ('priority' in f) expect(c.priority).toBe(f.priority);
        }
      }
    }
  });

  it('matches without accents or case, and partial phones with or without +57', async () => {
    const accents = (await get('/api/calls/history?search=ANGELA%20munoz&limit=25')).json();
    expect(accents.total_exact).toBe(true);
    expect(accents.total).toBe(510);
    expect(accents.items[0].patient_name).toBe('Ángela Muñoz Común');
    const withAccents = (await get(`/api/calls/history?search=${encodeURIComponent('héctor común')}`)).json();
    expect(withAccents.total).toBe(510);
    // '+57 320 500 0007' and '3205000007' find the same call; a fragment finds its ten neighbours.
    const full = (await get(`/api/calls/history?search=${encodeURIComponent('+57 320 500 0007')}`)).json();
    expect(full.items.map((c: { patient_phone: string }) => c.patient_phone)).toEqual(['+573205000007']);
    expect((await get('/api/calls/history?search=3205000007')).json().total).toBe(1);
    const fragment = (await get('/api/calls/history?search=500001&limit=25')).json();
    expect(fragment).toMatchObject({ total: 10, total_exact: true }); // …5000010 to …5000019
    expect((await get('/api/calls/history?search=zzzq')).json()).toMatchObject({ total: 0, items: [] });
  });
});
