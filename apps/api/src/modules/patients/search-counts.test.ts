import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { patients } from '../../db/schema/patients';
import { buildTestApp, type TestApp } from '../../test/helpers';
import { SEARCH_COUNT_CAP } from './repo-directory';
import { callers, type Call } from '../../test/factories/patients';

/*
 * A broad search counts up to SEARCH_COUNT_CAP matches per tab and says "more than" past it (decision 011);
 * below the cap, and without a search, the counts stay exact.
 */
let t: TestApp;
let reader: Call;
const get = (url: string) => reader({ method: 'GET', url }).then((r) => r.json());

beforeAll(async () => {
  t = await buildTestApp();
  ({ reception: reader } = await callers(t.app));
  const n = SEARCH_COUNT_CAP + 25;
  await t.app.deps.db.insert(patients).values(
    Array.from({ length: n }, (_, i) => ({
      name: `Quintero Ana ${String(i).padStart(5, '0')}`,
      document: String(70_000_000 + i),
      status: i < 7 ? 'Inactivo' : 'Activo',
    })),
  );
});
afterAll(async () => t?.close());

describe('search counts past the cap', () => {
  it('say "more than" for the tab past the cap and stay exact for the other', async () => {
    const body = await get('/api/patients-v2?search=quintero&status=Activo&limit=12');
    expect(body.data.counts).toEqual({
      active: SEARCH_COUNT_CAP,
      inactive: 7,
      exact: { active: false, inactive: true },
    });
    expect(body.data.pagination).toMatchObject({ total: SEARCH_COUNT_CAP, exact: false });
    expect(body.data.patients).toHaveLength(12);
    expect(body.data.patients[0].name).toBe('Quintero Ana 00007');
    const inactive = await get('/api/patients-v2?search=quintero&status=Inactivo');
    expect(inactive.data.pagination).toMatchObject({ total: 7, exact: true });
  });

  it('page within the cap from the start (the end of a capped list is unknown) and stop at the cap', async () => {
    const last = SEARCH_COUNT_CAP / 10;
    const page = await get(`/api/patients-v2?search=quintero&status=Activo&limit=10&page=${last}`);
    expect(page.data.patients.map((p: { name: string }) => p.name)).toEqual(
      Array.from(
        { length: 10 },
        (_, k) => `Quintero Ana ${String(7 + (last - 1) * 10 + k).padStart(5, '0')}`,
      ),
    );
    const beyond = await get(`/api/patients-v2?search=quintero&status=Activo&limit=10&page=${last + 1}`);
    expect(beyond.data.patients).toEqual([]);
  });

  it('count exactly below the cap and without a search', async () => {
    const narrow = await get('/api/patients-v2?search=quintero%20ana%2000010&status=Activo');
    expect(narrow.data.counts).toEqual({ active: 1, inactive: 0, exact: { active: true, inactive: true } });
    const all = await get('/api/patients-v2?status=Activo');
    expect(all.data.counts).toMatchObject({ active: SEARCH_COUNT_CAP + 18, exact: { active: true } });
  });
});
