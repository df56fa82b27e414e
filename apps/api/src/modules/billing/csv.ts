import { Readable } from 'node:stream';

/*
 * Streaming CSV for spreadsheets in Colombia (ARCHITECTURE "Exports"): UTF-8 with a BOM so Excel reads the
 * accents, ';' between cells because es-CO writes decimals with a comma, numbers and dates in es-CO, and a cell
 * that a spreadsheet would run as a formula (= + - @, tab, carriage return first) neutralised with a leading
 * apostrophe. Rows come from an async source page by page, so memory stays flat however many rows there are.
 */

export const CSV_BOM = '\uFEFF';
const FORMULA_START = /^[=+\-@\t\r]/;

export function csvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (typeof value === 'string' && FORMULA_START.test(text)) text = `'${text}`;
  if (/[";\n\r]/.test(text)) text = `"${text.replace(/"/g, '""')}"`;
  return text;
}

export const csvLine = (cells: (string | number | null | undefined)[]) =>
  `${cells.map(csvCell).join(';')}\r\n`;

const numberFormats = new Map<number, Intl.NumberFormat>();
/** '1.234.567' (COP, no decimals) or '12,50' (two decimals). A number cell, never neutralised. */
export function esNumber(n: number | null | undefined, digits = 0): string {
  if (n === null || n === undefined) return '';
  let f = numberFormats.get(digits);
  if (!f) {
    f = new Intl.NumberFormat('es-CO', { minimumFractionDigits: digits, maximumFractionDigits: digits });
    numberFormats.set(digits, f);
  }
  return f.format(n);
}

/** A stream of the header and then every row the pages yield, written only as fast as the client reads. */
export function csvStream<T>(
  header: string[],
  pages: AsyncIterable<T[]>,
  toCells: (row: T) => (string | number | null)[],
) {
  async function* lines() {
    yield CSV_BOM + csvLine(header);
    for await (const page of pages) {
      let chunk = '';
      for (const row of page) chunk += csvLine(toCells(row));
      if (chunk) yield chunk;
    }
  }
  return Readable.from(lines(), { objectMode: false });
}
