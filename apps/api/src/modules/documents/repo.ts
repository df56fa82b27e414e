import { and, count, desc, eq, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { patientAccessLog } from '../../db/schema/access-log';
import { patientDocumentChunks, patientDocuments } from '../../db/schema/documents';
import { patients } from '../../db/schema/patients';
import { sessions, users } from '../../db/schema/users';

/** Bytes per stored chunk: a 20 MB file is 80 rows, and no statement carries more than this. */
export const CHUNK_BYTES = 256 * 1024;

const d = patientDocuments;

export type DocumentRow = typeof patientDocuments.$inferSelect & { createdByName: string | null };

const selected = {
  id: d.id,
  patientId: d.patientId,
  category: d.category,
  description: d.description,
  fileName: d.fileName,
  contentType: d.contentType,
  size: d.size,
  sha256: d.sha256,
  status: d.status,
  createdBy: d.createdBy,
  createdAt: d.createdAt,
  updatedAt: d.updatedAt,
  createdByName: users.name,
};

export async function patientExists(db: Executor, id: number): Promise<boolean> {
  const [row] = await db.select({ id: patients.id }).from(patients).where(eq(patients.id, id));
  return Boolean(row);
}

export async function insertPending(
  db: Executor,
  row: {
    patientId: number | null;
    category: string | null;
    description: string | null;
    fileName: string;
    contentType: string;
    createdBy: number | null;
  },
): Promise<number> {
  const [r] = await db.insert(d).values(row).returning({ id: d.id });
  return r!.id;
}

/*
 * Chunks travel as text (base64 in, hex out) and Postgres converts them: PGlite's own bytea parameter and result
 * conversion runs byte by byte in JavaScript, about 15 times slower for 256 KiB (decision 036); on a PostgreSQL
 * server the cost is the same either way.
 */
export async function insertChunk(db: Executor, documentId: number, seq: number, data: Buffer) {
  await db.insert(patientDocumentChunks).values({
    documentId,
    seq,
    data: sql`decode(${data.toString('base64')}, 'base64')`,
  });
}

/**
 * Marks an uploading document ready with its fields, its size and its hash, if its stored chunks add up to the
 * size streamed (the database counts them again); null when it is no longer there or the bytes disagree.
 */
export async function markReady(
  tx: Executor,
  id: number,
  v: { patientId: number; category: string; description: string | null; size: number; sha256: string },
): Promise<number | null> {
  const [row] = await tx
    .update(d)
    .set({ ...v, status: 'ready', updatedAt: sql`now()` })
    .where(
      and(
        eq(d.id, id),
        eq(d.status, 'uploading'),
        sql`(select coalesce(sum(octet_length(${patientDocumentChunks.data})), 0) from ${patientDocumentChunks} where ${patientDocumentChunks.documentId} = ${id}) = ${v.size}`,
      ),
    )
    .returning({ id: d.id });
  return row?.id ?? null;
}

/** Removes an upload that was refused or cut (its chunks go with it). */
export async function removePending(db: Executor, id: number) {
  await db.delete(d).where(and(eq(d.id, id), eq(d.status, 'uploading')));
}

/** Uploads left half-way by a crash or a dropped instance: gone after an hour. */
export async function sweepStale(db: Executor) {
  await db.delete(d).where(and(eq(d.status, 'uploading'), lt(d.createdAt, sql`now() - interval '1 hour'`)));
}

export async function findReady(db: Executor, id: number): Promise<DocumentRow | null> {
  const [row] = await db
    .select(selected)
    .from(d)
    .leftJoin(users, eq(users.id, d.createdBy))
    .where(and(eq(d.id, id), eq(d.status, 'ready')));
  return row ?? null;
}

export async function findReadyForUpdate(tx: Executor, id: number) {
  const [row] = await tx
    .select({ id: d.id })
    .from(d)
    .where(and(eq(d.id, id), eq(d.status, 'ready')))
    .for('update');
  return row ? findReady(tx, id) : null;
}

export async function listByPatient(
  db: Executor,
  q: { patientId: number; category?: string; page: number; limit: number },
): Promise<{ rows: DocumentRow[]; total: number }> {
  const where = and(
    eq(d.patientId, q.patientId),
    eq(d.status, 'ready'),
    q.category ? eq(d.category, q.category) : undefined,
  );
  const rows = await db
    .select(selected)
    .from(d)
    .leftJoin(users, eq(users.id, d.createdBy))
    .where(where)
    .orderBy(desc(d.createdAt), desc(d.id))
    .limit(q.limit)
    .offset((q.page - 1) * q.limit);
  const [c] = await db.select({ n: count() }).from(d).where(where);
  return { rows, total: Number(c?.n ?? 0) };
}

export async function countsByCategory(db: Executor, patientId: number) {
  return db
    .select({ category: d.category, n: count() })
    .from(d)
    .where(and(eq(d.patientId, patientId), eq(d.status, 'ready')))
    .groupBy(d.category);
}

export async function update(
  tx: Executor,
  id: number,
  patch: { category?: string; description?: string | null },
) {
  await tx
    .update(d)
    .set({ ...patch, updatedAt: sql`now()` })
    .where(eq(d.id, id));
}

export async function remove(tx: Executor, id: number) {
  await tx.delete(d).where(eq(d.id, id));
}

/** Bytes start..end (inclusive) of a document, one stored chunk per query. */
export async function* readRange(db: Executor, id: number, start: number, end: number) {
  for (let seq = Math.floor(start / CHUNK_BYTES); seq <= Math.floor(end / CHUNK_BYTES); seq++) {
    const base = seq * CHUNK_BYTES;
    const from = Math.max(start, base) - base;
    const to = Math.min(end, base + CHUNK_BYTES - 1) - base;
    const [row] = await db
      .select({
        hex: sql<string>`encode(substring(${patientDocumentChunks.data} from ${from + 1} for ${to - from + 1}), 'hex')`,
      })
      .from(patientDocumentChunks)
      .where(and(eq(patientDocumentChunks.documentId, id), eq(patientDocumentChunks.seq, seq)));
    if (!row) return;
    yield Buffer.from(row.hex, 'hex');
  }
}

/** The user behind a download link, if the session that asked for it is still open and the user active. */
export async function liveSessionUser(db: Executor, sessionId: string, userId: number) {
  const [row] = await db
    .select({ id: users.id, role: users.role, status: users.status })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.id, sessionId),
        eq(sessions.userId, userId),
        sql`${sessions.revokedAt} is null`,
        sql`${sessions.expiresAt} > now()`,
      ),
    );
  return row && row.status === 'Activo' ? row : null;
}

/** One row of the patient access log (Ley 1581 de 2012) for a document read, upload or deletion. */
export async function logAccess(
  db: Executor,
  v: { patientId: number; userId: number | null; action: string; ip: string | null; requestId: string },
) {
  await db.insert(patientAccessLog).values(v);
}
