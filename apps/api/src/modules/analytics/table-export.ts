import ExcelJS from 'exceljs';
import { csvStream } from '../../lib/csv-stream';

/** A table built by the server for an export: CSV through lib/csv-stream.ts, Excel through ExcelJS (decision 032). */
export interface Table {
  header: string[];
  rows: (string | number | null)[][];
}

export function tableCsv(t: Table) {
  async function* rows() {
    yield* t.rows;
  }
  return csvStream(t.header, rows(), (r) => r);
}

/** An .xlsx workbook with one sheet, bold header, widths fitted to the content. */
export async function tableXlsx(t: Table, sheet: string): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  wb.creator = 'IPS';
  const ws = wb.addWorksheet(sheet.slice(0, 31));
  ws.addRow(t.header).font = { bold: true };
  for (const r of t.rows) ws.addRow(r.map((v) => (v === null ? '' : v)));
  ws.columns.forEach((col, i) => {
    const widest = Math.max(t.header[i]?.length ?? 8, ...t.rows.map((r) => String(r[i] ?? '').length));
    col.width = Math.min(80, Math.max(10, widest + 2));
  });
  return Buffer.from(await wb.xlsx.writeBuffer());
}
