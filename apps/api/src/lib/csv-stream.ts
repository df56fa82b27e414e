import { Readable } from 'node:stream';
import { formatDateTime, localDateTime } from '@ips/shared/format';

/*
 * The server's one CSV writer (ARCHITECTURE "Exports", decisions 034 and 043; every export uses it): one rule for
 * every file, the one Excel set to es-CO opens by a double click: ';' between cells (es-CO writes decimals with a
 * comma), UTF-8 with a byte-order mark so that Excel reads the accents, CRLF lines, RFC 4180 quoting (a cell
 * holding ';', a quote, CR or LF is quoted), and every text cell that a spreadsheet would read as a formula
 * neutralised. Produced row by row from an async source, so memory stays flat at any size.
 */

export const CSV_BOM = '\uFEFF';
export const CSV_SEPARATOR = ';';
/** A spreadsheet evaluates a cell starting with one of these (OWASP "CSV injection"). */
const FORMULA_START = /^[=+\-@\t\r]/;
/**
 * A phone number as the product stores it ('+573125553344', E.164): a plus and digits only can compute nothing,
 * so it is written as it is rather than with an apostrophe the reader would see.
 */
const PHONE = /^\+\d{7,15}$/;
const NEEDS_QUOTES = /[";\r\n]/;

/**
 * One cell: the text of the value, an apostrophe before a text starting with a formula character (numbers are
 * written as they are: -5 is a number, not a formula; a phone '+57…' is not a formula either), quoted when
 * needed. A number with decimals takes the es-CO decimal comma, so that Excel in es-CO reads it as a number.
 */
export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  let text = typeof value === 'number' ? String(value).replace('.', ',') : String(value);
  if (typeof value === 'string' && FORMULA_START.test(text) && !PHONE.test(text)) text = `'${text}`;
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export const csvLine = (cells: readonly unknown[]): string =>
  `${cells.map((c) => csvCell(c)).join(CSV_SEPARATOR)}\r\n`;

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
): Readable {
  async function* chunks() {
    let chunk = CSV_BOM + csvLine(header);
    for await (const row of rows) {
      chunk += csvLine(toCells(row));
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
