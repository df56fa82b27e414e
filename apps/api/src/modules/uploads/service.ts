import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import { AppError } from '@ips/shared/errors';
import {
  UPLOAD_EMPTY_MESSAGE,
  UPLOAD_MAX_BYTES,
  UPLOAD_TOO_LARGE_MESSAGE,
  UPLOAD_TYPE_MESSAGE,
  type UploadDto,
} from '@ips/shared/schemas/uploads';
import { writeAudit } from '../../lib/audit';
import type { Actor, AppDeps } from '../../lib/context';
import { EXT_BY_TYPE, sniffImage } from './magic';
import { findBySha, insertIfNew } from './repo';

/**
 * Reads a file part up to the limit. The multipart parser stops the stream at `UPLOAD_MAX_BYTES` and marks it
 * truncated; the count here is the second guard. Nothing beyond the limit is kept in memory.
 */
export async function readLimited(stream: Readable & { truncated?: boolean }): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let total = 0;
  let over = false;
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    total += chunk.length;
    if (total > UPLOAD_MAX_BYTES)
      over = true; // keep draining so the request ends cleanly, keep nothing
    else chunks.push(chunk);
  }
  if (over || stream.truncated) throw new AppError('PAYLOAD_TOO_LARGE', UPLOAD_TOO_LARGE_MESSAGE);
  return Buffer.concat(chunks, total);
}

/** Checks the content (magic bytes) and stores it once, audited; returns its content-addressed URL. */
export async function storeImage(
  deps: AppDeps,
  actor: Actor,
  content: Buffer,
): Promise<{ upload: UploadDto; created: boolean }> {
  if (content.length === 0) throw new AppError('VALIDATION', UPLOAD_EMPTY_MESSAGE);
  const kind = sniffImage(content.subarray(0, 16));
  if (!kind) throw new AppError('UNSUPPORTED_MEDIA_TYPE', UPLOAD_TYPE_MESSAGE);
  const sha256 = createHash('sha256').update(content).digest('hex');
  const upload: UploadDto = {
    url: `/uploads/${sha256}.${kind.ext}`,
    content_type: kind.contentType,
    size: content.length,
    sha256,
  };
  const created = await deps.db.transaction(async (tx) => {
    const stored = await insertIfNew(tx, {
      sha256,
      contentType: kind.contentType,
      size: content.length,
      content,
      createdBy: actor.userId,
    });
    if (stored)
      await writeAudit(tx, actor, {
        table: 'uploads',
        recordId: sha256,
        action: 'create',
        newValues: { url: upload.url, content_type: kind.contentType, size: content.length },
      });
    return stored;
  });
  return { upload, created };
}

/** A stored file by its name '<sha256>.<ext>', or null (unknown name, or an extension that is not its type). */
export async function findFile(deps: AppDeps, name: string) {
  const m = /^([0-9a-f]{64})\.(png|jpg|webp)$/.exec(name);
  if (!m) return null;
  const row = await findBySha(deps.db, m[1]!);
  if (!row || EXT_BY_TYPE[row.contentType as keyof typeof EXT_BY_TYPE] !== m[2]) return null;
  return { ...row, sha256: m[1]! };
}
