import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DOCUMENT_MAX_BYTES } from '@ips/shared/schemas/documents';
import { patientAccessLog } from '../../db/schema/access-log';
import { auditLog } from '../../db/schema/system';
import { buildTestApp, type TestApp } from '../../test/helpers';
import { callers, createPatient } from '../../test/factories/patients';
import {
  bigPdf,
  JPEG,
  multipart,
  PDF,
  PNG,
  storedRows,
  upload,
  uploadParts,
  WEBP,
  type Part,
} from './test-factory';

let t: TestApp;
let c: Awaited<ReturnType<typeof callers>>;
let patientId: number;
beforeAll(async () => {
  t = await buildTestApp();
  c = await callers(t.app);
  patientId = (await createPatient(c.reception)).id;
});
afterAll(async () => t?.close());

const auditRows = async () =>
  (await t.app.deps.db.select().from(auditLog).where(eq(auditLog.tableName, 'patient_documents'))).length;

describe('POST /api/documents', () => {
  it('stores a PDF by its content, audited and in the access log, and lists it', async () => {
    const res = await upload(
      c.reception,
      uploadParts(patientId, PDF, { filename: 'Hemograma ñandú.pdf', description: 'Control de marzo' }),
    );
    expect(res.statusCode, res.body).toBe(201);
    const doc = res.json().data;
    expect(doc).toMatchObject({
      patient_id: patientId,
      category: 'laboratorio',
      category_name: 'Resultados de laboratorio',
      description: 'Control de marzo',
      file_name: 'Hemograma ñandú.pdf',
      content_type: 'application/pdf',
      size: PDF.length,
      created_by_name: 'Usuario reception',
    });
    expect(doc.sha256).toMatch(/^[0-9a-f]{64}$/);
    const [audit] = await t.app.deps.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.tableName, 'patient_documents'), eq(auditLog.recordId, String(doc.id))));
    expect(audit).toMatchObject({ action: 'create', userId: t.users.reception.id });
    const access = await t.app.deps.db
      .select()
      .from(patientAccessLog)
      .where(eq(patientAccessLog.patientId, patientId));
    expect(access.map((a) => a.action)).toContain('POST /api/documents');
    const list = await c.doctor({ method: 'GET', url: `/api/documents/patient/${patientId}` });
    // The doctor has no appointment with this patient: not theirs (404, as for the patient itself).
    expect(list.statusCode).toBe(404);
    const mine = await c.supervisor({ method: 'GET', url: `/api/documents/patient/${patientId}` });
    expect(mine.statusCode).toBe(200);
    expect(mine.json()).toMatchObject({ total: 1, page: 1, limit: 20 });
    expect(mine.json().data[0].id).toBe(doc.id);
  });

  it('takes JPEG, PNG and WebP whatever their names, and the fields after the file', async () => {
    for (const [file, type] of [
      [JPEG, 'image/jpeg'],
      [PNG, 'image/png'],
      [WEBP, 'image/webp'],
    ] as const) {
      const res = await upload(c.admin, uploadParts(patientId, file, { filename: 'escaneo.pdf' }));
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json().data.content_type).toBe(type);
    }
    const reversed = uploadParts(patientId, PNG, { category: 'imagenes' }).reverse();
    const res = await upload(c.admin, reversed);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({ category: 'imagenes', patient_id: patientId });
  });

  it('stores a file of exactly 20 MB in chunks and hashes it', async () => {
    const file = bigPdf(DOCUMENT_MAX_BYTES);
    const res = await upload(c.admin, uploadParts(patientId, file));
    expect(res.statusCode, res.body).toBe(201);
    const { createHash } = await import('node:crypto');
    expect(res.json().data).toMatchObject({
      size: DOCUMENT_MAX_BYTES,
      sha256: createHash('sha256').update(file).digest('hex'),
    });
  }, 60_000);

  const filed = (file: Buffer, extra: Part[] = []) => [...uploadParts(patientId, file), ...extra];
  const refusals: [string, () => Promise<{ statusCode: number; json: () => unknown }>, number, string][] = [
    [
      'an executable named .pdf',
      () => upload(c.admin, filed(Buffer.from('MZ\x90\x00\x03\x00\x00\x00\x04\x00\x00\x00\xff\xff\x00\x00'))),
      415,
      'El documento debe ser un PDF o una imagen JPEG, PNG o WebP',
    ],
    [
      'an SVG with a script',
      () =>
        upload(
          c.admin,
          filed(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>')),
        ),
      415,
      'El documento debe ser un PDF o una imagen JPEG, PNG o WebP',
    ],
    [
      'HTML named .png',
      () => upload(c.admin, filed(Buffer.from('<html><body>hola</body></html>'))),
      415,
      'El documento debe ser un PDF o una imagen JPEG, PNG o WebP',
    ],
    [
      'a tiny text file',
      () => upload(c.admin, filed(Buffer.from('hola'))),
      415,
      'El documento debe ser un PDF o una imagen JPEG, PNG o WebP',
    ],
    [
      'one byte over 20 MB',
      () => upload(c.admin, filed(bigPdf(DOCUMENT_MAX_BYTES + 1))),
      413,
      'El archivo supera el tamaño máximo de 20 MB',
    ],
    [
      '25 MB (refused on its announced length)',
      () => upload(c.admin, filed(bigPdf(25 * 1024 * 1024))),
      413,
      'El archivo supera el tamaño máximo de 20 MB',
    ],
    ['an empty file', () => upload(c.admin, filed(Buffer.alloc(0))), 400, 'El archivo está vacío'],
    [
      'no file',
      () => upload(c.admin, uploadParts(patientId, PDF).slice(0, 2)),
      400,
      'Adjunte el archivo en el campo "file"',
    ],
    [
      'the file under another field name',
      () =>
        upload(c.admin, [
          ...uploadParts(patientId, PDF).slice(0, 2),
          { field: 'archivo', filename: 'a.pdf', content: PDF },
        ]),
      400,
      'Adjunte el archivo en el campo "file"',
    ],
    [
      'no patient',
      () => upload(c.admin, uploadParts(patientId, PDF).slice(1)),
      400,
      'El paciente es obligatorio',
    ],
    [
      'no patient, the file first',
      () => upload(c.admin, uploadParts(patientId, PDF).slice(1).reverse()),
      400,
      'El paciente es obligatorio',
    ],
    [
      'no category',
      () =>
        upload(
          c.admin,
          uploadParts(patientId, PDF).filter((p) => p.field !== 'category'),
        ),
      400,
      'La categoría es obligatoria',
    ],
    [
      'an unknown category',
      () => upload(c.admin, uploadParts(patientId, PDF, { category: 'recetas' })),
      400,
      'Categoría de documento no válida',
    ],
    [
      'a patient id that is not a number',
      () => upload(c.admin, uploadParts('abc', PDF)),
      400,
      'El paciente debe ser un número entero positivo',
    ],
    [
      'a description over 500 characters',
      () => upload(c.admin, uploadParts(patientId, PDF, { description: 'x'.repeat(501) })),
      400,
      'La descripción no puede superar 500 caracteres',
    ],
    ['an unknown patient', () => upload(c.admin, uploadParts(987_654, PDF)), 404, 'Paciente no encontrado'],
    [
      'an unknown patient named after the file (the file is stored, then removed)',
      () => upload(c.admin, uploadParts(987_654, bigPdf(600_000)).reverse()),
      404,
      'Paciente no encontrado',
    ],
    [
      'two files',
      () => upload(c.admin, [...filed(PDF), { field: 'file', filename: 'b.pdf', content: PDF }]),
      413,
      'Envíe un solo archivo, en el campo "file"',
    ],
    [
      'JSON instead of multipart',
      () => c.admin({ method: 'POST', url: '/api/documents', payload: { patient_id: patientId } }),
      415,
      'Envíe el documento como multipart/form-data (file, patient_id, category, description)',
    ],
  ];
  it.each(refusals)(
    'refuses %s and writes nothing',
    async (_name, send, status, message) => {
      const before = await storedRows(t.app);
      const audits = await auditRows();
      const res = await send();
      expect(res.statusCode).toBe(status);
      expect(res.json()).toMatchObject({ success: false, message });
      expect(await storedRows(t.app)).toEqual(before);
      expect(await auditRows()).toBe(audits);
    },
    60_000,
  );

  it('malformed multipart bodies are 4xx, never 5xx, and write nothing', async () => {
    const before = await storedRows(t.app);
    const { payload, headers } = multipart(uploadParts(patientId, PDF));
    const bodies = [
      { payload: payload.subarray(0, payload.length - 30), headers },
      { payload: 'sin partes', headers },
      { payload, headers: { 'content-type': 'multipart/form-data' } },
      { payload: Buffer.alloc(0), headers },
    ];
    for (const b of bodies) {
      const res = await c.admin({ method: 'POST', url: '/api/documents', ...b });
      expect(res.statusCode, res.body).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, res.body).toBeLessThan(500);
      expect(res.json().success).toBe(false);
    }
    expect(await storedRows(t.app)).toEqual(before);
  });

  it('agents do not file documents (403) and nothing is written; unsigned callers get 401', async () => {
    const before = await storedRows(t.app);
    const res = await upload(c.agent, uploadParts(patientId, PDF));
    expect(res.statusCode).toBe(403);
    const anon = await t.app.inject({
      method: 'POST',
      url: '/api/documents',
      ...multipart(uploadParts(patientId, PDF)),
    });
    expect(anon.statusCode).toBe(401);
    expect(await storedRows(t.app)).toEqual(before);
  });
});
