import { PRIORITY_LEVELS } from '@ips/shared/schemas/queue-entry';
import { countOf } from '@ips/shared/format';
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
import type { WaitingEntry } from '@/features/queue/api/waiting-list';
import { waitingListPdfFileName } from '@/features/queue/utils/export-names';
import { WAITING_PDF_COLUMNS, waitingPdfRow } from '@/features/queue/utils/pdf-rows';
import { PRIORITY_STYLES, priorityStyle } from '@/features/queue/utils/priority-style';
import { countByPriority, type SpecialtyGroup } from '@/features/queue/utils/queue-order';

export interface WaitingPdfInput {
  groups: SpecialtyGroup<WaitingEntry>[];
  /** One specialty's export names the file after it; null is Todas_Especialidades. */
  specialtyName: string | null;
  /** The filters applied on screen, printed under the title ('' when none). */
  filtersLine: string;
}

const PRIORITY_COLUMN = 4;

/**
 * Spec §7 "Exports": Cola_Espera_{specialty or Todas_Especialidades}_{timestamp}.pdf, one table per specialty
 * with Pos., Paciente, Documento, Teléfono, Prioridad, Días, Tipo and Motivo (cut at 40 characters), priorities
 * coloured (Urgente red, Alta orange, Normal green), and a priority summary at the end.
 */
export async function exportWaitingListPdf(
  input: WaitingPdfInput,
): Promise<{ fileName: string; total: number }> {
  const [{ jsPDF, autoTable }, inst] = await Promise.all([loadPdfKit(), fetchInstitution()]);
  const doc = new jsPDF({ orientation: 'landscape', unit: 'mm', format: 'letter' });
  const all = input.groups.flatMap((g) => g.entries);
  const subtitle = [
    input.specialtyName ?? 'Todas las especialidades',
    `${countOf(all.length, 'paciente', 'pacientes')} en espera`,
    input.filtersLine,
  ]
    .filter(Boolean)
    .join(' · ');
  let y = drawHeader(doc, inst, 'Cola de Espera', subtitle);
  const table = (startY: number, head: string[][], body: string[][], extra: object = {}) =>
    autoTable(doc, {
      startY,
      head,
      body,
      theme: 'striped',
      ...pdfTableDefaults(doc, inst),
      styles: { font: 'helvetica', fontSize: 8.5, cellPadding: 1.6, overflow: 'linebreak' },
      headStyles: { fillColor: PDF_PRIMARY, textColor: 255, fontStyle: 'bold' },
      ...extra,
    });
  const colourPriority = {
    didParseCell: (data: {
      section: string;
      column: { index: number };
      cell: { raw: unknown; styles: object };
    }) => {
      if (data.section !== 'body' || data.column.index !== PRIORITY_COLUMN) return;
      Object.assign(data.cell.styles, {
        textColor: priorityStyle(String(data.cell.raw)).rgb,
        fontStyle: 'bold',
      });
    },
  };

  for (const g of input.groups) {
    y = ensureRoom(doc, inst, y, 30);
    doc.setFont('helvetica', 'bold');
    doc.setFontSize(11);
    doc.setTextColor(...PDF_PRIMARY);
    doc.text(`${g.specialty_name} (${g.entries.length} en espera)`, PDF_MARGIN, y);
    table(y + 3, [[...WAITING_PDF_COLUMNS]], g.entries.map(waitingPdfRow), {
      columnStyles: {
        0: { cellWidth: 18, halign: 'center' },
        1: { cellWidth: 48 },
        2: { cellWidth: 26 },
        3: { cellWidth: 26 },
        4: { cellWidth: 20 },
        5: { cellWidth: 12, halign: 'right' },
        6: { cellWidth: 20 },
      },
      ...colourPriority,
    });
    y = lastTableY(doc, y) + 10;
  }

  y = ensureRoom(doc, inst, y, 45);
  doc.setFont('helvetica', 'bold');
  doc.setFontSize(11);
  doc.setTextColor(...PDF_PRIMARY);
  doc.text('Resumen por prioridad', PDF_MARGIN, y);
  const counts = countByPriority(all);
  table(
    y + 3,
    [['Prioridad', 'Pacientes']],
    [...PRIORITY_LEVELS.map((p) => [p, String(counts[p])]), ['Total', String(all.length)]],
    {
      tableWidth: 80,
      columnStyles: { 1: { halign: 'right' } },
      didParseCell: (data: {
        section: string;
        column: { index: number };
        cell: { raw: unknown; styles: object };
      }) => {
        const level = String(data.cell.raw);
        if (data.section === 'head' && data.column.index === 1)
          Object.assign(data.cell.styles, { halign: 'right' });
        if (data.section === 'body' && data.column.index === 0 && level in PRIORITY_STYLES)
          Object.assign(data.cell.styles, { textColor: priorityStyle(level).rgb, fontStyle: 'bold' });
        if (data.section === 'body' && level === 'Total')
          Object.assign(data.cell.styles, { fontStyle: 'bold' });
      },
    },
  );

  drawFooters(doc, inst);
  const fileName = waitingListPdfFileName(input.specialtyName, inst.timezone);
  doc.save(fileName);
  return { fileName, total: all.length };
}
