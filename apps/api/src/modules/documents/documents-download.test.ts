import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { patientAccessLog } from '../../db/schema/access-log';
import { auditLog } from '../../db/schema/system';
import { contentDisposition } from '../../lib/http-range';
import { signSessionToken } from '../../lib/tokens';
import { buildTestApp, loginAs, type TestApp } from '../../test/helpers';
import { callers, createPatient } from '../../test/factories/patients';
import { CHUNK_BYTES } from './repo';
import { bigPdf, linkFor, PNG, storedRows, uploadDocument } from './test-factory';
import { signDownloadToken } from './token';

let t: TestApp;
let c: Awaited<ReturnType<typeof callers>>;
let patientId: number;
/** 600 KB: three stored chunks, so ranges cross chunk edges. */
const FILE = bigPdf(600_000);
let doc: { id: number; sha256: string };
beforeAll(async () => {
  t = await buildTestApp();
  c = await callers(t.app);
  patientId = (await createPatient(c.reception)).id;
  doc = await uploadDocument(c.reception, patientId, FILE, { filename: 'Radiografía tórax; final.pdf' });
});
afterAll(async () => t?.close());

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers });

describe('GET /api/documents/:id/download', () => {
  it('a link for the document serves its bytes, with a safe file name, audited and in the access log', async () => {
    const link = await linkFor(c.supervisor, doc.id);
    expect(link.url).toBe(`/api/documents/${doc.id}/download?token=${encodeURIComponent(link.token)}`);
    expect(new Date(link.expires_at).getTime() - Date.now()).toBeLessThanOrEqual(5 * 60_000);
    const res = await get(link.url);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-length']).toBe(String(FILE.length));
    expect(res.headers['accept-ranges']).toBe('bytes');
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="Radiografia torax_ final.pdf"; filename*=UTF-8''Radiograf%C3%ADa%20t%C3%B3rax%3B%20final.pdf`,
    );
    expect(createHash('sha256').update(res.rawPayload).digest('hex')).toBe(doc.sha256);
    expect(res.rawPayload.equals(FILE)).toBe(true);
    const inline = await get(`${link.url}&inline=1`);
    expect(inline.headers['content-disposition']).toMatch(/^inline; /);
    const audit = await t.app.deps.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.tableName, 'patient_documents'),
          eq(auditLog.recordId, String(doc.id)),
          eq(auditLog.action, 'download'),
        ),
      );
    expect(audit).toHaveLength(2);
    expect(audit[0]!.userId).toBe(t.users.supervisor.id);
    const access = await t.app.deps.db
      .select()
      .from(patientAccessLog)
      .where(
        and(
          eq(patientAccessLog.patientId, patientId),
          eq(patientAccessLog.action, 'GET /api/documents/:id/download'),
        ),
      );
    expect(access.map((a) => a.userId)).toEqual([t.users.supervisor.id, t.users.supervisor.id]);
  });

  it('answers ranges across chunk edges (206), whole for several ranges, 416 beyond the end', async () => {
    const { url } = await linkFor(c.admin, doc.id);
    const cases: [string, number, number][] = [
      ['bytes=0-9', 0, 9],
      [`bytes=${CHUNK_BYTES - 5}-${CHUNK_BYTES + 4}`, CHUNK_BYTES - 5, CHUNK_BYTES + 4],
      [`bytes=${CHUNK_BYTES * 2 + 1}-`, CHUNK_BYTES * 2 + 1, FILE.length - 1],
      ['bytes=-100', FILE.length - 100, FILE.length - 1],
      ['bytes=100-9999999', 100, FILE.length - 1],
    ];
    for (const [range, start, end] of cases) {
      const res = await get(url, { range });
      expect(res.statusCode, range).toBe(206);
      expect(res.headers['content-range']).toBe(`bytes ${start}-${end}/${FILE.length}`);
      expect(res.headers['content-length']).toBe(String(end - start + 1));
      expect(res.rawPayload.equals(FILE.subarray(start, end + 1)), range).toBe(true);
    }
    const several = await get(url, { range: 'bytes=0-1,5-6' });
    expect(several.statusCode).toBe(200);
    expect(several.rawPayload.length).toBe(FILE.length);
    for (const range of [`bytes=${FILE.length}-`, 'bytes=9-3', 'items=0-1']) {
      const res = await get(url, { range });
      expect(res.statusCode, range).toBe(416);
      expect(res.headers['content-range']).toBe(`bytes */${FILE.length}`);
      expect(res.json()).toMatchObject({
        success: false,
        message: 'Rango solicitado no válido para este documento',
      });
    }
  });

  it('refuses no token, a session token, a forged or expired token, and another document’s token', async () => {
    const other = await uploadDocument(c.reception, patientId, PNG, { filename: 'otro.png' });
    const base = `/api/documents/${doc.id}/download`;
    const session = await loginAs(t.app, t.users.admin.email);
    const expired = await signDownloadToken(
      t.app.deps.tokenKeys.download,
      { documentId: doc.id, userId: t.users.admin.id, sessionId: '00000000-0000-0000-0000-000000000000' },
      new Date(Date.now() - 1000),
    );
    const forged = await signDownloadToken(
      new TextEncoder().encode('otra-clave-que-no-es-la-del-servidor-0123456789'),
      { documentId: doc.id, userId: t.users.admin.id, sessionId: '00000000-0000-0000-0000-000000000000' },
      new Date(Date.now() + 60_000),
    );
    const cases: [string, string, Record<string, string>, number, string][] = [
      ['no token', base, {}, 401, 'Falta el enlace de descarga: solicítelo de nuevo'],
      [
        'the session token in the query',
        `${base}?token=${session}`,
        {},
        401,
        'Enlace de descarga inválido: solicítelo de nuevo',
      ],
      [
        'the session token as a bearer header',
        base,
        { authorization: `Bearer ${session}` },
        401,
        'Falta el enlace de descarga: solicítelo de nuevo',
      ],
      [
        'an expired token',
        `${base}?token=${expired}`,
        {},
        401,
        'El enlace de descarga venció: solicítelo de nuevo',
      ],
      [
        'a forged token',
        `${base}?token=${forged}`,
        {},
        401,
        'Enlace de descarga inválido: solicítelo de nuevo',
      ],
      [
        'the token of another document',
        `${base}?token=${(await linkFor(c.admin, other.id)).token}`,
        {},
        403,
        'El enlace de descarga no corresponde a este documento',
      ],
    ];
    for (const [name, url, headers, status, message] of cases) {
      const res = await get(url, headers);
      expect(res.statusCode, name).toBe(status);
      expect(res.json(), name).toMatchObject({ success: false, message });
    }
    // A session-shaped token signed with the right key is still not a download token.
    const lookalike = await signSessionToken(
      t.app.deps.tokenKeys.download,
      { sub: String(t.users.admin.id), sid: 'x', role: 'admin', name: 'x' },
      new Date(Date.now() + 60_000),
    );
    expect((await get(`${base}?token=${lookalike}`)).statusCode).toBe(401);
  });

  it('a link dies with the session that asked for it', async () => {
    const token = await loginAs(t.app, t.users.reception.email);
    const call = (o: Parameters<typeof c.admin>[0]) =>
      t.app.inject({ ...o, headers: { authorization: `Bearer ${token}` } });
    const link = await linkFor(call, doc.id);
    expect((await get(link.url)).statusCode).toBe(200);
    await call({ method: 'POST', url: '/api/auth/logout' });
    const res = await get(link.url);
    expect(res.statusCode).toBe(401);
  });

  it('an agent cannot ask for a link (403); a doctor not treating the patient gets 404', async () => {
    expect(
      (await c.agent({ method: 'POST', url: `/api/documents/${doc.id}/download-link` })).statusCode,
    ).toBe(403);
    expect(
      (await c.doctor({ method: 'POST', url: `/api/documents/${doc.id}/download-link` })).statusCode,
    ).toBe(404);
  });
});

describe('contentDisposition', () => {
  it('keeps quotes, line breaks and paths out of the header, and the real name in filename*', () => {
    expect(contentDisposition('attachment', 'a"b\r\nSet-Cookie: x=1.pdf')).toBe(
      `attachment; filename="a_b__Set-Cookie: x=1.pdf"; filename*=UTF-8''a%22b__Set-Cookie%3A%20x%3D1.pdf`,
    );
    expect(contentDisposition('inline', '../../etc/passwd')).toBe(
      `inline; filename=".._.._etc_passwd"; filename*=UTF-8''.._.._etc_passwd`,
    );
    expect(contentDisposition('attachment', '  ')).toBe(
      `attachment; filename="documento"; filename*=UTF-8''documento`,
    );
    expect(contentDisposition('attachment', 'Órden (1)*.pdf')).toBe(
      `attachment; filename="Orden (1)*.pdf"; filename*=UTF-8''%C3%93rden%20%281%29%2A.pdf`,
    );
  });
});

describe('PUT and DELETE /api/documents/:id', () => {
  it('edits category and description (audited), validates, and only managers delete', async () => {
    const d = await uploadDocument(c.reception, patientId, PNG, { category: 'otro' });
    const bad = await c.reception({ method: 'PUT', url: `/api/documents/${d.id}`, payload: {} });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Indique la categoría o la descripción a cambiar');
    const wrong = await c.reception({
      method: 'PUT',
      url: `/api/documents/${d.id}`,
      payload: { category: 'x' },
    });
    expect(wrong.json().message).toBe('Categoría de documento no válida');
    const res = await c.reception({
      method: 'PUT',
      url: `/api/documents/${d.id}`,
      payload: { category: 'autorizacion', description: 'Autorización Sura' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ category: 'autorizacion', description: 'Autorización Sura' });
    const [upd] = await t.app.deps.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.recordId, String(d.id)), eq(auditLog.action, 'update')));
    expect(upd!.oldValues).toMatchObject({ category: 'otro', description: null });
    expect(upd!.newValues).toMatchObject({ category: 'autorizacion', description: 'Autorización Sura' });

    for (const role of ['reception', 'doctor', 'agent'] as const)
      expect((await c[role]({ method: 'DELETE', url: `/api/documents/${d.id}` })).statusCode, role).toBe(403);
    const before = await storedRows(t.app);
    const del = await c.supervisor({ method: 'DELETE', url: `/api/documents/${d.id}` });
    expect(del.statusCode).toBe(200);
    expect(del.json()).toEqual({ success: true, message: 'Documento eliminado' });
    const after = await storedRows(t.app);
    expect(after.docs).toBe(before.docs - 1);
    expect(after.chunks).toBe(before.chunks - 1);
    const [gone] = await t.app.deps.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.recordId, String(d.id)), eq(auditLog.action, 'delete')));
    expect(gone).toMatchObject({ userId: t.users.supervisor.id });
    expect((await c.supervisor({ method: 'DELETE', url: `/api/documents/${d.id}` })).statusCode).toBe(404);
    expect((await c.admin({ method: 'POST', url: `/api/documents/${d.id}/download-link` })).statusCode).toBe(
      404,
    );
  });
});

describe('the patient’s documents follow the patient', () => {
  it('inactivation keeps them; the permanent deletion removes them and their chunks', async () => {
    const p = await createPatient(c.reception);
    const a = await uploadDocument(c.reception, p.id, bigPdf(300_000));
    await uploadDocument(c.reception, p.id, PNG, { category: 'identificacion' });
    const link = await linkFor(c.admin, a.id);
    expect((await c.reception({ method: 'DELETE', url: `/api/patients/${p.id}` })).statusCode).toBe(200);
    const kept = await c.admin({ method: 'GET', url: `/api/documents/patient/${p.id}` });
    expect(kept.json().total).toBe(2);
    expect((await get(link.url)).statusCode).toBe(200);
    const counts = await c.admin({ method: 'GET', url: `/api/documents/categories?patient_id=${p.id}` });
    expect(counts.json().data).toContainEqual({
      id: 'identificacion',
      name: 'Documento de identidad',
      count: 1,
    });

    const before = await storedRows(t.app);
    const hard = await c.admin({ method: 'DELETE', url: `/api/patients/${p.id}?hard=true` });
    expect(hard.statusCode, hard.body).toBe(204);
    const after = await storedRows(t.app);
    expect(after.docs).toBe(before.docs - 2);
    expect(after.chunks).toBe(before.chunks - 3);
    expect((await get(link.url)).statusCode).toBe(404);
    const [deletion] = await t.app.deps.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.tableName, 'patients'),
          eq(auditLog.recordId, String(p.id)),
          eq(auditLog.action, 'hard_delete'),
        ),
      );
    expect(deletion!.newValues).toMatchObject({ deleted_rows: { patient_documents: 2 } });
    // The description and file name of the deleted documents do not survive in earlier audit rows.
    const [created] = await t.app.deps.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.tableName, 'patient_documents'),
          eq(auditLog.recordId, String(a.id)),
          eq(auditLog.action, 'create'),
        ),
      );
    expect(created!.newValues).toEqual({ redactado: true });
  });

  it('lists page on the server and filter by category', async () => {
    const p = await createPatient(c.reception);
    for (let i = 0; i < 3; i++) await uploadDocument(c.reception, p.id, PNG, { category: 'laboratorio' });
    await uploadDocument(c.reception, p.id, PNG, { category: 'orden_medica' });
    const page = await c.reception({ method: 'GET', url: `/api/documents/patient/${p.id}?limit=2&page=2` });
    expect(page.json()).toMatchObject({ total: 4, page: 2, limit: 2 });
    expect(page.json().data).toHaveLength(2);
    const lab = await c.reception({
      method: 'GET',
      url: `/api/documents/patient/${p.id}?category=laboratorio`,
    });
    expect(lab.json().total).toBe(3);
    const bad = await c.reception({ method: 'GET', url: `/api/documents/patient/${p.id}?category=x` });
    expect(bad.statusCode).toBe(400);
    expect((await c.reception({ method: 'GET', url: '/api/documents/patient/987654' })).statusCode).toBe(404);
    expect((await c.agent({ method: 'GET', url: `/api/documents/patient/${p.id}` })).statusCode).toBe(403);
  });
});
