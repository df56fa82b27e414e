import { Readable } from 'node:stream';
import { formatDateTime, localDateTime } from '@ips/shared/format';

/*
 * The server's one CSV writer (ARCHITECTURE "Exports"; audit, call history and billing use it): UTF-8 with a
 * byte-order mark so that Excel reads the accents, CRLF lines, RFC 4180 quoting (a cell holding the separator,
 * a quote, CR or LF is quoted), and every text cell that a spreadsheet would read as a formula neutralised.
 * The separator is ',' unless the export asks for ';' (billing: es-CO writes decimals with a comma).
 * Produced row by row from an async source, so memory stays flat at any size.
 */

export const CSV_BOM = '\uFEFF';
export type CsvSeparator = ',' | ';';
/** A spreadsheet evaluates a cell starting with one of these (OWASP "CSV injection"). */
const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES: Record<CsvSeparator, RegExp> = { ',': /[",\r\n]/, ';': /[";\r\n]/ };

/**
 * One cell: the text of the value, an apostrophe before a text starting with a formula character (numbers are
 * written as they are: -5 is a number, not a formula), quoted when needed.
 */
export function csvCell(value: unknown, separator: CsvSeparator = ','): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (typeof value === 'string' && FORMULA_START.test(text)) text = `'${text}`;
  return NEEDS_QUOTES[separator].test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export const csvLine = (cells: readonly unknown[], separator: CsvSeparator = ','): string =>
  `${cells.map((c) => csvCell(c, separator)).join(separator)}\r\n`;

/** The rows of a source that yields pages (keyset batches) one by one. */
export async function* eachRow<T>(pages: AsyncIterable<readonly T[]>): AsyncGenerator<T> {
  for await (const page of pages) yield* page;
}

/**
 * A readable stream of the CSV: BOM and header, then one line per row. Lines are grouped into chunks of about
 * 64 KiB, and the source is read only as fast as the client takes them (Readable.from pauses the generator).
 */
export function csvStream<T>(
  header: readonly string[],
  rows: AsyncIterable<T>,
  toCells: (row: T) => readonly unknown[],
  options: { separator?: CsvSeparator } = {},
): Readable {
  const sep = options.separator ?? ',';
  async function* chunks() {
    let chunk = CSV_BOM + csvLine(header, sep);
    for await (const row of rows) {
      chunk += csvLine(toCells(row), sep);
      if (chunk.length >= 65_536) {
        yield chunk;
        chunk = '';
      }
    }
    if (chunk) yield chunk;
  }
  return Readable.from(chunks(), { objectMode: false });
}

// es-CO cells. Numbers and dates are formatted as text by the export, so they read right in a spreadsheet set
// to Colombia whatever the machine's locale.

const numberFormats = new Map<number, Intl.NumberFormat>();
/** '1.234.567' (no decimals) or '12,50' (two decimals); '' for no value. */
export function esNumber(n: number | null | undefined, digits = 0): string {
  if (n === null || n === undefined) return '';
  let f = numberFormats.get(digits);
  if (!f) {
    f = new Intl.NumberFormat('es-CO', { minimumFractionDigits: digits, maximumFractionDigits: digits });
    numberFormats.set(digits, f);
  }
  return f.format(n);
}

/** 'dd/MM/yyyy HH:mm' in the zone, or 'dd/MM/yyyy HH:mm:ss' with `seconds` (24 h). */
export function esDateTime(at: Date | string, tz: string, seconds = false): string {
  if (!seconds) return formatDateTime(at, tz);
  const [d, t] = localDateTime(at, tz).split(' ');
  const [y, m, day] = d!.split('-');
  return `${day}/${m}/${y} ${t}`;
}

/** `Content-Disposition` for a download named `name` (the RFC 5987 form added for a name that is not plain ASCII). */
export const attachment = (name: string) =>
  /^[\w.-]+$/.test(name)
    ? `attachment; filename="${name}"`
    : `attachment; filename="${name.replace(/[^\w.-]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(name)}`;

/** The headers of a CSV download: type with charset, attachment, never cached (it carries personal data). */
export const csvHeaders = (filename: string) => ({
  'content-type': 'text/csv; charset=utf-8',
  'content-disposition': attachment(filename),
  'cache-control': 'no-store',
});
