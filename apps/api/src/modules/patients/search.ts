import { and, eq, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { PatientListFilter } from '@ips/shared/schemas/patients-query';
import { documentTypes } from '../../db/schema/catalogs';
import {
  emailSearchExpr,
  nameSearchExpr,
  nameSortExpr,
  patients,
  phoneSearchExpr,
} from '../../db/schema/patients';

const nameExpr = nameSearchExpr(patients.name);
const phoneExpr = phoneSearchExpr(patients.phone, patients.phoneAlt);
const emailExpr = emailSearchExpr(patients.email);
/** Folds a parameter the way the indexed expression folds the column. */
const fold = (text: string) => sql`immutable_unaccent(lower(${text}))`;
const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** pg_trgm needs 3 characters to narrow a search down through the index. */
const TRIGRAM = 3;

/**
 * The free-text condition of the directory and of quick search: name (accent- and case-insensitive, every word
 * must appear), document (prefix), phone (digits anywhere in either phone) and e-mail. The query's shape decides
 * which of them apply, so that every branch of the OR is served by an index (BitmapOr): the trigram GIN
 * indexes for name, phone and e-mail and the text_pattern_ops btree for the document.
 */
export function searchCondition(raw: string | undefined): SQL | undefined {
  const text = raw?.normalize('NFC').replace(/\s+/g, ' ').trim();
  if (!text) return undefined;

  // Digits, maybe written with dots, spaces or phone punctuation: a document or a phone number.
  const digits = text.replace(/[\s.()+-]/g, '');
  if (/^\d+$/.test(digits)) {
    const byDocument = sql`${patients.document} like ${`${digits}%`}`;
    return digits.length >= TRIGRAM ? or(byDocument, sql`${phoneExpr} like ${`%${digits}%`}`) : byDocument;
  }

  const lowered = text.toLowerCase();
  const byEmail =
    !lowered.includes(' ') && lowered.length >= TRIGRAM
      ? sql`${emailExpr} like ${`%${escapeLike(lowered)}%`}`
      : undefined;
  if (lowered.includes('@')) return byEmail ?? sql`false`;

  // 'maria jose' finds 'María José' and 'José María'. A word shorter than the trigram length only matches the
  // start of a word ('jo' → 'José'): anchored patterns keep their padded trigrams, so the index still helps.
  const words = lowered.split(' ');
  const byName = and(
    ...words.map((w) => {
      const word = escapeLike(w);
      if (w.length >= TRIGRAM) return sql`${nameExpr} like '%' || ${fold(word)} || '%'`;
      return sql`(${nameExpr} like ${fold(word)} || '%' or ${nameExpr} like '% ' || ${fold(word)} || '%')`;
    }),
  );
  return byEmail ? or(byName, byEmail) : byName;
}

/** Filters other than the status: the counts of both tabs share them. */
export function filterCondition(f: Partial<PatientListFilter>): SQL | undefined {
  const documentType =
    typeof f.documentType === 'number'
      ? eq(patients.documentTypeId, f.documentType)
      : typeof f.documentType === 'string'
        ? sql`${patients.documentTypeId} = (select ${documentTypes.id} from ${documentTypes} where ${documentTypes.code} = ${f.documentType})`
        : undefined;
  return and(
    searchCondition(f.search),
    f.gender === null ? isNull(patients.gender) : f.gender ? eq(patients.gender, f.gender) : undefined,
    f.epsId ? eq(patients.insuranceEpsId, f.epsId) : undefined,
    f.municipalityId ? eq(patients.municipalityId, f.municipalityId) : undefined,
    f.zoneId ? eq(patients.zoneId, f.zoneId) : undefined,
    documentType,
  );
}

/** ORDER BY for a sort key, always ending in id so pages never overlap. */
export function orderBy(sortBy: PatientListFilter['sortBy'], order: PatientListFilter['sortOrder']): SQL[] {
  const dir = order === 'desc' ? sql`desc` : sql`asc`;
  switch (sortBy) {
    case 'document':
      return [sql`${patients.document} ${dir}`, sql`${patients.id} ${dir}`];
    case 'created_at':
      return [sql`${patients.createdAt} ${dir}`, sql`${patients.id} ${dir}`];
    case 'birth_date':
      return [sql`${patients.birthDate} ${dir} nulls last`, sql`${patients.id} ${dir}`];
    case 'id':
      return [sql`${patients.id} ${dir}`];
    default:
      return [sql`${nameSortExpr(patients.name)} ${dir}`, sql`${patients.id} ${dir}`];
  }
}
