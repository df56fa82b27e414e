import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema/system';
import { uploads } from '../../db/schema/uploads';
import { as, buildTestApp, loginAs, type TestApp } from '../../test/helpers';

let t: TestApp;
let adminToken: string;
beforeAll(async () => {
  t = await buildTestApp();
  adminToken = await loginAs(t.app, 'admin@test.ips.co');
});
afterAll(async () => t?.close());

/** A real 1×1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(200, 1)]);
const WEBP = Buffer.concat([
  Buffer.from('RIFF'),
  Buffer.from([0x20, 0, 0, 0]),
  Buffer.from('WEBPVP8 '),
  Buffer.alloc(40, 2),
]);
const PDF = Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\ntrailer << >>\n%%EOF\n');
const SCRIPT = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');

/** A multipart body by hand (what a browser's FormData sends). */
function multipart(parts: { field: string; filename?: string; type?: string; content: Buffer }[]) {
  const boundary = '----ips-test-boundary-7d93';
  const chunks: Buffer[] = [];
  for (const p of parts) {
    const disposition = `form-data; name="${p.field}"${p.filename ? `; filename="${p.filename}"` : ''}`;
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: ${disposition}\r\n` +
          (p.type ? `Content-Type: ${p.type}\r\n` : '') +
          '\r\n',
      ),
      p.content,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

async function upload(file: Buffer, filename: string, type = 'application/octet-stream', token = adminToken) {
  const body = multipart([{ field: 'file', filename, type, content: file }]);
  return as(t.app, token)({ method: 'POST', url: '/api/uploads', ...body });
}

const count = async () => (await t.app.deps.db.select({ id: uploads.id }).from(uploads)).length;

describe('POST /api/uploads', () => {
  it('takes a PNG named .pdf (content decides), answers its URL, serves it with cache headers', async () => {
    const res = await upload(PNG, 'informe.pdf', 'application/pdf');
    expect(res.statusCode).toBe(201);
    const data = res.json().data;
    expect(data.url).toMatch(/^\/uploads\/[0-9a-f]{64}\.png$/);
    expect(data).toMatchObject({ content_type: 'image/png', size: PNG.length });
    const file = await t.app.inject({ method: 'GET', url: data.url });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(file.headers.etag).toBe(`"${data.sha256}"`);
    expect(file.rawPayload.equals(PNG)).toBe(true);
    const again = await t.app.inject({
      method: 'GET',
      url: data.url,
      headers: { 'if-none-match': file.headers.etag as string },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    // The same content again: the same URL, no second row.
    const before = await count();
    const twice = await upload(PNG, 'logo.png', 'image/png');
    expect(twice.statusCode).toBe(200);
    expect(twice.json().data.url).toBe(data.url);
    expect(await count()).toBe(before);
    const audit = await t.app.deps.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.tableName, 'uploads'))
      .orderBy(auditLog.id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ recordId: data.sha256, action: 'create', userId: t.users.admin.id });
  });

  it('takes JPEG and WebP by their magic bytes', async () => {
    const jpg = await upload(JPEG, 'foto.bin');
    expect(jpg.statusCode).toBe(201);
    expect(jpg.json().data.url).toMatch(/\.jpg$/);
    const webp = await upload(WEBP, 'logo');
    expect(webp.statusCode).toBe(201);
    expect(webp.json().data.content_type).toBe('image/webp');
  });

  const refusals: [string, () => ReturnType<typeof upload>, number, string][] = [
    [
      'a PDF named .png',
      () => upload(PDF, 'logo.png', 'image/png'),
      415,
      'El logo debe ser una imagen PNG, JPEG o WebP',
    ],
    [
      'a script (SVG with <script>)',
      () => upload(SCRIPT, 'logo.svg', 'image/svg+xml'),
      415,
      'El logo debe ser una imagen PNG, JPEG o WebP',
    ],
    [
      'a script named .png',
      () => upload(Buffer.from('#!/bin/sh\nrm -rf /\n'), 'logo.png', 'image/png'),
      415,
      'El logo debe ser una imagen PNG, JPEG o WebP',
    ],
    [
      '3 MB (a real PNG header)',
      () => upload(Buffer.concat([PNG, Buffer.alloc(3 * 1024 * 1024)]), 'grande.png', 'image/png'),
      413,
      'El archivo supera el tamaño máximo de 2 MB',
    ],
    [
      'one byte over 2 MB',
      () => upload(Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024 - PNG.length + 1)]), 'justo.png'),
      413,
      'El archivo supera el tamaño máximo de 2 MB',
    ],
    ['an empty file', () => upload(Buffer.alloc(0), 'vacio.png'), 400, 'El archivo está vacío'],
    [
      'another field name',
      async () =>
        as(
          t.app,
          adminToken,
        )({
          method: 'POST',
          url: '/api/uploads',
          ...multipart([{ field: 'logo', filename: 'a.png', type: 'image/png', content: PNG }]),
        }),
      400,
      'Adjunte el archivo del logo en el campo "file"',
    ],
    [
      'no file at all',
      async () =>
        as(
          t.app,
          adminToken,
        )({
          method: 'POST',
          url: '/api/uploads',
          ...multipart([{ field: 'nombre', content: Buffer.from('x') }]),
        }),
      400,
      'Adjunte el archivo del logo en el campo "file"',
    ],
    [
      'JSON instead of multipart',
      async () => as(t.app, adminToken)({ method: 'POST', url: '/api/uploads', payload: { file: 'x' } }),
      415,
      'Envíe el archivo como multipart/form-data en el campo "file"',
    ],
  ];
  it.each(refusals)('refuses %s, and writes nothing', async (_name, send, status, message) => {
    const rows = await count();
    const audits = (
      await t.app.deps.db
        .select()
        .from(auditLog)
        .where(eq(auditLog.tableName, 'uploads'))
        .orderBy(auditLog.id)
    ).length;
    const res = await send();
    expect(res.statusCode).toBe(status);
    expect(res.json()).toMatchObject({ success: false, message });
    expect(await count()).toBe(rows);
    expect(
      (
        await t.app.deps.db
          .select()
          .from(auditLog)
          .where(eq(auditLog.tableName, 'uploads'))
          .orderBy(auditLog.id)
      ).length,
    ).toBe(audits);
  });

  it('a PNG just at 2 MB is taken', async () => {
    const res = await upload(
      Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024 - PNG.length, 7)]),
      'justo.png',
    );
    expect(res.statusCode).toBe(201);
    expect(res.json().data.size).toBe(2 * 1024 * 1024);
  });

  it('only the administrator uploads', async () => {
    const rows = await count();
    for (const role of ['supervisor', 'agent', 'doctor', 'reception'] as const) {
      const res = await upload(PNG, 'x.png', 'image/png', await loginAs(t.app, `${role}@test.ips.co`));
      expect(res.statusCode).toBe(403);
    }
    const anon = await t.app.inject({
      method: 'POST',
      url: '/api/uploads',
      ...multipart([{ field: 'file', filename: 'x.png', content: PNG }]),
    });
    expect(anon.statusCode).toBe(401);
    expect(await count()).toBe(rows);
  });
});

describe('malformed multipart bodies', () => {
  it('answer 4xx, never 5xx, and write nothing', async () => {
    const rows = await count();
    const call = as(t.app, adminToken);
    const { payload, headers } = multipart([{ field: 'file', filename: 'a.png', content: PNG }]);
    const bodies: { payload: Buffer | string; headers: Record<string, string> }[] = [
      { payload: payload.subarray(0, payload.length - 30), headers }, // cut before the closing boundary
      { payload: 'sin partes', headers }, // no boundary in the body
      { payload, headers: { 'content-type': 'multipart/form-data' } }, // no boundary in the header
      { payload: Buffer.alloc(0), headers },
      {
        payload: Buffer.concat([payload.subarray(0, 80), Buffer.from('\r\n\r\n'), payload.subarray(80)]),
        headers,
      },
    ];
    for (const b of bodies) {
      const res = await call({ method: 'POST', url: '/api/uploads', ...b });
      expect(res.statusCode, res.body).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, res.body).toBeLessThan(500);
      expect(res.json().success).toBe(false);
    }
    // Two files: the second one is refused with the first.
    const two = multipart([
      { field: 'file', filename: 'a.png', content: PNG },
      { field: 'file', filename: 'b.png', content: JPEG },
    ]);
    const res = await call({ method: 'POST', url: '/api/uploads', ...two });
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe('Envíe un solo archivo, en el campo "file"');
    expect(await count()).toBe(rows);
  });
});

describe('GET /uploads/:name', () => {
  it('404 for an unknown hash, a wrong extension or a name that is not a hash', async () => {
    const res = await upload(PNG, 'logo.png', 'image/png');
    const sha = res.json().data.sha256 as string;
    for (const url of [
      `/uploads/${'0'.repeat(64)}.png`,
      `/uploads/${sha}.jpg`,
      '/uploads/../../etc/passwd',
      '/uploads/logo.png',
    ])
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(404);
  });
});
