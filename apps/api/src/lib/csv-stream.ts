import { Readable } from 'node:stream';

/*
 * The server's CSV exports (ARCHITECTURE "Exports"): UTF-8 with a byte-order mark so that Excel reads the
 * accents, comma-separated, CRLF lines, RFC 4180 quoting, and every cell that a spreadsheet would read as a
 * formula neutralised. Produced row by row from an async source, so memory stays flat at any size.
 */

export const CSV_BOM = '\uFEFF';
/** A spreadsheet evaluates a cell starting with one of these (OWASP "CSV injection"). */
const FORMULA_START = /^[=+\-@\t\r]/;

/** One cell: text of the value, an apostrophe before a formula start, quoted when it holds , " CR or LF. */
export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  let text = typeof value === 'string' ? value : String(value);
  if (FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export const csvLine = (cells: readonly unknown[]): string => `${cells.map(csvCell).join(',')}\r\n`;

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

/** `Content-Disposition` for a download named `name` (ASCII name; the RFC 5987 form for any other). */
export const attachment = (name: string) =>
  `attachment; filename="${name.replace(/[^\w.-]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(name)}`;
