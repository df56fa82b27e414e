import { count } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { patientDocumentChunks, patientDocuments } from '../../db/schema/documents';
import type { Call } from '../../test/factories/patients';

/** Helpers for the document tests (not a test file itself). */

/** A small but real PDF. */
export const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n' +
    '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);
/** A real 1×1 PNG. */
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
export const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(300, 1)]);
export const WEBP = Buffer.concat([
  Buffer.from('RIFF'),
  Buffer.from([0x20, 0, 0, 0]),
  Buffer.from('WEBPVP8 '),
  Buffer.alloc(40, 2),
]);

/** A PDF of `size` bytes whose content varies, so ranges and chunk edges can be checked byte by byte. */
export function bigPdf(size: number): Buffer {
  const b = Buffer.alloc(size);
  for (let i = 0; i < size; i++) b[i] = (i * 31 + (i >> 8)) & 0xff;
  b.write('%PDF-1.7\n', 0, 'latin1');
  return b;
}

export interface Part {
  field: string;
  filename?: string;
  type?: string;
  content: Buffer | string;
}

/** A multipart body by hand (what a browser's FormData sends). */
export function multipart(parts: Part[]) {
  const boundary = '----ips-docs-boundary-4c1e';
  const chunks: Buffer[] = [];
  for (const p of parts) {
    const disposition = `form-data; name="${p.field}"${p.filename !== undefined ? `; filename="${p.filename}"` : ''}`;
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: ${disposition}\r\n` +
          (p.type ? `Content-Type: ${p.type}\r\n` : '') +
          '\r\n',
      ),
      Buffer.isBuffer(p.content) ? p.content : Buffer.from(p.content),
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

export function uploadParts(
  patientId: number | string,
  file: Buffer,
  opts: { filename?: string; category?: string; description?: string } = {},
): Part[] {
  return [
    { field: 'patient_id', content: String(patientId) },
    { field: 'category', content: opts.category ?? 'laboratorio' },
    ...(opts.description !== undefined ? [{ field: 'description', content: opts.description }] : []),
    {
      field: 'file',
      filename: opts.filename ?? 'resultado.pdf',
      type: 'application/octet-stream',
      content: file,
    },
  ];
}

export async function upload(call: Call, parts: Part[]) {
  return call({ method: 'POST', url: '/api/documents', ...multipart(parts) });
}

/** Uploads and returns the document's DTO. */
export async function uploadDocument(
  call: Call,
  patientId: number,
  file: Buffer = PDF,
  opts: Parameters<typeof uploadParts>[2] = {},
) {
  const res = await upload(call, uploadParts(patientId, file, opts));
  if (res.statusCode !== 201) throw new Error(`upload → ${res.statusCode} ${res.body}`);
  return res.json().data as { id: number; size: number; sha256: string; file_name: string };
}

export async function linkFor(call: Call, id: number) {
  const res = await call({ method: 'POST', url: `/api/documents/${id}/download-link` });
  if (res.statusCode !== 200) throw new Error(`link → ${res.statusCode} ${res.body}`);
  return res.json().data as { url: string; token: string; expires_at: string };
}

/** Rows in the two tables (any status), to prove a refusal wrote nothing. */
export async function storedRows(app: FastifyInstance) {
  const [docs] = await app.deps.db.select({ n: count() }).from(patientDocuments);
  const [chunks] = await app.deps.db.select({ n: count() }).from(patientDocumentChunks);
  return { docs: Number(docs!.n), chunks: Number(chunks!.n) };
}
