import { settings as settingsTable } from '../schema/system';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { doctors, epsAuthorizations, locations, services, specialties } from '../schema/resources';
import { users } from '../schema/users';
import { as, buildTestApp, loginAs, testConfig, type TestApp } from '../../test/helpers';
import { seed } from './index';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ demoMode: true });
});
afterAll(async () => t?.close());

async function counts() {
  const db = t.app.deps.db;
  const n = async (
    table:
      typeof specialties | typeof doctors | typeof locations | typeof services | typeof epsAuthorizations,
  ) => (await db.select({ n: count() }).from(table))[0]!.n;
  return {
    specialties: await n(specialties),
    doctors: await n(doctors),
    locations: await n(locations),
    services: await n(services),
    authorizations: await n(epsAuthorizations),
  };
}

describe('demo master data', () => {
  it('seeds a believable network in Santander', async () => {
    const c = await counts();
    expect(c.specialties).toBeGreaterThanOrEqual(12);
    expect(c.doctors).toBeGreaterThanOrEqual(25);
    expect(c.locations).toBeGreaterThanOrEqual(3);
    expect(c.services).toBeGreaterThan(0);
    expect(c.authorizations).toBeGreaterThan(0);

    const admin = as(t.app, await loginAs(t.app, 'admin@test.ips.co'));
    const locs = (await admin({ method: 'GET', url: '/api/locations' })).json().data as {
      municipality_name: string;
      zone_name: string;
      specialties: unknown[];
    }[];
    expect(new Set(locs.map((l) => l.municipality_name)).size).toBeGreaterThanOrEqual(3);
    expect(locs.map((l) => l.municipality_name)).toEqual(
      expect.arrayContaining(['Bucaramanga', 'Floridablanca', 'San Gil', 'Barrancabermeja']),
    );
    expect(locs.every((l) => l.zone_name && l.specialties.length > 0)).toBe(true);

    const docs = (await admin({ method: 'GET', url: '/api/doctors' })).json().data as {
      specialties: unknown[];
      locations: unknown[];
      license_number: string;
    }[];
    expect(docs.every((d) => d.specialties.length > 0 && d.locations.length > 0 && d.license_number)).toBe(
      true,
    );
    const [demoDoctor] = await t.app.deps.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, 'doctor@demo.ips.co'));
    expect(
      (await t.app.deps.db.select().from(doctors).where(eq(doctors.userId, demoDoctor!.id))).length,
    ).toBe(1);

    const svc = (await admin({ method: 'GET', url: '/api/services' })).json().data as {
      currency: string;
      base_price: number;
    }[];
    expect(svc.every((s) => s.currency === 'COP' && s.base_price > 0)).toBe(true);
    // The demo's CUPS carry the demo provider's prices, not $ 0.
    const codes = await t.app.deps.database.query<{ code: string; price: string }>(
      'select code, price::text from cups order by code',
    );
    expect(codes.length).toBeGreaterThan(0);
    expect(codes.filter((c) => Number(c.price) <= 0)).toEqual([]);
    const auths = (await admin({ method: 'GET', url: '/api/eps-authorizations' })).json().data as {
      is_currently_valid: boolean;
    }[];
    expect(auths.some((a) => a.is_currently_valid)).toBe(true);
    const withAgreement = (await admin({ method: 'GET', url: '/api/eps?q=Nueva' })).json().data[0];
    expect(withAgreement).toMatchObject({ has_agreement: true, agreement_date: '2024-02-01' });
  });

  it('is idempotent', async () => {
    const before = await counts();
    // The settings as they stand: seeding them again must change nothing either.
    const stored = await t.app.deps.db.select().from(settingsTable);
    await seed(t.app.deps.db, testConfig({ demoMode: true }), {
      settings: Object.fromEntries(stored.map((r) => [r.key, r.value])),
    });
    expect(await counts()).toEqual(before);
  });

  it('documents every resource route in the OpenAPI document', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(res.statusCode).toBe(200);
    const paths = Object.keys(res.json().paths);
    for (const p of [
      '/api/specialties/{id}/usage',
      '/api/doctors/search/q',
      '/api/doctors/by-specialty/{id}',
      '/api/locations/{id}/metrics',
      '/api/municipalities',
      '/api/zones/{id}',
      '/api/eps/{id}',
      '/api/location-types',
      '/api/cups/import',
      '/api/cups/stats/summary',
      '/api/services/search/q',
      '/api/eps-authorizations/eps/{epsId}/location/{locationId}/specialties',
      '/api/eps-authorizations/batch',
    ]) {
      expect(paths).toContain(p);
    }
  });
});
