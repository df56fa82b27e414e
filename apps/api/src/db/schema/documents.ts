import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  customType,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { patients } from './patients';
import { users } from './users';

/** bytea as a Buffer on both drivers (pg gives a Buffer, PGlite a Uint8Array). */
const bytea = customType<{ data: Buffer; driverData: Uint8Array }>({
  dataType() {
    return 'bytea';
  },
  fromDriver(value) {
    return Buffer.isBuffer(value) ? value : Buffer.from(value);
  },
});

/**
 * Patient documents (migration 0027, decision 036). A row is 'uploading' while its chunks arrive and becomes
 * 'ready' in one short transaction with its audit row; only ready documents are listed or served. The patient's
 * permanent deletion takes its documents and their chunks with it (ON DELETE CASCADE).
 */
export const patientDocuments = pgTable(
  'patient_documents',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** Null only while uploading, when the multipart fields came after the file. */
    patientId: integer('patient_id').references(() => patients.id, { onDelete: 'cascade' }),
    category: text('category'),
    description: text('description'),
    fileName: text('file_name').notNull(),
    contentType: text('content_type').notNull(),
    size: bigint('size', { mode: 'number' }).notNull().default(0),
    sha256: text('sha256'),
    status: text('status').notNull().default('uploading'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('patient_documents_patient_idx')
      .on(t.patientId, t.category, sql`${t.createdAt} desc`, sql`${t.id} desc`)
      .where(sql`${t.status} = 'ready'`),
    index('patient_documents_uploading_idx')
      .on(t.createdAt)
      .where(sql`${t.status} = 'uploading'`),
  ],
);

/** The content of a document in chunks of at most 256 KiB, so no read or write ever holds a whole file. */
export const patientDocumentChunks = pgTable(
  'patient_document_chunks',
  {
    documentId: bigint('document_id', { mode: 'number' })
      .notNull()
      .references(() => patientDocuments.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    data: bytea('data').notNull(),
  },
  (t) => [primaryKey({ name: 'patient_document_chunks_pk', columns: [t.documentId, t.seq] })],
);
