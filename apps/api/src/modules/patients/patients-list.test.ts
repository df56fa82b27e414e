import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { patients } from '../../db/schema/patients';
import { generatePatients } from '../../db/seed/patient-generator';
import { buildTestApp, type TestApp } from '../../test/helpers';
import { callers, createPatient, type Call } from '../../test/factories/patients';

let t: TestApp;
let admin: Call;
/** A clinic-wide reader (a doctor reads only their own patients: object-level.test.ts). */
let reader: Call;
const LETTERS = 'abcdefghijklmnopqrstuvwxyz';
const get = (url: string) =>
  reader({ method: 'GET', url }).then((r) => ({ status: r.statusCode, body: r.json() }));

beforeAll(async () => {
  t = await buildTestApp();
  ({ admin, reception: reader } = await callers(t.app));
  // 30 Zuluaga: 25 active, 5 inactive; 12 women.
  for (let i = 0; i < 30; i++) {
    const p = await createPatient(admin, {
      name: `Zuluaga ${LETTERS[i % 26]!.toUpperCase()}${LETTERS[(i * 7) % 26]}ola`,
      gender: i < 12 ? 'Femenino' : 'Masculino',
    });
    if (i >= 25) await admin({ method: 'DELETE', url: `/api/patients/${p.id}` });
  }
  for (const name of ['Zuluaga Azul', 'Zuluaga Álvaro', 'Zuluaga Alba']) await createPatient(admin, { name });
  await createPatient(admin, {
    name: 'María José Pérez Muñoz',
    document: '0198765432',
    phone: '315 765 4321',
    email: 'contacto.especial@empresa.co',
    gender: 'Femenino',
  });
  await createPatient(admin, {
    name: 'José María Ardila',
    document: '0198765111',
    document_type_id: 2,
    gender: 'Masculino',
  });
  // 150 generated rows straight into the table, as the benchmark loader will do.
  await t.app.deps.db
    .insert(patients)
    .values([...generatePatients(150, { seed: 11, refs: { municipalities: [], eps: [] } })]);
});
afterAll(async () => t?.close());

describe('directory: paged, filtered and counted on the server', () => {
  it('answers one page with pagination, tab counts and the old top-level fields', async () => {
    const { status, body } = await get('/api/patients-v2?search=zuluaga&status=Activo&limit=10&page=3');
    expect(status).toBe(200);
    expect(body.success).toBe(true);
    expect(body.data.pagination).toEqual({
      page: 3,
      limit: 10,
      total: 28,
      total_pages: 3,
      exact: true,
      anchor: expect.any(String),
    });
    expect(body.data.counts).toEqual({ active: 28, inactive: 5, exact: { active: true, inactive: true } });
    expect(body.data.patients).toHaveLength(8);
    expect(body.data.patients.every((p: { status: string }) => p.status === 'Activo')).toBe(true);
    expect([body.total, body.page, body.limit]).toEqual([28, 3, 10]);
    const inactive = await get('/api/patients-v2?search=zuluaga&status=inactive');
    expect(inactive.body.data.pagination.total).toBe(5);
    expect(inactive.body.data.counts).toEqual({
      active: 28,
      inactive: 5,
      exact: { active: true, inactive: true },
    });
  });

  it('a page past the end is empty, not an error', async () => {
    const { status, body } = await get('/api/patients-v2?search=zuluaga&status=Activo&limit=10&page=9');
    expect(status).toBe(200);
    expect(body.data.patients).toEqual([]);
    expect(body.data.pagination.total).toBe(28);
  });

  it('counts apply the search and the other filters, never the status', async () => {
    const { body } = await get('/api/patients-v2?search=zuluaga&gender=Femenino');
    expect(body.data.counts).toEqual({ active: 12, inactive: 0, exact: { active: true, inactive: true } });
    const all = await get('/api/patients-v2?gender=Todos&status=Todos&limit=1');
    expect(all.body.data.counts.active + all.body.data.counts.inactive).toBe(all.body.total);
    expect(all.body.total).toBe(185);
  });

  it('limit=50000 still answers, capped at 100 per page', async () => {
    const { status, body } = await get('/api/patients-v2?limit=50000');
    expect(status).toBe(200);
    expect(body.data.patients).toHaveLength(100);
    expect(body.limit).toBe(100);
    expect(body.data.pagination).toEqual({
      page: 1,
      limit: 100,
      total: 185,
      total_pages: 2,
      exact: true,
      anchor: expect.any(String),
    });
    expect((await get('/api/patients-v2?limit=50000&page=2')).body.data.patients).toHaveLength(85);
  });

  it('the default page is the 12 cards of the spec', async () => {
    expect((await get('/api/patients-v2')).body.data.patients).toHaveLength(12);
  });

  it('sorts by name ignoring accents and case (Alba, Álvaro, Azul), or by another key', async () => {
    const names = (await get('/api/patients-v2?search=zuluaga%20a&limit=100')).body.data.patients.map(
      (p: { name: string }) => p.name,
    );
    const trio = names.filter((n: string) => ['Zuluaga Azul', 'Zuluaga Álvaro', 'Zuluaga Alba'].includes(n));
    expect(trio).toEqual(['Zuluaga Alba', 'Zuluaga Álvaro', 'Zuluaga Azul']);
    const newest = (await get('/api/patients-v2?sort_by=created_at&sort_order=desc&limit=3')).body.data
      .patients;
    expect(new Date(newest[0].created_at).getTime()).toBeGreaterThanOrEqual(
      new Date(newest[2].created_at).getTime(),
    );
  });
});

describe('search: name without accents or case, document prefix, phone, e-mail', () => {
  const find = async (search: string) =>
    (await get(`/api/patients-v2?search=${encodeURIComponent(search)}&limit=100`)).body.data.patients.map(
      (p: { name: string }) => p.name,
    );

  it("'maria jose' finds 'María José' in any order of the words", async () => {
    expect(await find('maria jose')).toEqual(
      expect.arrayContaining(['María José Pérez Muñoz', 'José María Ardila']),
    );
    expect(await find('MARÍA JOSÉ')).toEqual(expect.arrayContaining(['María José Pérez Muñoz']));
    expect(await find('perez munoz')).toContain('María José Pérez Muñoz');
    expect(await find('jo ar')).toContain('José María Ardila');
    expect(await find('maria xyz')).toEqual([]);
  });

  it('finds a document by its beginning, written with or without dots', async () => {
    // Generated documents never start with 0, so these prefixes are only the two patients made above.
    expect(await find('01987654')).toEqual(['María José Pérez Muñoz']);
    expect(await find('0.198.765.432')).toEqual(['María José Pérez Muñoz']);
    expect((await find('0198765')).sort()).toEqual(['José María Ardila', 'María José Pérez Muñoz']);
    expect(await find('98765432')).toEqual([]);
  });

  it('finds a phone by its digits and an e-mail by any part', async () => {
    expect(await find('3157654321')).toEqual(['María José Pérez Muñoz']);
    expect(await find('765 4321')).toEqual(['María José Pérez Muñoz']);
    expect(await find('especial@empresa')).toEqual(['María José Pérez Muñoz']);
    expect(await find('ESPECIAL')).toEqual(['María José Pérez Muñoz']);
  });

  it('LIKE wildcards in the query are plain characters', async () => {
    expect(await find('%%%')).toEqual([]);
    expect(await find('_a_')).toEqual([]);
  });
});

describe('quick search', () => {
  it('needs 2 characters: fewer answer an empty list with 200', async () => {
    for (const url of [
      '/api/patients/search/quicksearch?query=q',
      '/api/patients/search/quicksearch?query=',
      '/api/patients/search/quicksearch',
      '/api/patients-v2/search?q=%20m%20',
    ]) {
      const { status, body } = await get(url);
      expect(status).toBe(200);
      expect(body).toEqual({ success: true, data: [], total: 0 });
    }
  });

  it('returns at most 20', async () => {
    const { body } = await get('/api/patients/search/quicksearch?query=zuluaga');
    expect(body.data).toHaveLength(20);
    expect(body.total).toBe(20);
    expect((await get('/api/patients/search/quicksearch?query=zuluaga&limit=500')).body.data).toHaveLength(
      20,
    );
    expect((await get('/api/patients-v2/search?q=zu')).body.data.length).toBe(20);
  });

  it('ranks names that start with the first word before the other matches, each part in name order', async () => {
    const names = async (q: string) =>
      (await get(`/api/patients/search/quicksearch?query=${encodeURIComponent(q)}`)).body.data.map(
        (p: { name: string }) => p.name,
      );
    // 'José María Ardila' sorts before 'María José Pérez Muñoz', but only the second starts with 'maria'.
    expect((await names('maria jose')).slice(0, 2)).toEqual(['María José Pérez Muñoz', 'José María Ardila']);
    expect((await names('jose maria')).slice(0, 2)).toEqual(['José María Ardila', 'María José Pérez Muñoz']);
    // Within a part, accents and case do not change the order (the inactive 'Zuluaga Aaola' counts too).
    const z = await names('zuluaga a');
    expect(z.slice(0, 5)).toEqual([
      'Zuluaga Aaola',
      'Zuluaga Aaola',
      'Zuluaga Alba',
      'Zuluaga Álvaro',
      'Zuluaga Azul',
    ]);
  });

  it('puts the exact document first and carries the list fields older screens read', async () => {
    const { body } = await get('/api/patients/search/quicksearch?query=0198765111');
    expect(body.data[0]).toMatchObject({
      name: 'José María Ardila',
      document_number: '0198765111',
      document_type: 'TI',
      eps: null,
      municipality_name: null,
    });
  });
});

describe('other path variants of the same list', () => {
  it('/patients?q= answers the same shape', async () => {
    const { body } = await get('/api/patients?q=maria%20jose');
    expect(body.data.patients.map((p: { name: string }) => p.name)).toContain('María José Pérez Muñoz');
    expect(body.data.pagination.total).toBe(body.total);
  });

  it('/enhanced-patients maps genero, tipo_documento, sort_by and sort_order', async () => {
    const ti = await get('/api/enhanced-patients?search=maria&tipo_documento=TI');
    expect(ti.body.data.patients.map((p: { name: string }) => p.name)).toEqual(['José María Ardila']);
    expect((await get('/api/enhanced-patients?search=maria&tipo_documento=2')).body.total).toBe(1);
    const women = await get(
      '/api/enhanced-patients?search=zuluaga&genero=F&estado=Activo&sort_by=nombre&sort_order=DESC&limit=3',
    );
    expect(women.body.total).toBe(12);
    const names = women.body.data.patients.map((p: { name: string }) => p.name);
    expect([...names].sort().reverse()).toEqual(names);
    const bad = await get('/api/enhanced-patients?sort_by=password');
    expect(bad.status).toBe(400);
    expect(bad.body.errors.sort_by).toEqual(['Orden no válido']);
  });
});

describe('OpenAPI', () => {
  it('documents the list shape, the summary and every path variant', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs' })).json();
    for (const path of [
      '/api/patients',
      '/api/patients-v2',
      '/api/enhanced-patients',
      '/api/patients-v2/summary',
      '/api/patients/search/quicksearch',
      '/api/pregnancies/controls',
    ]) {
      expect(doc.paths[path], path).toBeDefined();
    }
    const list = doc.paths['/api/patients-v2'].get.responses['200'].content['application/json'].schema;
    expect(Object.keys(list.properties.data.properties)).toEqual(['patients', 'pagination', 'counts']);
    expect(doc.paths['/api/patients/{id}'].delete.responses['204']).toBeDefined();
  });
});
