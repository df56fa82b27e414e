import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fetchAllPages } from './fetch-all-pages';
import { stubLocalStorage } from './test-globals';

interface Row {
  id: number;
}

type Fetch = (input: string, init?: RequestInit) => Promise<Response>;
let fetchMock: ReturnType<typeof vi.fn<Fetch>>;

/** A paged endpoint over `rows`, capping the page size at `cap` as the API does. */
function serve(rows: Row[], cap: number, tamper?: (page: number, data: Row[]) => Row[]) {
  fetchMock.mockImplementation(async (input) => {
    const url = new URL(input, 'http://localhost');
    const page = Number(url.searchParams.get('page') ?? 1);
    const limit = Math.min(Number(url.searchParams.get('limit') ?? cap), cap);
    const slice = rows.slice((page - 1) * limit, page * limit);
    const data = tamper ? tamper(page, slice) : slice;
    return new Response(JSON.stringify({ success: true, data, total: rows.length, page, limit }), {
      status: 200,
    });
  });
}

const calls = () =>
  fetchMock.mock.calls.map(([input]) => {
    const url = new URL(input, 'http://localhost');
    return `${url.pathname}?${url.searchParams.toString()}`;
  });
const rows = (n: number) => Array.from({ length: n }, (_, i) => ({ id: i + 1 }));

beforeEach(() => {
  stubLocalStorage();
  fetchMock = vi.fn<Fetch>();
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('fetchAllPages', () => {
  it('one call when the first page holds every row', async () => {
    serve(rows(3), 1000);
    const out = await fetchAllPages<Row>('/appointments', { date: '2026-03-02' }, 1000);
    expect(out.map((r) => r.id)).toEqual([1, 2, 3]);
    expect(calls()).toEqual(['/api/appointments?date=2026-03-02&page=1&limit=1000']);
  });

  it('follows every page past the first and keeps the order', async () => {
    serve(rows(2500), 1000);
    const out = await fetchAllPages<Row>('/appointments', { date: '2026-03-02' }, 1000);
    expect(out).toHaveLength(2500);
    expect(out.map((r) => r.id)).toEqual(rows(2500).map((r) => r.id));
    expect(calls()).toEqual([
      '/api/appointments?date=2026-03-02&page=1&limit=1000',
      '/api/appointments?date=2026-03-02&page=2&limit=1000',
      '/api/appointments?date=2026-03-02&page=3&limit=1000',
    ]);
  });

  it('counts the pages with the limit the server answers when it caps the page size', async () => {
    serve(rows(5), 2);
    const out = await fetchAllPages<Row>('/availabilities', { status: 'Activa' }, 2000);
    expect(out.map((r) => r.id)).toEqual([1, 2, 3, 4, 5]);
    expect(calls()).toEqual([
      '/api/availabilities?status=Activa&page=1&limit=2000',
      '/api/availabilities?status=Activa&page=2&limit=2',
      '/api/availabilities?status=Activa&page=3&limit=2',
    ]);
  });

  it('an exact multiple asks no empty page; an empty list is one call', async () => {
    serve(rows(4), 2);
    expect(await fetchAllPages<Row>('/availabilities', {}, 2)).toHaveLength(4);
    expect(calls()).toHaveLength(2);
    fetchMock.mockClear();
    serve([], 2);
    expect(await fetchAllPages<Row>('/availabilities', {}, 2)).toEqual([]);
    expect(calls()).toHaveLength(1);
  });

  it('a row read twice (it moved to the next page between calls) is kept once', async () => {
    serve(rows(4), 2, (page, data) => (page === 2 ? [{ id: 2 }, ...data.slice(1)] : data));
    const out = await fetchAllPages<Row>('/availabilities', {}, 2);
    expect(out.map((r) => r.id)).toEqual([1, 2, 4]);
  });

  it('a failing page fails the whole list: never a silently cut one', async () => {
    serve(rows(3), 1);
    const ok = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation(async (input, init) =>
      input.includes('page=3')
        ? new Response(JSON.stringify({ success: false, message: 'Error interno' }), { status: 500 })
        : ok(input, init),
    );
    await expect(fetchAllPages<Row>('/availabilities', {}, 1)).rejects.toThrow('Error interno');
  });

  it('passes the abort signal to every page', async () => {
    serve(rows(3), 1);
    const controller = new AbortController();
    await fetchAllPages<Row>('/availabilities', {}, 1, controller.signal);
    expect(fetchMock.mock.calls.map(([, init]) => init?.signal)).toEqual([
      controller.signal,
      controller.signal,
      controller.signal,
    ]);
  });
});
