import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { uploads } from '../../db/schema/uploads';

export interface NewUpload {
  sha256: string;
  contentType: string;
  size: number;
  content: Buffer;
  createdBy: number | null;
}

/** Stores the content unless the same content is already there; true when this call stored it. */
export async function insertIfNew(tx: Executor, row: NewUpload): Promise<boolean> {
  const inserted = await tx
    .insert(uploads)
    .values(row)
    .onConflictDoNothing({ target: uploads.sha256 })
    .returning({ id: uploads.id });
  return inserted.length > 0;
}

export async function findBySha(db: Executor, sha256: string) {
  const [row] = await db
    .select({ contentType: uploads.contentType, size: uploads.size, content: uploads.content })
    .from(uploads)
    .where(eq(uploads.sha256, sha256));
  return row ?? null;
}
