import { Readable } from 'node:stream';

/*
 * A streamed CSV for spreadsheets: UTF-8 with a BOM (Excel then reads accents right), CRLF lines, every cell
 * quoted when it needs to be, and a cell that a spreadsheet would take for a formula (starting with = + - @,
 * a tab or a carriage return) neutralised with a leading apostrophe (OWASP "CSV injection").
 */

const FORMULA_START = /^[=+\-@\t\r]/;

export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  let s = String(value);
  if (FORMULA_START.test(s)) s = `'${s}`;
  return /[",\r\n;]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

export const csvLine = (cells: readonly unknown[]) => `${cells.map(csvCell).join(',')}\r\n`;

/** The header, then one line per row as the batches arrive: memory stays one batch whatever the range. */
export function csvStream<T>(
  header: readonly string[],
  batches: AsyncIterable<readonly T[]>,
  toCells: (row: T) => readonly unknown[],
): Readable {
  async function* lines() {
    yield `\uFEFF${csvLine(header)}`;
    for await (const batch of batches) yield batch.map((r) => csvLine(toCells(r))).join('');
  }
  return Readable.from(lines());
}
