import type { Readable } from 'node:stream';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { AppError } from '@ips/shared/errors';
import { CsvReader, CsvSyntaxError, type CsvRow } from './csv';

/**
 * Reads an import file's records as its text arrives, for the JSON body (a string, read in slices) and for a
 * text/csv upload (the request stream): stops at the row limit without reading or parsing the rest, and gives
 * the event loop back every ~1,000 rows so that other requests are answered while a large file is read
 * (decision 022).
 */
export const MAX_IMPORT_ROWS = 50_000;
export const MAX_IMPORT_BYTES = 12 * 1024 * 1024;
const TOO_MANY = 'El archivo excede 50.000 filas; divídalo en partes';
const TOO_LARGE = 'El archivo CSV es demasiado grande';
const SLICE = 64 * 1024;
const YIELD_EVERY_ROWS = 1000;

function* slices(text: string) {
  for (let i = 0; i < text.length; i += SLICE) yield text.slice(i, i + SLICE);
}

/** `source`: the CSV text, or the chunks of an upload (strings, already decoded). */
export async function readImportRows(source: string | AsyncIterable<string>): Promise<CsvRow[]> {
  const reader = new CsvReader();
  const rows: CsvRow[] = [];
  let bytes = 0;
  let lastYield = 0;
  const add = (records: CsvRow[]) => {
    for (const r of records) rows.push(r);
    // The header plus 50,000 records.
    if (rows.length > MAX_IMPORT_ROWS + 1) throw new AppError('VALIDATION', TOO_MANY);
  };
  try {
    for await (const chunk of typeof source === 'string' ? slices(source) : source) {
      bytes += Buffer.byteLength(chunk);
      if (bytes > MAX_IMPORT_BYTES) throw new AppError('PAYLOAD_TOO_LARGE', TOO_LARGE);
      add(reader.push(chunk));
      if (rows.length - lastYield >= YIELD_EVERY_ROWS) {
        lastYield = rows.length;
        await nextTurn();
      }
    }
    add(reader.end());
  } catch (err) {
    if (err instanceof CsvSyntaxError) throw new AppError('VALIDATION', `CSV inválido: ${err.message}`);
    throw err;
  }
  return rows;
}

/**
 * The text of a text/csv upload as it arrives. When the reading stops early (the row limit), the rest of the
 * upload is discarded rather than parsed, and the socket stays usable for the answer.
 */
export async function* uploadText(stream: Readable): AsyncGenerator<string> {
  stream.setEncoding('utf8');
  try {
    for await (const chunk of stream.iterator({ destroyOnReturn: false })) yield chunk as string;
  } finally {
    if (!stream.readableEnded) stream.resume();
  }
}

/** How many lines of a planned import each action takes (create, update, unchanged, reject). */
export function summariseImport(lines: readonly { action: 'create' | 'update' | 'unchanged' | 'reject' }[]) {
  const summary = { total: lines.length, create: 0, update: 0, unchanged: 0, reject: 0 };
  for (const l of lines) summary[l.action]++;
  return summary;
}

/** An import applies all or nothing: any rejected line refuses it, each line's reason under `line_N`. */
export function refuseIfRejected(
  lines: readonly { line: number; action: string; reason?: string | null }[],
  rejected: number,
) {
  if (rejected === 0) return;
  const errors = Object.fromEntries(
    lines.filter((l) => l.action === 'reject').map((l) => [`line_${l.line}`, [l.reason ?? 'Línea inválida']]),
  );
  throw new AppError(
    'VALIDATION',
    `${rejected} ${rejected === 1 ? 'línea rechazada' : 'líneas rechazadas'}; no se importó nada`,
    errors,
  );
}
