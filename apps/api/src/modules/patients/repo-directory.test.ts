import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray, sql } from 'drizzle-orm';
import type { PatientListFilter } from '@ips/shared/schemas/patients-query';
import type { Db } from '../../db/client';
import { patientCounts, patients } from '../../db/schema/patients';
import { generatePatients } from '../../db/seed/patient-generator';
import { buildTestApp, type TestApp } from '../../test/helpers';
import { listPage, search } from './repo-directory';
import { tuning } from './repo-halves';
import { filterCondition, orderBy, searchCondition } from './search';

/*
 * The fast paths must answer exactly what the plain queries answer: the tab counts summed from patient_counts,
 * and pages read in two halves or backwards from the end.
 */
let t: TestApp;
let db: Db;

beforeAll(async () => {
  t = await buildTestApp();
  db = t.app.deps.db;
  const refs = { municipalities: [], eps: [] };
  await db.insert(patients).values([...generatePatients(400, { seed: 7, refs })]);
  const extra = [
    'Sofía Ardila',
    'Ana Sofía Rueda',
    'Xiomara Pérez',
    'Luz Xiomara Gélvez',
    ' Xi Espacio Inicial',
  ];
  await db.insert(patients).values(
    extra.map((name, k) => ({
      name,
      document: `5550000${k}`,
      email: k === 1 ? 'sofia.rueda@correo.co' : k === 2 ? 'contacto.sofia@correo.co' : null,
    })),
  );
});
afterAll(async () => t?.close());

const real = () =>
  db.execute(sql`select status, document_type_id, gender, insurance_eps_id, municipality_id, zone_id, count(*)::int as n
                   from patients group by 1, 2, 3, 4, 5, 6 order by 1, 2, 3, 4, 5, 6`);
const counted = () =>
  db.execute(sql`select status, document_type_id, gender, insurance_eps_id, municipality_id, zone_id, n::int as n
                   from patient_counts where n <> 0 order by 1, 2, 3, 4, 5, 6`);
const rows = (r: unknown) => (Array.isArray(r) ? r : (r as { rows: unknown[] }).rows);
/** The demographic counters against a recount, as one comparable value. */
const demographics = async () => ({
  birthCounted: rows(
    await db.execute(sql`select gender, birth_date::text, n::int as n from patient_birth_counts
                          where n <> 0 order by 1, 2`),
  ),
  birthReal: rows(
    await db.execute(
      sql`select gender, birth_date::text, count(*)::int as n from patients group by 1, 2 order by 1, 2`,
    ),
  ),
  profileCounted: rows(
    await db.execute(sql`select blood_group_id, estrato, n::int as n from patient_profile_counts
                          where n <> 0 order by 1, 2`),
  ),
  profileReal: rows(
    await db.execute(
      sql`select blood_group_id, estrato, count(*)::int as n from patients group by 1, 2 order by 1, 2`,
    ),
  ),
});
const expectDemographicsExact = async () => {
  const d = await demographics();
  expect(d.birthCounted).toEqual(d.birthReal);
  expect(d.profileCounted).toEqual(d.profileReal);
};

describe('patient_counts and the demographic counters', () => {
  it('follow inserts, updates of counted columns, deletes and truncation', async () => {
    expect(rows(await counted())).toEqual(rows(await real()));
    await expectDemographicsExact();
    const some = await db.select({ id: patients.id }).from(patients).limit(40);
    const ids = some.map((r) => r.id);
    await db
      .update(patients)
      .set({ status: 'Inactivo' })
      .where(inArray(patients.id, ids.slice(0, 15)));
    await db
      .update(patients)
      .set({ gender: null, zoneId: null })
      .where(inArray(patients.id, ids.slice(10, 25)));
    await db.update(patients).set({ phone: '3001234567' }).where(eq(patients.id, ids[30]!));
    await db
      .update(patients)
      .set({ birthDate: '1990-02-28', bloodGroupId: null, estrato: 3 })
      .where(inArray(patients.id, ids.slice(5, 35)));
    await db.delete(patients).where(inArray(patients.id, ids.slice(20, 30)));
    expect(rows(await counted())).toEqual(rows(await real()));
    await expectDemographicsExact();
    await db
      .transaction(async (tx) => {
        await tx.execute(sql`truncate patients cascade`);
        expect(rows(await tx.select().from(patientCounts))).toEqual([]);
        // Inside the transaction (PGlite has one connection: a query on db would wait for it).
        expect(rows(await tx.execute(sql`select * from patient_birth_counts`))).toEqual([]);
        expect(rows(await tx.execute(sql`select * from patient_profile_counts`))).toEqual([]);
        tx.rollback();
      })
      .catch(() => {});
    expect(rows(await counted())).toEqual(rows(await real()));
  });
});

describe('pages read in halves or from the end equal the plain query', () => {
  const plain = async (f: PatientListFilter) => {
    const where = sql`${filterCondition(f) ?? sql`true`} and ${f.status ? eq(patients.status, f.status) : sql`true`}`;
    const r = await db
      .select({ id: patients.id })
      .from(patients)
      .where(where)
      .orderBy(...orderBy(f.sortBy, f.sortOrder))
      .limit(f.limit)
      .offset((f.page - 1) * f.limit);
    return r.map((x) => x.id);
  };
  const filter = (over: Partial<PatientListFilter>): PatientListFilter => ({
    page: 1,
    limit: 12,
    sortBy: 'name',
    sortOrder: 'asc',
    ...over,
  });

  const searches = [
    'sofia',
    'xi',
    'ma',
    'maria jose',
    'ar',
    'perez',
    'riguez',
    'luz xiomara',
    'a b',
    'zzz',
    'sofia.rueda',
  ];

  // The whole table fits in the default probe; a short one also takes the collecting path.
  const probes = [tuning.probe, 25];

  it('quick search: prefix matches, then the others', async () => {
    for (const probe of probes)
      for (const q of searches) {
        tuning.probe = probe;
        // Names that start with the first word first, then the other matches; each part in name order.
        const first = q.split(' ')[0]!;
        const startsFirst = sql`(${patients.nameSort} like immutable_unaccent(lower(${first})) || '%') desc`;
        const want = (
          await db
            .select({ id: patients.id })
            .from(patients)
            .where(searchCondition(q))
            .orderBy(startsFirst, ...orderBy('name', 'asc'))
            .limit(20)
        ).map((r) => r.id);
        expect(
          (await search(db, q, 20)).map((r) => r.patient.id),
          q,
        ).toEqual(want);
      }
  });

  it('directory pages: search, status, order, and pages near the end', async () => {
    const cases: Partial<PatientListFilter>[] = [
      ...searches.flatMap((search) => [
        { search },
        { search, page: 2, limit: 5 },
        { search, sortOrder: 'desc' as const },
      ]),
      { search: 'ma', status: 'Activo', page: 3, limit: 7 },
      { search: 'sofia', gender: 'Femenino' },
      { page: 30, limit: 12 },
      { page: 33, limit: 12, sortBy: 'birth_date' },
      { page: 20, limit: 12, sortBy: 'birth_date', sortOrder: 'desc' },
      { page: 2, limit: 100, status: 'Activo', sortBy: 'created_at' },
    ];
    for (const probe of probes)
      for (const c of cases) {
        tuning.probe = probe;
        const f = filter(c);
        const { rows: got, total } = await listPage(db, f);
        expect(
          got.map((r) => r.patient.id),
          JSON.stringify(c),
        ).toEqual(await plain(f));
        const [{ n }] = rows(
          await db.execute(sql`select count(*)::int as n from patients where ${filterCondition(f) ?? sql`true`}
                              and ${f.status ? eq(patients.status, f.status) : sql`true`}`),
        ) as [{ n: number }];
        expect(total, JSON.stringify(c)).toBe(n);
      }
    tuning.probe = probes[0]!;
  });

  it('pages read from an anchor equal the plain pages, both ways and in both orders', async () => {
    const variants: Partial<PatientListFilter>[] = [
      { status: 'Activo' },
      { status: 'Activo', sortOrder: 'desc' },
      { gender: 'Femenino' },
      {},
    ];
    for (const v of variants)
      for (const anchorPage of [4, 9])
        for (const page of [1, 2, 3, 5, 6, 8, 10, 11, 13]) {
          const at = await listPage(db, filter({ ...v, limit: 10, page: anchorPage }));
          const [id, ...name] = at.anchor!.split(':');
          const f = filter({
            ...v,
            limit: 10,
            page,
            anchor: { id: Number(id), nameSort: name.join(':'), page: anchorPage },
          });
          const label = JSON.stringify({ ...v, anchorPage, page });
          expect(
            (await listPage(db, f)).rows.map((r) => r.patient.id),
            label,
          ).toEqual(await plain(f));
        }
  });
});
