import type { jsPDF } from 'jspdf';
import type { UserOptions } from 'jspdf-autotable';

export type PdfDocument = jsPDF;
export type AutoTable = (doc: jsPDF, options: UserOptions) => void;
export type { UserOptions as AutoTableOptions };

export interface PdfKit {
  jsPDF: typeof jsPDF;
  autoTable: AutoTable;
}

let kit: Promise<PdfKit> | null = null;

/** jsPDF and its table plugin, fetched on the first export only (never part of the initial bundle). */
export function loadPdfKit(): Promise<PdfKit> {
  kit ??= Promise.all([import('jspdf'), import('jspdf-autotable')])
    .then(([pdf, table]) => ({ jsPDF: pdf.jsPDF, autoTable: table.autoTable }))
    .catch((err: unknown) => {
      kit = null;
      throw err;
    });
  return kit;
}

/** Where the last table ended, to continue below it. */
export function lastTableY(doc: jsPDF, fallback: number): number {
  return (doc as jsPDF & { lastAutoTable?: { finalY?: number } }).lastAutoTable?.finalY ?? fallback;
}
