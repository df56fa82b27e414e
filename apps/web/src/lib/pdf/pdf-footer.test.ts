import { jsPDF } from 'jspdf';
import { autoTable, type CellHookData } from 'jspdf-autotable';
import { describe, expect, it } from 'vitest';
import { institutionFrom, type Institution } from './institution-fields';
import { FOOTER_FONT_SIZE, footerContactItems, footerHeight, packFooterLines } from './pdf-footer';
import { drawFooters, layoutFooter, PDF_MARGIN, pdfBottomMargin, pdfTableDefaults } from './pdf-layout';

const FULL: Institution = institutionFrom({
  org_name: 'IPS Salud Integral',
  org_address: 'Carrera 27 # 36-14, Centro, Bucaramanga, Santander',
  org_phone: '607 6970000',
  org_email: 'contacto@saludintegral.com.co',
  org_website: 'www.saludintegral.com.co',
  org_nit: '900.123.456-8',
  org_timezone: 'America/Bogota',
});

/** A monospaced stand-in for the PDF font: one unit per character. */
const chars = (text: string) => text.length;

/** Every text the document wrote, per page. */
function textsByPage(doc: jsPDF): string[] {
  const pages: string[] = [];
  for (let i = 1; i <= doc.getNumberOfPages(); i++) {
    doc.setPage(i);
    const content = (doc.internal as unknown as { pages: string[][] }).pages[i]!.join('\n');
    pages.push(content);
  }
  return pages;
}

describe('pdf footer content', () => {
  it('lists address, phone, e-mail, website and NIT, labelled, in that order', () => {
    expect(footerContactItems(FULL)).toEqual([
      'Carrera 27 # 36-14, Centro, Bucaramanga, Santander',
      'Tel. 607 6970000',
      'contacto@saludintegral.com.co',
      'www.saludintegral.com.co',
      'NIT 900.123.456-8',
    ]);
  });

  it('shows only the fields that are set', () => {
    const some = institutionFrom({ org_name: 'IPS', org_phone: ' 607 1 ', org_nit: '900' });
    expect(footerContactItems(some)).toEqual(['Tel. 607 1', 'NIT 900']);
    expect(footerContactItems(institutionFrom({}))).toEqual([]);
  });
});

describe('packFooterLines', () => {
  it('keeps what fits on one line', () => {
    expect(packFooterLines(['a', 'bb', 'ccc'], 20, chars, ' · ')).toEqual(['a · bb · ccc']);
  });

  it('moves a whole item to the next line instead of breaking it', () => {
    const lines = packFooterLines(['Calle 1 # 2-3', 'Tel. 607', 'info@ips.co'], 24, chars, ' · ');
    expect(lines).toEqual(['Calle 1 # 2-3 · Tel. 607', 'info@ips.co']);
    for (const line of lines) expect(line.length).toBeLessThanOrEqual(24);
  });

  it('wraps by words only an item wider than the line, losing nothing', () => {
    const address = 'Carrera 27 número 36-14 barrio Centro Bucaramanga';
    const lines = packFooterLines([address, 'NIT 900'], 20, chars, ' · ');
    for (const line of lines) expect(line.length).toBeLessThanOrEqual(20);
    expect(lines.join(' ').replace(' · ', ' ')).toBe(`${address} NIT 900`);
    expect(lines.at(-1)).toContain('NIT 900');
  });

  it('grows the footer with its lines', () => {
    expect(footerHeight(2)).toBeGreaterThan(footerHeight(1));
    expect(footerHeight(0)).toBeGreaterThan(0);
  });
});

describe('pdf layout with jsPDF', () => {
  it('prints every set contact field and the page count on every page, each line within the margins', () => {
    const doc = new jsPDF({ orientation: 'portrait', unit: 'mm', format: 'letter' });
    doc.addPage();
    drawFooters(doc, FULL);
    const footer = layoutFooter(doc, FULL);
    expect(footer.lines.length).toBeGreaterThan(1); // portrait letter cannot hold all five on one line
    doc.setFontSize(FOOTER_FONT_SIZE);
    const width = doc.internal.pageSize.getWidth() - PDF_MARGIN * 2;
    for (const line of footer.lines) expect(doc.getTextWidth(line)).toBeLessThanOrEqual(width);
    textsByPage(doc).forEach((content, i) => {
      for (const item of [...footerContactItems(FULL), `(${FULL.name})`]) expect(content).toContain(item);
      expect(content).toMatch(new RegExp(`P.{1,8}gina ${i + 1} de 2`));
    });
    // The whole footer is reserved below every table.
    expect(pdfBottomMargin(doc, FULL)).toBeGreaterThan(footer.height);
  });

  it('reserves only the lines the set fields need', () => {
    const doc = new jsPDF({ orientation: 'portrait', unit: 'mm', format: 'letter' });
    const phoneOnly = institutionFrom({ org_name: 'IPS', org_phone: '607 1234567' });
    expect(layoutFooter(doc, phoneOnly).lines).toEqual(['Tel. 607 1234567']);
    expect(pdfBottomMargin(doc, phoneOnly)).toBeLessThan(pdfBottomMargin(doc, FULL));
    const landscape = new jsPDF({ orientation: 'landscape', unit: 'mm', format: 'letter' });
    expect(layoutFooter(landscape, FULL).lines.length).toBeLessThanOrEqual(
      layoutFooter(doc, FULL).lines.length,
    );
  });

  it('never splits a table row across pages, and stops every page above the footer', () => {
    const doc = new jsPDF({ orientation: 'landscape', unit: 'mm', format: 'letter' });
    const pageHeight = doc.internal.pageSize.getHeight();
    const limit = pageHeight - layoutFooter(doc, FULL).height;
    // Rows of very different heights, so that page ends fall inside rows.
    const body = Array.from({ length: 60 }, (_, i) => [
      String(i + 1),
      Array.from({ length: 1 + (i % 7) }, () => 'Motivo de consulta largo con varias líneas').join(' '),
    ]);
    const pagesOfRow = new Map<number, Set<number>>();
    let lowest = 0;
    autoTable(doc, {
      head: [['#', 'Motivo']],
      body,
      startY: 40,
      columnStyles: { 1: { cellWidth: 60 } },
      ...pdfTableDefaults(doc, FULL),
      didDrawCell: (data: CellHookData) => {
        if (data.section !== 'body') return;
        const page = doc.getCurrentPageInfo().pageNumber;
        const set = pagesOfRow.get(data.row.index) ?? new Set<number>();
        set.add(page);
        pagesOfRow.set(data.row.index, set);
        lowest = Math.max(lowest, data.cell.y + data.cell.height);
      },
    });
    expect(doc.getNumberOfPages()).toBeGreaterThan(2);
    expect(pagesOfRow.size).toBe(body.length);
    for (const [row, pages] of pagesOfRow) expect(pages.size, `fila ${row + 1}`).toBe(1);
    expect(lowest).toBeLessThanOrEqual(limit);
  });
});
