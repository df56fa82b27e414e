import type { Worksheet } from 'exceljs';
import { formatDateTime, formatLongDate } from '@ips/shared/format';
import { fetchInstitution, type Institution } from '@/lib/pdf/institution';
import {
  fetchDailyExport,
  NothingToExportError,
  type DailyDoctor,
  type DailyExportScope,
} from '@/features/agendas/export/daily-export-data';
import { loadExcelJs } from '@/features/agendas/export/load-exceljs';
import { hhmm } from '@/features/agendas/utils/agenda-display';
import { excelFileName, sheetNames } from '@/features/agendas/utils/export-names';

/** Spec §7 "Exports": the columns of the daily agenda Excel, in order. */
export const EXCEL_COLUMNS = [
  { header: 'Hora', width: 8 },
  { header: 'Paciente', width: 32 },
  { header: 'Edad', width: 7 },
  { header: 'Identificación', width: 16 },
  { header: 'EPS', width: 22 },
  { header: 'Teléfono', width: 15 },
  { header: 'Correo', width: 28 },
  { header: 'Motivo', width: 34 },
  { header: 'Estado', width: 12 },
  { header: 'Duración (min)', width: 14 },
] as const;

const TEAL = 'FF0D7472';

function contactLine(inst: Institution): string {
  return [
    inst.address,
    inst.phone && `Tel. ${inst.phone}`,
    inst.email,
    inst.website,
    inst.nit && `NIT ${inst.nit}`,
  ]
    .filter(Boolean)
    .join(' · ');
}

function fillSheet(ws: Worksheet, d: DailyDoctor, inst: Institution) {
  ws.columns = EXCEL_COLUMNS.map((c) => ({ width: c.width }));
  const width = EXCEL_COLUMNS.length;
  const title = (text: string, size: number, bold = false) => {
    const row = ws.addRow([text]);
    ws.mergeCells(row.number, 1, row.number, width);
    row.getCell(1).font = { size, bold, color: bold ? { argb: TEAL } : undefined };
  };
  title(inst.name, 14, true);
  const contact = contactLine(inst);
  if (contact) title(contact, 9);
  title(`Agenda Diaria · ${formatLongDate(d.date)}`, 12, true);
  title(
    [d.doctor_name, d.specialty_name, d.location_name, d.room, `${hhmm(d.start_time)} – ${hhmm(d.end_time)}`]
      .filter(Boolean)
      .join(' · '),
    10,
  );
  ws.addRow([]);

  const head = ws.addRow(EXCEL_COLUMNS.map((c) => c.header));
  head.eachCell((cell) => {
    cell.font = { bold: true, color: { argb: 'FFFFFFFF' } };
    cell.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: TEAL } };
  });
  ws.views = [{ state: 'frozen', ySplit: head.number }];
  for (const a of d.appointments) {
    ws.addRow([
      a.scheduled_at.slice(11, 16),
      a.patient_name,
      a.age,
      a.patient_document,
      a.patient_eps ?? '',
      a.patient_phone ?? '',
      a.patient_email ?? '',
      a.reason ?? '',
      a.status,
      a.duration_minutes,
    ]);
  }

  const count = (s: string) => d.appointments.filter((a) => a.status === s).length;
  ws.addRow([]);
  const summary: [string, number][] = [
    ['Total de citas', d.appointments.length],
    ['Confirmadas', count('Confirmada')],
    ['Canceladas', count('Cancelada')],
    ['Pendientes', count('Pendiente')],
  ];
  for (const [label, n] of summary) {
    const row = ws.addRow([label, n]);
    row.getCell(1).font = { bold: true };
  }
  ws.addRow([]);
  title(`Generado: ${formatDateTime(new Date(), inst.timezone)}`, 8);
  ws.headerFooter.oddHeader = `&L${inst.name}&RAgenda Diaria ${d.date}`;
  ws.headerFooter.oddFooter = `&L${contact || inst.name}&RPágina &P de &N`;
  Object.assign(ws.pageSetup, { orientation: 'landscape', fitToPage: true, fitToWidth: 1, fitToHeight: 0 });
}

/** Builds the workbook; separated from the download so the e2e and the unit of work stay testable. */
export async function buildDailyAgendaWorkbook(scope: DailyExportScope) {
  const [ExcelJS, inst, data] = await Promise.all([
    loadExcelJs(),
    fetchInstitution(),
    fetchDailyExport(scope),
  ]);
  const doctors = data.filter((d) => d.appointments.length > 0);
  if (doctors.length === 0) throw new NothingToExportError(scope.agenda ? data[0]?.doctor_name : undefined);
  const wb = new ExcelJS.Workbook();
  wb.creator = inst.name;
  wb.created = new Date();
  const names = sheetNames(doctors.map((d) => d.doctor_name));
  doctors.forEach((d, i) => fillSheet(wb.addWorksheet(names[i]), d, inst));
  return { wb, fileName: excelFileName(doctors, scope.date) };
}

export async function exportDailyAgendaExcel(scope: DailyExportScope): Promise<string> {
  const { wb, fileName } = await buildDailyAgendaWorkbook(scope);
  const buffer = await wb.xlsx.writeBuffer();
  const blob = new Blob([buffer], {
    type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return fileName;
}
