import { setImmediate as nextTurn } from 'node:timers/promises';
import { AppError } from '@ips/shared/errors';
import {
  CUPS_MESSAGES,
  cupsCategory,
  cupsCode,
  cupsName,
  type CupsImportLine,
} from '@ips/shared/schemas/resources-cups';
import type { CsvRow } from '../../lib/csv-import/csv';
import type { CupsRow, CupsValues } from './repo';

/*
 * Plans a CUPS import from parsed CSV rows: for every line, what it would create, update, leave unchanged
 * or reject and why. Pure, so that preview and apply give the same answer and it is tested without a
 * database. Blank optional cells keep what an existing code has (and default on a new one), so a file
 * with only code and name never wipes prices. Async only to give the event loop back every 250 lines: a
 * 50,000-line plan would otherwise hold every other request for a few hundred milliseconds (decision 022).
 */

type Column = 'code' | 'name' | 'category' | 'price' | 'requires_authorization';
export const CUPS_IMPORT_COLUMNS: readonly Column[] = [
  'code',
  'name',
  'category',
  'price',
  'requires_authorization',
];
const HEADER_ALIASES: Record<string, Column> = {
  code: 'code',
  codigo: 'code',
  name: 'name',
  nombre: 'name',
  category: 'category',
  categoria: 'category',
  price: 'price',
  precio: 'price',
  requires_authorization: 'requires_authorization',
  requiere_autorizacion: 'requires_authorization',
};
const EXPECTED = CUPS_IMPORT_COLUMNS.join(',');

export type PlannedWrite =
  | { kind: 'create'; line: number; values: CupsValues }
  | { kind: 'update'; line: number; before: CupsRow; values: Partial<CupsValues> };

const fold = (s: string) =>
  s
    .trim()
    .toLowerCase()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/\s+/g, '_');

function readHeader(header: CsvRow | undefined): Map<Column, number> {
  if (!header) throw new AppError('VALIDATION', `El archivo no tiene cabecera; se espera: ${EXPECTED}`);
  const index = new Map<Column, number>();
  header.fields.forEach((raw, i) => {
    const col = HEADER_ALIASES[fold(raw)];
    if (!col)
      throw new AppError(
        'VALIDATION',
        `Columna desconocida en la cabecera: "${raw.trim()}". Columnas admitidas: ${EXPECTED}`,
      );
    if (index.has(col)) throw new AppError('VALIDATION', `Columna repetida en la cabecera: ${col}`);
    index.set(col, i);
  });
  for (const required of ['code', 'name'] as const) {
    if (!index.has(required))
      throw new AppError('VALIDATION', `Falta la columna ${required} en la cabecera; se espera: ${EXPECTED}`);
  }
  return index;
}

/** Plain digits with an optional decimal part; '45.000' is refused rather than read as 45. */
function parsePrice(raw: string): number | null {
  if (!/^\d{1,12}([.,]\d{1,2})?$/.test(raw)) return null;
  return Number(raw.replace(',', '.'));
}

const TRUE = new Set(['1', 'si', 's', 'true', 'x']);
const FALSE = new Set(['0', 'no', 'n', 'false']);
function parseFlag(raw: string): boolean | null {
  const v = fold(raw);
  return TRUE.has(v) ? true : FALSE.has(v) ? false : null;
}

function firstMessage(result: { success: boolean; error?: { issues: { message: string }[] } }) {
  return result.success ? null : (result.error?.issues[0]?.message ?? 'Valor inválido');
}

/** The codes a file names, to look up which of them exist before planning. */
export function importCodes(rows: CsvRow[]): string[] {
  const [header, ...records] = rows;
  const i = readHeader(header).get('code')!;
  return [...new Set(records.map((r) => (r.fields[i] ?? '').trim().toUpperCase()).filter(Boolean))];
}

/** Small enough that three imports at once still leave the loop free every ~10 ms for other requests. */
const YIELD_EVERY = 250;

export async function planImport(rows: CsvRow[], existing: ReadonlyMap<string, CupsRow>) {
  const [header, ...records] = rows;
  const index = readHeader(header);
  const lines: CupsImportLine[] = [];
  const writes: PlannedWrite[] = [];
  const seen = new Map<string, number>();

  let planned = 0;
  for (const { line, fields } of records) {
    if (++planned % YIELD_EVERY === 0) await nextTurn();
    const cell = (col: Column) => {
      const i = index.get(col);
      return i === undefined ? '' : (fields[i] ?? '').trim();
    };
    const reasons: string[] = [];
    if (fields.length !== index.size)
      reasons.push(`Se esperaban ${index.size} columnas y la línea tiene ${fields.length}`);

    const codeResult = cupsCode.safeParse(cell('code'));
    const code = codeResult.success ? codeResult.data : cell('code').toUpperCase() || null;
    if (!codeResult.success) reasons.push(firstMessage(codeResult)!);
    const nameResult = cupsName.safeParse(cell('name'));
    if (!nameResult.success) reasons.push(firstMessage(nameResult)!);
    const categoryResult = cupsCategory.safeParse(cell('category'));
    if (!categoryResult.success) reasons.push(firstMessage(categoryResult)!);
    const price = cell('price') === '' ? undefined : parsePrice(cell('price'));
    if (price === null) reasons.push(CUPS_MESSAGES.price);
    const flag =
      cell('requires_authorization') === '' ? undefined : parseFlag(cell('requires_authorization'));
    if (flag === null) reasons.push(`requires_authorization: ${CUPS_MESSAGES.flag}`);
    if (codeResult.success) {
      const previous = seen.get(codeResult.data);
      if (previous !== undefined) reasons.push(`Código repetido: ya aparece en la línea ${previous}`);
      else seen.set(codeResult.data, line);
    }

    const name = nameResult.success ? nameResult.data : null;
    if (
      reasons.length ||
      !codeResult.success ||
      !nameResult.success ||
      !categoryResult.success ||
      price === null ||
      flag === null
    ) {
      lines.push({
        line,
        code,
        name: name ?? (cell('name') || null),
        action: 'reject',
        reason: reasons.join('. '),
      });
      continue;
    }
    const category = categoryResult.data ?? undefined;
    const before = existing.get(codeResult.data);
    if (!before) {
      writes.push({
        kind: 'create',
        line,
        values: {
          code: codeResult.data,
          name: name!,
          category: category ?? null,
          price: price ?? 0,
          requiresAuthorization: flag ?? false,
        },
      });
      lines.push({ line, code, name, action: 'create' });
      continue;
    }
    const values: Partial<CupsValues> = {};
    if (name !== before.name) values.name = name!;
    if (category !== undefined && category !== before.category) values.category = category;
    if (price !== undefined && price !== before.price) values.price = price;
    if (flag !== undefined && flag !== before.requiresAuthorization) values.requiresAuthorization = flag;
    const changes = Object.keys(values).map((k) =>
      k === 'requiresAuthorization' ? 'requires_authorization' : k,
    );
    if (changes.length === 0) {
      lines.push({ line, code, name, action: 'unchanged' });
    } else {
      writes.push({ kind: 'update', line, before, values });
      lines.push({ line, code, name, action: 'update', changes });
    }
  }
  return { lines, writes };
}
