import { once } from 'node:events';
import { PassThrough, type Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { csvStream } from '../../lib/csv-stream';

/** A table built by the server for an export: CSV through lib/csv-stream.ts, Excel through ExcelJS (decision 032). */
export type Cell = string | number | null;
export interface Table {
  header: string[];
  rows: Cell[][];
}

/** A table of any size, its rows read as they are written (memory stays flat); its column widths set beforehand. */
export interface RowStream {
  header: string[];
  rows: AsyncIterable<Cell[]>;
  widths: number[];
}

export function tableCsv(t: Table | RowStream) {
  async function* rows() {
    yield* t.rows;
  }
  return csvStream(t.header, rows(), (r) => r);
}

const fit = (chars: number) => Math.min(80, Math.max(10, chars + 2));

/** An .xlsx workbook with one sheet, bold header, widths fitted to the content. */
export async function tableXlsx(t: Table, sheet: string): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  wb.creator = 'IPS';
  const ws = wb.addWorksheet(sheet.slice(0, 31));
  ws.addRow(t.header).font = { bold: true };
  for (const r of t.rows) ws.addRow(r.map((v) => (v === null ? '' : v)));
  ws.columns.forEach((col, i) => {
    let widest = t.header[i]?.length ?? 8;
    for (const r of t.rows) widest = Math.max(widest, String(r[i] ?? '').length);
    col.width = fit(widest);
  });
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/**
 * The same workbook written while the rows are read (ExcelJS's streaming writer): each row is committed as it comes,
 * and reading waits while the client has not taken what was written. A failure mid-way ends the download with an
 * error (the client sees a broken file, never a shortened one that looks whole).
 */
export function streamXlsx(t: RowStream, sheet: string): Readable {
  const out = new PassThrough();
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: out,
    useStyles: true,
    useSharedStrings: false,
  });
  wb.creator = 'IPS';
  const ws = wb.addWorksheet(sheet.slice(0, 31));
  ws.columns = t.header.map((h, i) => ({ width: fit(Math.max(h.length, t.widths[i] ?? 0)) }));
  void (async () => {
    const head = ws.addRow(t.header);
    head.font = { bold: true };
    head.commit();
    for await (const r of t.rows) {
      if (out.destroyed) return;
      ws.addRow(r.map((v) => (v === null ? '' : v))).commit();
      if (out.writableNeedDrain) await Promise.race([once(out, 'drain'), once(out, 'close')]);
    }
    ws.commit();
    await wb.commit();
  })().catch((err: Error) => out.destroy(err));
  return out;
}
