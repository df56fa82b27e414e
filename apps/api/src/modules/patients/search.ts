import { and, eq, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { PatientListFilter } from '@ips/shared/schemas/patients-query';
import { documentTypes } from '../../db/schema/catalogs';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { emailSearchExpr, patientCounts, patients, phoneSearchExpr } from '../../db/schema/patients';

/** The stored folded name (name_sort, COLLATE "C"): searched and sorted without calling unaccent() per row. */
const nameExpr = patients.nameSort;
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
  const q = parse(raw);
  if (!q) return undefined;
  if (q.kind === 'digits') {
    const byDocument = sql`${patients.document} like ${`${q.digits}%`}`;
    return q.digits.length >= TRIGRAM
      ? or(byDocument, sql`${phoneExpr} like ${`%${q.digits}%`}`)
      : byDocument;
  }
  if (q.kind === 'email') return q.byEmail;
  const byName = and(...q.words.map((w) => wordCondition(w, nameExpr)));
  return q.byEmail ? or(byName, q.byEmail) : byName;
}

/**
 * The same condition as searchCondition for a text query, cut in two disjoint halves on whether the folded name
 * starts with the first word. Names are sorted by their first word, so the names that start with it are one
 * range of the sorted index ('xi' → from 'xi' to 'xj'), read in order. Every other match has the word further
 * in: found through the trigram index of the name without its first letter (substr(name_sort, 2)), which knows
 * nothing of the first names the range already covers, so the planner sees a rare word as rare. Without the cut
 * a search for a first name ('sofia', 'xi') walked the sorted index from 'a' to 's' or 'x' before its first match.
 */
export function searchHalves(raw: string | undefined): [starts: SQL, elsewhere: SQL] | undefined {
  const q = parse(raw);
  if (q?.kind !== 'text') return undefined;
  const [first, ...others] = q.words as [string, ...string[]];
  const prefix = sql`${nameExpr} like ${fold(escapeLike(first))} || '%'`;
  const rest = others.map((w) => wordCondition(w, nameExpr));
  // Outside the range the first word can only match from the second letter on (or, for a short word, after a
  // leading space, which the range does not cover).
  const firstElsewhere =
    first.length >= TRIGRAM
      ? wordCondition(first, restExpr)
      : sql`(${restExpr} like '% ' || ${fold(escapeLike(first))} || '%' or ${nameExpr} like ' ' || ${fold(escapeLike(first))} || '%')`;
  const elsewhere = and(firstElsewhere, ...rest)!;
  return [
    and(prefix, ...rest)!,
    and(sql`not (${prefix})`, q.byEmail ? or(elsewhere, q.byEmail) : elsewhere)!,
  ];
}

/** The name without its first letter, as indexed by patients_name_rest_trgm_idx (migration 0004). */
const restExpr = sql`substr(${nameExpr}, 2)`;

/**
 * One word of a name search. A word shorter than the trigram length only matches the start of a word ('jo' →
 * 'José'): anchored patterns keep their padded trigrams, so the index still helps.
 */
function wordCondition(w: string, on: SQL | typeof nameExpr): SQL {
  const word = escapeLike(w);
  if (w.length >= TRIGRAM) return sql`${on} like '%' || ${fold(word)} || '%'`;
  return sql`(${on} like ${fold(word)} || '%' or ${on} like '% ' || ${fold(word)} || '%')`;
}

type Parsed =
  | { kind: 'digits'; digits: string }
  | { kind: 'email'; byEmail: SQL }
  | { kind: 'text'; words: string[]; byEmail?: SQL };

function parse(raw: string | undefined): Parsed | undefined {
  const text = raw?.normalize('NFC').replace(/\s+/g, ' ').trim();
  if (!text) return undefined;
  // Digits, maybe written with dots, spaces or phone punctuation: a document or a phone number.
  const digits = text.replace(/[\s.()+-]/g, '');
  if (/^\d+$/.test(digits)) return { kind: 'digits', digits };
  const lowered = text.toLowerCase();
  const byEmail =
    !lowered.includes(' ') && lowered.length >= TRIGRAM
      ? sql`${emailExpr} like ${`%${escapeLike(lowered)}%`}`
      : undefined;
  if (lowered.includes('@')) return { kind: 'email', byEmail: byEmail ?? sql`false` };
  // 'maria jose' finds 'María José' and 'José María'.
  return { kind: 'text', words: lowered.split(' '), byEmail };
}

/** The columns filterCondition reads: the patients table, or the counters that mirror its filter columns. */
interface FilterColumns {
  gender: AnyPgColumn;
  insuranceEpsId: AnyPgColumn;
  municipalityId: AnyPgColumn;
  zoneId: AnyPgColumn;
  documentTypeId: AnyPgColumn;
}

/** Filters other than the status: the counts of both tabs share them. */
export function filterCondition(f: Partial<PatientListFilter>, t: FilterColumns = patients): SQL | undefined {
  const documentType =
    typeof f.documentType === 'number'
      ? eq(t.documentTypeId, f.documentType)
      : typeof f.documentType === 'string'
        ? sql`${t.documentTypeId} = (select ${documentTypes.id} from ${documentTypes} where ${documentTypes.code} = ${f.documentType})`
        : undefined;
  return and(
    t === patients ? searchCondition(f.search) : undefined,
    f.gender === null ? isNull(t.gender) : f.gender ? eq(t.gender, f.gender) : undefined,
    f.epsId ? eq(t.insuranceEpsId, f.epsId) : undefined,
    f.municipalityId ? eq(t.municipalityId, f.municipalityId) : undefined,
    f.zoneId ? eq(t.zoneId, f.zoneId) : undefined,
    documentType,
  );
}

/** The same filters on patient_counts (only without a search: the counters know nothing of names). */
export const countsFilterCondition = (f: Partial<PatientListFilter>) => filterCondition(f, patientCounts);

/**
 * ORDER BY for a sort key, always ending in id so pages never overlap. `reversed` gives the exact reverse order
 * (nulls too), for reading a page near the end backwards from the end.
 */
export function orderBy(
  sortBy: PatientListFilter['sortBy'],
  order: PatientListFilter['sortOrder'],
  reversed = false,
): SQL[] {
  const dir = (order === 'desc') !== reversed ? sql`desc` : sql`asc`;
  switch (sortBy) {
    case 'document':
      return [sql`${patients.document} ${dir}`, sql`${patients.id} ${dir}`];
    case 'created_at':
      return [sql`${patients.createdAt} ${dir}`, sql`${patients.id} ${dir}`];
    case 'birth_date':
      return [
        sql`${patients.birthDate} ${dir} ${reversed ? sql`nulls first` : sql`nulls last`}`,
        sql`${patients.id} ${dir}`,
      ];
    case 'id':
      return [sql`${patients.id} ${dir}`];
    default:
      return [sql`${nameExpr} ${dir}`, sql`${patients.id} ${dir}`];
  }
}
