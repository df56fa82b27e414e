import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './helpers';

/*
 * Issue 34 item 16: the OpenAPI document says what the server does (one zod schema per rule in packages/shared),
 * the disagreements Schemathesis found.
 */

let t: TestApp;
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the document is read as the JSON it is
type Json = any;
let doc: { paths: Record<string, Record<string, { requestBody?: Json; responses: Record<string, Json> }>> };
beforeAll(async () => {
  t = await buildTestApp();
  doc = (await t.app.inject({ method: 'GET', url: '/api/docs' })).json();
});
afterAll(async () => t?.close());

const jsonBody = (path: string, method: string) =>
  doc.paths[path]![method]!.requestBody.content['application/json'].schema;

describe('the OpenAPI document and the server agree', () => {
  it('a permanent DELETE of a patient answers 204 without a body, and the document promises none', async () => {
    for (const path of ['/api/patients/{id}', '/api/enhanced-patients/{id}']) {
      const r204 = doc.paths[path]!.delete!.responses['204'];
      expect(r204, path).toBeDefined();
      expect(r204.content, path).toBeUndefined();
    }
  });

  it('the CUPS code is documented as the 6 letters or digits the server demands', async () => {
    const code = jsonBody('/api/cups', 'post').properties.code;
    const pattern = new RegExp(code.pattern);
    for (const ok of ['890201', ' 89020a ']) expect(pattern.test(ok), ok).toBe(true);
    for (const bad of ['x', '8902011', '89 201']) expect(pattern.test(bad), bad).toBe(false);
  });

  it('a holiday date is documented with its YYYY-MM-DD pattern, and a text outside it is refused', async () => {
    const date = jsonBody('/api/holidays', 'post').properties.date;
    expect(new RegExp(date.pattern).test('2030-01-01')).toBe(true);
    expect(new RegExp(date.pattern).test('01/01/2030')).toBe(false);
    const { loginAs, as } = await import('./helpers');
    const admin = as(t.app, await loginAs(t.app, 'admin@test.ips.co'));
    const res = await admin({
      method: 'POST',
      url: '/api/holidays',
      payload: { date: '01/01/2030', name: 'X' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.date).toEqual(['Fecha inválida (AAAA-MM-DD)']);
  });
});
