import { formatDateTime, localDateTime } from '@ips/shared/format';
import type { Institution } from './institution';
import type { PdfDocument } from './load-pdf';

export const PDF_MARGIN = 14;
/** Teal of the interface, for headings and table heads. */
export const PDF_PRIMARY: [number, number, number] = [13, 116, 114];
export const PDF_MUTED: [number, number, number] = [100, 116, 139];
const FOOTER_HEIGHT = 18;

/** Space the footer needs at the bottom of each page (tables stop above it). */
export const PDF_BOTTOM_MARGIN = FOOTER_HEIGHT + 6;

/**
 * The institution header at the top of the first page: name, NIT, the document title and when it was made.
 * Returns the y where the content starts.
 */
export function drawHeader(doc: PdfDocument, inst: Institution, title: string, subtitle?: string): number {
  const width = doc.internal.pageSize.getWidth();
  doc.setFillColor(...PDF_PRIMARY);
  doc.rect(0, 0, width, 4, 'F');

  doc.setTextColor(15, 23, 42);
  doc.setFont('helvetica', 'bold');
  doc.setFontSize(15);
  doc.text(inst.name, PDF_MARGIN, 16);
  doc.setFont('helvetica', 'normal');
  doc.setFontSize(9);
  doc.setTextColor(...PDF_MUTED);
  if (inst.nit) doc.text(`NIT ${inst.nit}`, PDF_MARGIN, 21);
  doc.text(`Generado: ${formatDateTime(new Date(), inst.timezone)}`, width - PDF_MARGIN, 16, {
    align: 'right',
  });

  doc.setTextColor(...PDF_PRIMARY);
  doc.setFont('helvetica', 'bold');
  doc.setFontSize(13);
  doc.text(title, PDF_MARGIN, 31);
  let y = 31;
  if (subtitle) {
    doc.setFont('helvetica', 'normal');
    doc.setFontSize(9.5);
    doc.setTextColor(...PDF_MUTED);
    const lines = doc.splitTextToSize(subtitle, width - PDF_MARGIN * 2) as string[];
    doc.text(lines, PDF_MARGIN, 37);
    y = 37 + (lines.length - 1) * 4.5;
  }
  doc.setDrawColor(226, 232, 240);
  doc.line(PDF_MARGIN, y + 4, width - PDF_MARGIN, y + 4);
  doc.setTextColor(15, 23, 42);
  return y + 10;
}

/** The institution's contact line and 'Página x de y' on every page; call once the content is complete. */
export function drawFooters(doc: PdfDocument, inst: Institution): void {
  const pages = doc.getNumberOfPages();
  const width = doc.internal.pageSize.getWidth();
  const height = doc.internal.pageSize.getHeight();
  const contact = [
    inst.address,
    inst.phone && `Tel. ${inst.phone}`,
    inst.email,
    inst.website,
    inst.nit && `NIT ${inst.nit}`,
  ]
    .filter(Boolean)
    .join('  ·  ');
  for (let i = 1; i <= pages; i++) {
    doc.setPage(i);
    doc.setDrawColor(226, 232, 240);
    doc.line(PDF_MARGIN, height - FOOTER_HEIGHT, width - PDF_MARGIN, height - FOOTER_HEIGHT);
    doc.setFont('helvetica', 'normal');
    doc.setFontSize(8);
    doc.setTextColor(...PDF_MUTED);
    doc.text(inst.name, PDF_MARGIN, height - FOOTER_HEIGHT + 5);
    if (contact) {
      // Two lines at most: portrait pages cannot hold address, phone, e-mail, website and NIT on one.
      const lines = (doc.splitTextToSize(contact, width - PDF_MARGIN * 2) as string[]).slice(0, 2);
      doc.text(lines, PDF_MARGIN, height - FOOTER_HEIGHT + 9.5, { lineHeightFactor: 1.3 });
    }
    doc.text(`Página ${i} de ${pages}`, width - PDF_MARGIN, height - FOOTER_HEIGHT + 5, { align: 'right' });
  }
}

/** yyyyMMdd_HHmmss in the organisation's timezone, for file names. */
export function pdfTimestamp(tz: string, now: Date = new Date()): string {
  return localDateTime(now, tz).replace(/-/g, '').replace(' ', '_').replace(/:/g, '');
}

/** File names keep letters, digits, '-' and '_' only. */
export function safeFilePart(text: string): string {
  return (
    text
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/[^A-Za-z0-9_-]+/g, '_')
      .replace(/^_+|_+$/g, '') || 'documento'
  );
}
