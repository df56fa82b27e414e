import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, buildTestApp, loginAs, type TestApp } from '../../test/helpers';

/*
 * Every master-data route (specialties, doctors, locations, location types, zones, municipalities, EPS,
 * CUPS, services, EPS authorizations) fed malformed input: the client's mistake must answer 4xx, never
 * 5xx. It lives with specialties only because the resources have no common folder.
 */
let t: TestApp;
let admin: ReturnType<typeof as>;
beforeAll(async () => {
  t = await buildTestApp();
  admin = as(t.app, await loginAs(t.app, 'admin@test.ips.co'));
  await admin({ method: 'POST', url: '/api/specialties', payload: { name: 'Base' } });
  await admin({ method: 'POST', url: '/api/zones', payload: { name: 'Base' } });
  await admin({ method: 'POST', url: '/api/locations', payload: { name: 'Base' } });
});
afterAll(async () => t?.close());

const NUL = 'a\u0000b';
const FIELDS = [
  'name',
  'description',
  'email',
  'phone',
  'license_number',
  'address',
  'hours',
  'emergency_hours',
  'type',
  'code',
  'department',
  'notes',
  'category',
  'affiliation_type',
  'currency',
  'status',
  'agreement_date',
];
const PAYLOADS: unknown[] = [
  null,
  [],
  'texto',
  0,
  {},
  { name: null },
  { name: 123 },
  { name: 'x'.repeat(5000) },
  {
    name: 'Ok',
    specialty_ids: 'x',
    location_ids: [null],
    specialties: [{ id: 'a' }],
    user_id: -1,
    zone_id: 1e20,
    code: 123456,
    price: '1e400',
    status: 5,
    active: 'yes',
    has_agreement: 'si',
    agreement_date: '2025-13-45',
    capacity: 1.5,
    type: 42,
    location_type_id: 2147483648,
    municipality_id: 0,
    default_duration_minutes: null,
    description: ['x'],
    license_number: {},
    csv: 5,
    mode: 'x',
  },
  { name: 'Válido', license_number: 'L-1', specialty_ids: [2147483647], code: 'ABC123', zone_id: 2147483647 },
  { authorizations: [{ eps_id: '1', location_id: '1', specialty_id: 'x' }] },
  { authorizations: [{ eps_id: 1, location_id: 2147483647, specialty_id: 2147483647 }] },
  { authorizations: [{ eps_id: 1, location_id: 1, specialty_id: 1, notes: NUL }] },
  { csv: 'code,name\n"""' },
  { csv: '\u0000,\u0000\n\u0000,\u0000' },
  { csv: `code,name,category\n123456,${NUL},${NUL}`, mode: 'apply' },
  ...FIELDS.map((f) => ({
    name: `Con ${f}`,
    license_number: `LIC-${f}`,
    specialty_ids: [1],
    zone_id: 1,
    code: '654321',
    [f]: NUL,
  })),
];
const RESOURCES = [
  'specialties',
  'doctors',
  'locations',
  'location-types',
  'zones',
  'municipalities',
  'eps',
  'cups',
  'services',
];

describe('master data never answers 5xx to a client mistake', () => {
  it('for bodies', async () => {
    const targets: [string, string][] = [
      ...RESOURCES.flatMap((r): [string, string][] => [
        ['POST', `/api/${r}`],
        ['PUT', `/api/${r}/1`],
        ['PUT', `/api/${r}/99999999999`],
      ]),
      ['PUT', '/api/doctors/1/specialties'],
      ['PUT', '/api/doctors/1/locations'],
      ['PUT', '/api/locations/1/specialties'],
      ['POST', '/api/eps-authorizations/batch'],
      ['POST', '/api/cups/import'],
    ];
    const failures: string[] = [];
    for (const [method, url] of targets) {
      for (const payload of PAYLOADS) {
        const res = await admin({
          method: method as 'POST',
          url,
          payload: JSON.stringify(payload),
          headers: { 'content-type': 'application/json' },
        });
        if (res.statusCode >= 500)
          failures.push(`${method} ${url} ${JSON.stringify(payload).slice(0, 60)} → ${res.statusCode}`);
      }
    }
    expect(failures).toEqual([]);
  }, 300_000);

  it('for paths and query strings', async () => {
    const urls = [
      ...RESOURCES.flatMap((r) => [
        `/api/${r}/-1`,
        `/api/${r}/2147483648`,
        `/api/${r}?q=%25%5F%5C&active=maybe&status=x&zone_id=1e99&page=1e30&limit=abc`,
        `/api/${r}?q=a%00&search=b%00&category=c%00&department=d%00`,
      ]),
      '/api/locations/1/metrics?month=0&year=x',
      '/api/doctors/search/q?q=ab%00',
      '/api/services/search/q?q=' + 'a'.repeat(200),
      '/api/cups?page=99999999999999999999',
      '/api/eps-authorizations/eps/abc/location/1/specialties',
      '/api/doctors/by-specialty/99999999999',
      '/api/eps-authorizations?eps_id=-4',
    ];
    const failures: string[] = [];
    for (const url of urls) {
      for (const method of ['GET', 'DELETE'] as const) {
        const res = await admin({ method, url });
        if (res.statusCode >= 500) failures.push(`${method} ${url} → ${res.statusCode}`);
      }
    }
    expect(failures).toEqual([]);
  }, 300_000);
});
