import { countOf, formatLongDate } from '@ips/shared/format';
import { fetchInstitution } from '@/lib/pdf/institution';
import { lastTableY, loadPdfKit } from '@/lib/pdf/load-pdf';
import {
  drawFooters,
  drawHeader,
  ensureRoom,
  PDF_MARGIN,
  PDF_PRIMARY,
  pdfTableDefaults,
} from '@/lib/pdf/pdf-layout';
import {
  fetchDailyExport,
  NothingToExportError,
  type DailyExportScope,
} from '@/features/agendas/export/daily-export-data';
import { hhmm } from '@/features/agendas/utils/agenda-display';
import { dailyPdfFileName } from '@/features/agendas/utils/export-names';

/**
 * Spec §7 "Exports": the daily agenda PDF, only Confirmada appointments, one section per doctor, letter
 * landscape, Agenda_Diaria_{yyyymmdd}.pdf, with the institution header and footer.
 */
export async function exportDailyAgendaPdf(scope: DailyExportScope): Promise<string> {
  const [{ jsPDF, autoTable }, inst, data] = await Promise.all([
    loadPdfKit(),
    fetchInstitution(),
    fetchDailyExport(scope),
  ]);
  const doctors = data
    .map((d) => ({ ...d, appointments: d.appointments.filter((a) => a.status === 'Confirmada') }))
    .filter((d) => d.appointments.length > 0);
  if (doctors.length === 0) throw new NothingToExportError(scope.agenda ? data[0]?.doctor_name : undefined);

  const doc = new jsPDF({ orientation: 'landscape', unit: 'mm', format: 'letter' });
  const total = doctors.reduce((s, d) => s + d.appointments.length, 0);
  let y = drawHeader(
    doc,
    inst,
    'Agenda Diaria',
    `${formatLongDate(scope.date)} · ${countOf(doctors.length, 'profesional', 'profesionales')} · ${countOf(total, 'cita confirmada', 'citas confirmadas')}`,
  );
  for (const d of doctors) {
    y = ensureRoom(doc, inst, y, 30);
    doc.setFont('helvetica', 'bold');
    doc.setFontSize(11);
    doc.setTextColor(...PDF_PRIMARY);
    doc.text(d.doctor_name, PDF_MARGIN, y);
    doc.setFont('helvetica', 'normal');
    doc.setFontSize(9);
    doc.setTextColor(71, 85, 105);
    const line = [
      d.specialty_name,
      d.location_name,
      d.room,
      `${hhmm(d.start_time)} – ${hhmm(d.end_time)}`,
      countOf(d.appointments.length, 'cita'),
    ]
      .filter(Boolean)
      .join('  ·  ');
    doc.text(line, PDF_MARGIN, y + 5);
    autoTable(doc, {
      startY: y + 8,
      head: [['Hora', 'Paciente', 'Edad', 'Identificación', 'EPS', 'Teléfono', 'Motivo', 'Duración']],
      body: d.appointments.map((a) => [
        a.scheduled_at.slice(11, 16),
        a.patient_name,
        a.age === null ? '—' : String(a.age),
        a.patient_document,
        a.patient_eps ?? '—',
        a.patient_phone ?? '—',
        a.reason ?? '—',
        `${a.duration_minutes} min`,
      ]),
      theme: 'striped',
      ...pdfTableDefaults(doc, inst),
      styles: { font: 'helvetica', fontSize: 8.5, cellPadding: 1.6, overflow: 'linebreak' },
      headStyles: { fillColor: PDF_PRIMARY, textColor: 255, fontStyle: 'bold' },
      columnStyles: {
        0: { cellWidth: 14 },
        1: { cellWidth: 55 },
        2: { cellWidth: 12, halign: 'right' },
        3: { cellWidth: 28 },
        5: { cellWidth: 26 },
        7: { cellWidth: 18 },
      },
    });
    y = lastTableY(doc, y) + 10;
  }

  drawFooters(doc, inst);
  const fileName = dailyPdfFileName(scope.date);
  doc.save(fileName);
  return fileName;
}
