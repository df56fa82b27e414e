import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, buildTestApp, loginAs, type TestApp } from './helpers';

/*
 * Issue 34 item 16: the OpenAPI document says what the server does (one zod schema per rule in packages/shared),
 * the disagreements Schemathesis found.
 */

let t: TestApp;
let admin: ReturnType<typeof as>;
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the document is read as the JSON it is
type Json = any;
let doc: { paths: Record<string, Record<string, { requestBody?: Json; responses: Record<string, Json> }>> };
beforeAll(async () => {
  t = await buildTestApp();
  doc = (await t.app.inject({ method: 'GET', url: '/api/docs' })).json();
  admin = as(t.app, await loginAs(t.app, 'admin@test.ips.co'));
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
    const res = await admin({
      method: 'POST',
      url: '/api/holidays',
      payload: { date: '01/01/2030', name: 'X' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.date).toEqual(['Fecha inválida (AAAA-MM-DD)']);
  });

  it("an EPS agreement_date is a date, null or '' (no date), as documented; anything else is a Spanish 400", async () => {
    const date = jsonBody('/api/eps', 'post').properties.agreement_date;
    expect(date.nullable).toBe(true);
    expect(date.anyOf).toEqual([{ type: 'string', enum: [''] }, expect.objectContaining({ type: 'string' })]);
    const pattern = new RegExp(date.anyOf[1].pattern);
    let n = 0;
    const create = (agreement_date: unknown) =>
      admin({
        method: 'POST',
        url: '/api/eps',
        payload: { name: `EPS contrato ${++n}`, code: `CT${n}`, has_agreement: true, agreement_date },
      });
    for (const none of ['', null]) {
      const res = await create(none);
      expect(res.statusCode, String(none)).toBe(201);
      expect(res.json().data.agreement_date).toBeNull();
    }
    expect((await create('2025-02-01')).json().data.agreement_date).toBe('2025-02-01');
    for (const bad of [' ', 'x', '2025-2-1', 20250201, true]) {
      expect(typeof bad === 'string' && (bad === '' || pattern.test(bad)), String(bad)).toBe(false);
      const res = await create(bad);
      expect(res.statusCode, String(bad)).toBe(400);
      expect(res.json().errors.agreement_date[0]).toBe('Fecha de convenio inválida (AAAA-MM-DD)');
    }
  });

  it('a boolean body field takes true or false only (0, 1, "true" are a 400), except the 0/1 the spec gives CUPS', async () => {
    expect(jsonBody('/api/specialties', 'post').properties.active.type).toBe('boolean');
    expect(jsonBody('/api/eps', 'post').properties.has_agreement.type).toBe('boolean');
    for (const active of [0, 1, 'true', 'false', '1', null]) {
      const res = await admin({ method: 'POST', url: '/api/specialties', payload: { name: 'Bool', active } });
      expect(res.statusCode, JSON.stringify(active)).toBe(400);
      expect(res.json().errors.active).toEqual(['Valor inválido']);
    }
    const off = await admin({
      method: 'POST',
      url: '/api/specialties',
      payload: { name: 'Bool', active: false },
    });
    expect(off.json().data.active).toBe(false);

    // Spec part 2 §3: CUPS requires_authorization (0 or 1). The document lists exactly what is accepted.
    const flag = jsonBody('/api/cups', 'post').properties.requires_authorization;
    expect(flag.anyOf).toEqual([
      { type: 'boolean' },
      { type: 'number', enum: [0] },
      { type: 'number', enum: [1] },
    ]);
    const cups = (code: string, requires_authorization: unknown) =>
      admin({ method: 'POST', url: '/api/cups', payload: { code, name: 'Prueba', requires_authorization } });
    expect((await cups('B11111', 1)).json().data.requires_authorization).toBe(1);
    expect((await cups('B22222', true)).json().data.requires_authorization).toBe(1);
    for (const bad of ['1', 2, 'si']) {
      const res = await cups('B33333', bad);
      expect(res.statusCode, String(bad)).toBe(400);
      expect(res.json().errors.requires_authorization).toEqual(['Valor inválido: use 0 o 1']);
    }
  });

  it('every e-mail of a request body is declared format: email, and the server refuses what the format refuses', async () => {
    const emailFields: string[] = [];
    for (const [path, ops] of Object.entries(doc.paths))
      for (const [method, op] of Object.entries(ops)) {
        const props = op.requestBody?.content?.['application/json']?.schema?.properties ?? {};
        for (const [name, prop] of Object.entries<Json>(props)) {
          if (!/(^|_)email$/.test(name) && !(path.endsWith('/test-email') && name === 'to')) continue;
          const variants: Json[] = prop.anyOf ?? [prop];
          const formats = variants.filter((v) => v.format === 'email');
          emailFields.push(`${method} ${path} ${name}`);
          expect(formats, `${method} ${path} ${name}`).toHaveLength(1);
          expect(formats[0].pattern, `${method} ${path} ${name}`).toBeTruthy();
          // Besides the address, at most the '' that means "none".
          for (const v of variants.filter((x) => x.format !== 'email'))
            expect(v).toEqual({ type: 'string', enum: [''] });
        }
      }
    for (const field of ['post /api/users email', 'post /api/doctors email', 'post /api/patients email'])
      expect(emailFields).toContain(field);
    expect(emailFields).toContain('put /api/settings org_email');
    expect(emailFields).toContain('put /api/settings notifications_email');
    expect(emailFields).toContain('post /api/auth/login email');
    expect(emailFields.filter((f) => f.endsWith('/test-email to'))).toHaveLength(1);

    const pattern = new RegExp(jsonBody('/api/doctors', 'post').properties.email.anyOf[1].pattern);
    for (const bad of [' ana@ips.co', 'ana@ips.co ', 'ana@ips', 'ana ips@ips.co']) {
      expect(pattern.test(bad), bad).toBe(false);
      const doctor = await admin({
        method: 'POST',
        url: '/api/doctors',
        payload: { name: 'Ana Correo', license_number: 'RM-1', email: bad },
      });
      expect(doctor.statusCode, bad).toBe(400);
      expect(doctor.json().errors.email).toEqual(['Email inválido']);
      const user = await admin({
        method: 'POST',
        url: '/api/users',
        payload: { name: 'Ana Correo', email: bad, role: 'agent', password: 'Clave-segura-2026!' },
      });
      expect(user.statusCode, bad).toBe(400);
      expect(user.json().errors.email).toEqual(['Email inválido']);
      const settings = await admin({ method: 'PUT', url: '/api/settings', payload: { org_email: bad } });
      expect(settings.statusCode, bad).toBe(400);
      expect(settings.json().errors.org_email).toEqual(['Ingrese un correo electrónico válido']);
    }
    const ok = await admin({
      method: 'POST',
      url: '/api/users',
      payload: {
        name: 'Ana Correo',
        email: 'Ana.Correo@IPS.co',
        role: 'agent',
        password: 'Clave-segura-2026!',
      },
    });
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json().data.email).toBe('ana.correo@ips.co');
  });

  it('the streamed bodies are documented: the logo and the documents as multipart with their file, the CSV imports as text/csv', async () => {
    const multipart = (path: string) =>
      doc.paths[path]!.post!.requestBody.content['multipart/form-data'].schema;
    const logo = multipart('/api/uploads');
    expect(logo.properties.file).toMatchObject({ type: 'string', format: 'binary' });
    expect(logo.required).toEqual(['file']);
    const document = multipart('/api/documents');
    expect(document.properties.file).toMatchObject({ type: 'string', format: 'binary' });
    expect(document.properties.category.enum).toContain('historia_clinica');
    expect(document.required).toEqual(['patient_id', 'category', 'file']);
    expect(Object.keys(doc.paths['/api/uploads']!.post!.requestBody.content)).toEqual([
      'multipart/form-data',
    ]);
    for (const path of ['/api/cups/import', '/api/cie10/import']) {
      const content = doc.paths[path]!.post!.requestBody.content;
      expect(Object.keys(content).sort(), path).toEqual(['application/json', 'text/csv']);
      expect(content['text/csv'].schema.type, path).toBe('string');
      expect(content['application/json'].schema.required, path).toEqual(['csv']);
    }
    // The document is only a document: a multipart logo is still read by the handler, not by a body schema.
    const boundary = 'x-boundary';
    const png = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');
    const body = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n`),
      Buffer.from('Content-Type: image/png\r\n\r\n'),
      png,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const res = await admin({
      method: 'POST',
      url: '/api/uploads',
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: body,
    });
    expect(res.statusCode, res.body).not.toBe(415);
    expect(res.statusCode, res.body).toBeLessThan(500);
  });
});
