import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import { AppError } from '@ips/shared/errors';
import {
  DOCUMENT_MAX_BYTES,
  DOCUMENT_MESSAGES as M,
  documentUploadFields,
  type DocumentDto,
  type DocumentUploadFields,
} from '@ips/shared/schemas/documents';
import { writeAudit } from '../../lib/audit';
import { actorOf, type AppDeps } from '../../lib/context';
import { EXT_OF, SNIFF_BYTES, sniffType, type SniffedType } from '../../lib/file-sniff';
import { pgErrorCode } from '../../lib/pg-errors';
import * as repo from './repo';
import { accessOf, assertPatientVisible, auditView, TABLE, toDto } from './service';

/*
 * POST /documents (decision 036): the file part is streamed into the database one 256 KiB chunk at a time,
 * hashed as it goes, and its type decided by its first bytes before anything is stored. The document stays
 * 'uploading' (invisible) until every check passed; then one short transaction makes it ready with its audit and
 * access-log rows. A refusal at any point deletes what was stored: a refused upload leaves nothing.
 */

interface Stored {
  id: number;
  size: number;
  sha256: string;
  contentType: SniffedType;
}

/** The multipart text fields, checked as one object; the messages name the missing field. */
async function checkFields(
  deps: AppDeps,
  request: FastifyRequest,
  fields: Record<string, string>,
): Promise<DocumentUploadFields> {
  const errors: Record<string, string[]> = {};
  if (!fields.patient_id?.trim()) errors.patient_id = [M.patientRequired];
  if (!fields.category?.trim()) errors.category = [M.categoryRequired];
  const parsed = documentUploadFields.safeParse(fields);
  if (!parsed.success)
    for (const issue of parsed.error.issues) {
      const key = String(issue.path[0] ?? 'file');
      errors[key] ??= [issue.message];
    }
  const first = Object.values(errors)[0];
  if (first || !parsed.success) throw new AppError('VALIDATION', first?.[0], errors);
  await assertPatientVisible(deps, request, parsed.data.patient_id);
  return parsed.data;
}

/** A file name safe to keep and to show: no path, no control characters, at most 200 characters. */
export function cleanFileName(raw: string | undefined, type: SniffedType): string {
  const base = (raw ?? '').split(/[/\\]/).pop() ?? '';
  const name = base
    // eslint-disable-next-line no-control-regex -- control characters are what is removed
    .replace(/[\u0000-\u001f\u007f]/g, '')
    .trim()
    .slice(0, 200);
  return name || `documento.${EXT_OF[type]}`;
}

/** Reads the rest of a stream without keeping it, so the request ends cleanly before the refusal is sent. */
async function drain(stream: Readable) {
  for await (const _ of stream as AsyncIterable<Buffer>);
}

/** Streams one file part into chunks of a new 'uploading' document; removes it again if anything fails. */
async function storeStream(
  deps: AppDeps,
  request: FastifyRequest,
  file: Readable & { truncated?: boolean },
  fileName: string | undefined,
  fields: DocumentUploadFields | null,
): Promise<Stored> {
  const hash = createHash('sha256');
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  let total = 0;
  let seq = 0;
  let id: number | null = null;
  let type: SniffedType | null = null;
  let refusal: AppError | null = null;

  /** Stores every whole chunk gathered (and, at the end, the last partial one); keeps the rest. */
  const flush = async (all: boolean) => {
    if (pendingBytes < repo.CHUNK_BYTES && !(all && pendingBytes > 0)) return;
    const joined = Buffer.concat(pending, pendingBytes);
    let at = 0;
    while (joined.length - at >= repo.CHUNK_BYTES || (all && joined.length > at)) {
      const take = Math.min(repo.CHUNK_BYTES, joined.length - at);
      await repo.insertChunk(deps.db, id!, seq++, joined.subarray(at, at + take));
      at += take;
    }
    pending = at < joined.length ? [Buffer.from(joined.subarray(at))] : [];
    pendingBytes = joined.length - at;
  };

  try {
    for await (const chunk of file as AsyncIterable<Buffer>) {
      if (refusal) continue; // keep draining, keep nothing
      total += chunk.length;
      if (total > DOCUMENT_MAX_BYTES) {
        refusal = new AppError('PAYLOAD_TOO_LARGE', M.tooLarge);
        continue;
      }
      hash.update(chunk);
      pending.push(chunk);
      pendingBytes += chunk.length;
      if (id === null) {
        if (pendingBytes < SNIFF_BYTES) continue;
        type = sniffType(Buffer.concat(pending, pendingBytes).subarray(0, SNIFF_BYTES));
        if (!type) {
          refusal = new AppError('UNSUPPORTED_MEDIA_TYPE', M.type);
          continue;
        }
        id = await repo.insertPending(deps.db, {
          patientId: fields?.patient_id ?? null,
          category: fields?.category ?? null,
          description: fields?.description ?? null,
          fileName: cleanFileName(fileName, type),
          contentType: type,
          createdBy: request.user?.id ?? null,
        });
      }
      await flush(false);
    }
    if (refusal) throw refusal;
    if (file.truncated) throw new AppError('PAYLOAD_TOO_LARGE', M.tooLarge);
    if (total === 0) throw new AppError('VALIDATION', M.empty, { file: [M.empty] });
    if (id === null) {
      // Fewer bytes than the sniff needs: decide on what there is.
      type = sniffType(Buffer.concat(pending, pendingBytes));
      if (!type) throw new AppError('UNSUPPORTED_MEDIA_TYPE', M.type);
      id = await repo.insertPending(deps.db, {
        patientId: fields?.patient_id ?? null,
        category: fields?.category ?? null,
        description: fields?.description ?? null,
        fileName: cleanFileName(fileName, type),
        contentType: type,
        createdBy: request.user?.id ?? null,
      });
    }
    await flush(true);
    return { id, size: total, sha256: hash.digest('hex'), contentType: type! };
  } catch (err) {
    if (id !== null) await repo.removePending(deps.db, id);
    throw err;
  }
}

/** Parser errors of @fastify/multipart as the client's mistakes (4xx), in Spanish. */
function multipartError(err: unknown): unknown {
  if (err instanceof AppError) return err;
  const e = err as { code?: string; statusCode?: number };
  if (e.code === 'FST_FILES_LIMIT' || e.code === 'FST_PARTS_LIMIT' || e.code === 'FST_FIELDS_LIMIT')
    return new AppError('PAYLOAD_TOO_LARGE', M.oneFile);
  if (e.code === 'FST_REQ_FILE_TOO_LARGE') return new AppError('PAYLOAD_TOO_LARGE', M.tooLarge);
  if (typeof e.statusCode === 'number' && e.statusCode < 500)
    return new AppError('VALIDATION', M.invalidMultipart);
  if (err instanceof Error && /multipart|boundary|unexpected end|part/i.test(err.message))
    return new AppError('VALIDATION', M.invalidMultipart);
  return err;
}

export async function receiveUpload(deps: AppDeps, request: FastifyRequest): Promise<DocumentDto> {
  const fields: Record<string, string> = {};
  let fileSeen = false;
  let checked: DocumentUploadFields | null = null;
  let stored: Stored | null = null;
  try {
    await repo.sweepStale(deps.db);
    for await (const part of request.parts()) {
      if (part.type === 'field') {
        if (typeof part.value === 'string') fields[part.fieldname] = part.value;
        continue;
      }
      if (part.fieldname !== 'file' || fileSeen) {
        await drain(part.file);
        throw fileSeen
          ? new AppError('PAYLOAD_TOO_LARGE', M.oneFile)
          : new AppError('VALIDATION', M.missingFile);
      }
      fileSeen = true;
      // The fields that came first are checked before a byte is stored (the usual order of a browser's form).
      if (fields.patient_id !== undefined && fields.category !== undefined) {
        try {
          checked = await checkFields(deps, request, fields);
        } catch (err) {
          await drain(part.file);
          throw err;
        }
      }
      stored = await storeStream(deps, request, part.file, part.filename, checked);
    }
    if (!stored) throw new AppError('VALIDATION', M.missingFile, { file: [M.missingFile] });
    const f = checked ?? (await checkFields(deps, request, fields));
    const done = stored;
    return await deps.db.transaction(async (tx) => {
      const id = await repo.markReady(tx, done.id, {
        patientId: f.patient_id,
        category: f.category,
        description: f.description ?? null,
        size: done.size,
        sha256: done.sha256,
      });
      if (!id) throw new AppError('CONFLICT', 'La carga del documento no se completó; intente de nuevo');
      const row = (await repo.findReady(tx, id))!;
      await writeAudit(tx, actorOf(request), {
        table: TABLE,
        recordId: id,
        action: 'create',
        newValues: auditView(row),
      });
      await repo.logAccess(tx, { patientId: f.patient_id, ...accessOf(request) });
      return toDto(row);
    });
  } catch (err) {
    if (stored) await repo.removePending(deps.db, stored.id).catch(() => {});
    // The patient deleted while the file was arriving: the same answer as an unknown patient.
    if (pgErrorCode(err) === '23503') throw new AppError('NOT_FOUND', M.patientNotFound);
    throw multipartError(err);
  }
}
