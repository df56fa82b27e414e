import type { FastifyRequest } from 'fastify';
import { canRole, DOCUMENT_READ_ROLES } from '@ips/shared/catalogs/roles';
import { AppError } from '@ips/shared/errors';
import {
  categoryName,
  DOCUMENT_CATEGORIES,
  DOCUMENT_MESSAGES as M,
  type DocumentDto,
  type DocumentUpdateBody,
  type DownloadLinkDto,
} from '@ips/shared/schemas/documents';
import { writeAudit } from '../../lib/audit';
import { actorOf, type AppDeps } from '../../lib/context';
import { patientVisible, readScopeOf } from '../../lib/read-scope';
import * as repo from './repo';
import {
  DOWNLOAD_TOKEN_TTL_SECONDS,
  signDownloadToken,
  verifyDownloadToken,
  type DownloadClaims,
} from './token';

export const TABLE = 'patient_documents';

export function toDto(r: repo.DocumentRow): DocumentDto {
  return {
    id: r.id,
    patient_id: r.patientId!,
    category: r.category!,
    category_name: categoryName(r.category!),
    description: r.description,
    file_name: r.fileName,
    content_type: r.contentType,
    size: r.size,
    sha256: r.sha256!,
    created_at: r.createdAt.toISOString(),
    updated_at: r.updatedAt.toISOString(),
    created_by_name: r.createdByName,
  };
}

/** What the audit keeps of a document: its facts, never its content. */
export const auditView = (r: repo.DocumentRow) => ({
  patient_id: r.patientId,
  category: r.category,
  description: r.description,
  file_name: r.fileName,
  content_type: r.contentType,
  size: r.size,
  sha256: r.sha256,
});

/** The route pattern and the caller, for the patient access log. */
export function accessOf(request: FastifyRequest, userId = request.user?.id ?? null) {
  return {
    userId,
    action: `${request.method} ${request.routeOptions.url ?? request.url.split('?')[0]}`,
    ip: request.ip ?? null,
    requestId: String(request.id),
  };
}

/** The patient exists and the caller's scope may see it (a doctor: their own patients); else 404. */
export async function assertPatientVisible(deps: AppDeps, request: FastifyRequest, patientId: number) {
  const scope = await readScopeOf(deps, request.user);
  if (!(await repo.patientExists(deps.db, patientId)) || !(await patientVisible(deps.db, scope, patientId)))
    throw new AppError('NOT_FOUND', M.patientNotFound);
}

/** A ready document the caller may see (its patient in their scope), or 404. */
async function visibleDocument(deps: AppDeps, request: FastifyRequest, id: number) {
  const doc = await repo.findReady(deps.db, id);
  if (!doc) throw new AppError('NOT_FOUND', M.notFound);
  const scope = await readScopeOf(deps, request.user);
  if (!(await patientVisible(deps.db, scope, doc.patientId!))) throw new AppError('NOT_FOUND', M.notFound);
  return doc;
}

export async function listDocuments(
  deps: AppDeps,
  request: FastifyRequest,
  patientId: number,
  q: { category?: string; page: number; limit: number },
) {
  await assertPatientVisible(deps, request, patientId);
  const { rows, total } = await repo.listByPatient(deps.db, { patientId, ...q });
  await repo.logAccess(deps.db, { patientId, ...accessOf(request) });
  return { data: rows.map(toDto), total, page: q.page, limit: q.limit };
}

/** The categories, each with the patient's count when a patient is named. */
export async function listCategories(deps: AppDeps, request: FastifyRequest, patientId?: number) {
  if (patientId === undefined) return DOCUMENT_CATEGORIES.map((c) => ({ id: c.id, name: c.name }));
  await assertPatientVisible(deps, request, patientId);
  const counts = new Map(
    (await repo.countsByCategory(deps.db, patientId)).map((r) => [r.category, Number(r.n)]),
  );
  return DOCUMENT_CATEGORIES.map((c) => ({ id: c.id, name: c.name, count: counts.get(c.id) ?? 0 }));
}

export async function updateDocument(
  deps: AppDeps,
  request: FastifyRequest,
  id: number,
  body: DocumentUpdateBody,
): Promise<DocumentDto> {
  await visibleDocument(deps, request, id);
  return deps.db.transaction(async (tx) => {
    const before = await repo.findReadyForUpdate(tx, id);
    if (!before) throw new AppError('NOT_FOUND', M.notFound);
    const patch: { category?: string; description?: string | null } = {};
    if (body.category !== undefined) patch.category = body.category;
    if (body.description !== undefined) patch.description = body.description || null;
    await repo.update(tx, id, patch);
    const after = (await repo.findReady(tx, id))!;
    await writeAudit(tx, actorOf(request), {
      table: TABLE,
      recordId: id,
      action: 'update',
      oldValues: auditView(before),
      newValues: auditView(after),
    });
    return toDto(after);
  });
}

export async function deleteDocument(deps: AppDeps, request: FastifyRequest, id: number): Promise<void> {
  await visibleDocument(deps, request, id);
  await deps.db.transaction(async (tx) => {
    const before = await repo.findReadyForUpdate(tx, id);
    if (!before) throw new AppError('NOT_FOUND', M.notFound);
    await repo.remove(tx, id);
    await writeAudit(tx, actorOf(request), {
      table: TABLE,
      recordId: id,
      action: 'delete',
      oldValues: auditView(before),
    });
    await repo.logAccess(tx, { patientId: before.patientId!, ...accessOf(request) });
  });
}

/** A link to this document for the caller's session, valid for a few minutes. */
export async function createDownloadLink(
  deps: AppDeps,
  request: FastifyRequest,
  id: number,
  now = new Date(),
): Promise<DownloadLinkDto> {
  await visibleDocument(deps, request, id);
  const user = request.user!;
  const expiresAt = new Date(
    Math.min(now.getTime() + DOWNLOAD_TOKEN_TTL_SECONDS * 1000, user.sessionExpiresAt.getTime()),
  );
  const token = await signDownloadToken(
    deps.tokenKeys.download,
    { documentId: id, userId: user.id, sessionId: user.sessionId },
    expiresAt,
  );
  return {
    url: `/api/documents/${id}/download?token=${encodeURIComponent(token)}`,
    token,
    expires_at: expiresAt.toISOString(),
  };
}

/**
 * The document a download token opens: the token is of this document and unexpired, the session that asked for
 * it is still open, and its user may still read documents. Revoking the session or the role ends the link.
 */
export async function openDownload(
  deps: AppDeps,
  token: string | undefined,
  id: number,
): Promise<{ doc: repo.DocumentRow; claims: DownloadClaims }> {
  const claims = await verifyDownloadToken(deps.tokenKeys.download, token, id);
  const user = await repo.liveSessionUser(deps.db, claims.sessionId, claims.userId);
  if (!user) throw new AppError('UNAUTHORIZED', M.tokenInvalid);
  if (!canRole(DOCUMENT_READ_ROLES, user.role as never)) throw new AppError('FORBIDDEN');
  const doc = await repo.findReady(deps.db, id);
  if (!doc) throw new AppError('NOT_FOUND', M.notFound);
  return { doc, claims };
}

/** A read of the document (a whole download or the first range of one): audited and in the access log. */
export async function recordDownload(
  deps: AppDeps,
  request: FastifyRequest,
  doc: repo.DocumentRow,
  userId: number,
) {
  await deps.db.transaction(async (tx) => {
    await writeAudit(
      tx,
      { userId, requestId: String(request.id) },
      { table: TABLE, recordId: doc.id, action: 'download', newValues: { file_name: doc.fileName } },
    );
    await repo.logAccess(tx, { patientId: doc.patientId!, ...accessOf(request, userId) });
  });
}
