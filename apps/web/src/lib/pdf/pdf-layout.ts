import { formatDateTime, localDateTime } from '@ips/shared/format';
import type { Institution } from './institution-fields';
import type { AutoTableOptions, PdfDocument } from './load-pdf';
import {
  FOOTER_FONT_SIZE,
  FOOTER_GAP,
  FOOTER_LINE_HEIGHT,
  footerContactItems,
  footerHeight,
  packFooterLines,
} from './pdf-footer';

export const PDF_MARGIN = 14;
/** Teal of the interface, for headings and table heads. */
export const PDF_PRIMARY: [number, number, number] = [13, 116, 114];
export const PDF_MUTED: [number, number, number] = [100, 116, 139];

/** The footer of a document: its contact lines at this page width, and its height. */
export interface PdfFooter {
  lines: string[];
  height: number;
}

/** Lays the footer out for this document's page width and font (the same on every page). */
export function layoutFooter(doc: PdfDocument, inst: Institution): PdfFooter {
  const width = doc.internal.pageSize.getWidth() - PDF_MARGIN * 2;
  const size = doc.getFontSize();
  doc.setFont('helvetica', 'normal');
  doc.setFontSize(FOOTER_FONT_SIZE);
  const lines = packFooterLines(footerContactItems(inst), width, (t) => doc.getTextWidth(t));
  doc.setFontSize(size);
  return { lines, height: footerHeight(lines.length) };
}

/** Where content must stop on every page: above the footer (whatever its number of lines) and a small gap. */
export function pdfBottomMargin(doc: PdfDocument, inst: Institution): number {
  return layoutFooter(doc, inst).height + FOOTER_GAP;
}

/**
 * What every table of the app's PDFs shares: side margins, a bottom margin that keeps it above the footer, the
 * head repeated on each page, and rows kept whole (a row that does not fit starts the next page).
 */
export function pdfTableDefaults(
  doc: PdfDocument,
  inst: Institution,
): Pick<AutoTableOptions, 'margin' | 'rowPageBreak' | 'showHead'> {
  return {
    margin: { left: PDF_MARGIN, right: PDF_MARGIN, top: PDF_MARGIN, bottom: pdfBottomMargin(doc, inst) },
    rowPageBreak: 'avoid',
    showHead: 'everyPage',
  };
}

/**
 * The y to write `needed` mm at: `y` if that still fits above the footer, else the top of a new page (a section
 * title is never left alone at the bottom of a page).
 */
export function ensureRoom(doc: PdfDocument, inst: Institution, y: number, needed: number): number {
  if (y + needed <= doc.internal.pageSize.getHeight() - pdfBottomMargin(doc, inst)) return y;
  doc.addPage();
  return PDF_MARGIN + 4;
}

/**
 * The institution header at the top of the first page: name, NIT, the document title and when it was made.
 * Returns the y where the content starts.
 */
export function drawHeader(doc: PdfDocument, inst: Institution, title: string, subtitle?: string): number {
  const width = doc.internal.pageSize.getWidth();
  doc.setFillColor(...PDF_PRIMARY);
  doc.rect(0, 0, width, 4, 'F');

  // The saved logo, 12 mm high at most, left of the name.
  let x = PDF_MARGIN;
  if (inst.logo) {
    const h = 12;
    const w = Math.min(30, (inst.logo.width / inst.logo.height) * h);
    doc.addImage(
      inst.logo.dataUrl,
      'PNG',
      PDF_MARGIN,
      8,
      w,
      Math.min(h, (inst.logo.height / inst.logo.width) * w),
    );
    x = PDF_MARGIN + w + 4;
  }
  doc.setTextColor(15, 23, 42);
  doc.setFont('helvetica', 'bold');
  doc.setFontSize(15);
  doc.text(inst.name, x, 16);
  doc.setFont('helvetica', 'normal');
  doc.setFontSize(9);
  doc.setTextColor(...PDF_MUTED);
  if (inst.nit) doc.text(`NIT ${inst.nit}`, x, 21);
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

/**
 * The institution's name, the contact fields that are set (address, phone, e-mail, website, NIT; whole, on as many
 * lines as the page width needs) and 'Página x de y' on every page; call once the content is complete.
 */
export function drawFooters(doc: PdfDocument, inst: Institution): void {
  const footer = layoutFooter(doc, inst);
  const pages = doc.getNumberOfPages();
  const width = doc.internal.pageSize.getWidth();
  const top = doc.internal.pageSize.getHeight() - footer.height;
  for (let i = 1; i <= pages; i++) {
    doc.setPage(i);
    doc.setDrawColor(226, 232, 240);
    doc.line(PDF_MARGIN, top, width - PDF_MARGIN, top);
    doc.setFont('helvetica', 'normal');
    doc.setFontSize(FOOTER_FONT_SIZE);
    doc.setTextColor(...PDF_MUTED);
    doc.text(inst.name, PDF_MARGIN, top + 5);
    footer.lines.forEach((line, n) => doc.text(line, PDF_MARGIN, top + 5 + FOOTER_LINE_HEIGHT * (n + 1)));
    doc.text(`Página ${i} de ${pages}`, width - PDF_MARGIN, top + 5, { align: 'right' });
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
