import { PATIENT_MAX_LIMIT } from '@ips/shared/schemas/patients-query';
import type { PatientDto, PatientListResponse } from '@ips/shared/schemas/patients-response';

type PatientListCounts = PatientListResponse['data']['counts'];
import { fetchInstitution } from '@/lib/pdf/institution';
import { lastTableY, loadPdfKit } from '@/lib/pdf/load-pdf';
import {
  drawFooters,
  drawHeader,
  ensureRoom,
  PDF_MARGIN,
  PDF_PRIMARY,
  pdfTableDefaults,
  pdfTimestamp,
} from '@/lib/pdf/pdf-layout';
import { getPatients, type PatientGenderFilter } from '@/features/patients/api/get-patients';

/** More rows than this make an unreadable PDF and a long wait: the export stops there and says so. */
export const LIST_PDF_MAX_ROWS = 5000;

export interface ListPdfFilters {
  search: string;
  gender: PatientGenderFilter;
}

export interface ListPdfResult {
  fileName: string;
  exported: number;
  total: number;
}

const nf = new Intl.NumberFormat('es-CO');

/** A search past the server's counting cap gives lower bounds: "más de 1.000". */
const more = (exact: boolean) => (exact ? '' : 'más de ');

/** The filtered rows (both states), page by page from the server, up to the cap. */
async function fetchFiltered(filters: ListPdfFilters) {
  const rows: PatientDto[] = [];
  let page = 1;
  let total = 0;
  let counts: PatientListCounts = { active: 0, inactive: 0, exact: { active: true, inactive: true } };
  let exact = true;
  for (;;) {
    const data = await getPatients({
      page,
      limit: PATIENT_MAX_LIMIT,
      search: filters.search || undefined,
      gender: filters.gender,
    });
    total = data.pagination.total;
    exact = data.pagination.exact;
    counts = data.counts;
    rows.push(...data.patients.slice(0, LIST_PDF_MAX_ROWS - rows.length));
    if (page >= data.pagination.total_pages || rows.length >= LIST_PDF_MAX_ROWS || data.patients.length === 0)
      break;
    page++;
  }
  return { rows, total, counts, exact };
}

/** Spec §7 "Exports": Listado_Pacientes_{timestamp}.pdf, landscape, with a filters line and totals. */
export async function exportPatientsListPdf(filters: ListPdfFilters): Promise<ListPdfResult> {
  const [{ jsPDF, autoTable }, inst, { rows, total, counts, exact }] = await Promise.all([
    loadPdfKit(),
    fetchInstitution(),
    fetchFiltered(filters),
  ]);
  const doc = new jsPDF({ orientation: 'landscape', unit: 'mm', format: 'letter' });
  const filterLine = [
    `Búsqueda: ${filters.search ? `"${filters.search}"` : 'ninguna'}`,
    `Género: ${filters.gender}`,
    'Estado: Activos e inactivos',
  ].join('   |   ');
  const y = drawHeader(doc, inst, 'Listado de Pacientes', `Filtros: ${filterLine}`);

  autoTable(doc, {
    startY: y,
    head: [
      [
        'Documento',
        'Nombre Completo',
        'Teléfono',
        'Correo',
        'EPS',
        'Tipo Afiliación',
        'Género',
        'Edad',
        'Estado',
      ],
    ],
    body: rows.map((p) => [
      `${p.document_type || 'CC'} ${p.document}`,
      p.name,
      p.phone ?? '—',
      p.email ?? '—',
      p.eps_name ?? 'Sin EPS',
      p.insurance_affiliation_type ?? '—',
      p.gender ?? 'No especificado',
      p.age === null ? '—' : String(p.age),
      p.status,
    ]),
    theme: 'striped',
    ...pdfTableDefaults(doc, inst),
    styles: { font: 'helvetica', fontSize: 8, cellPadding: 1.6, overflow: 'linebreak' },
    headStyles: { fillColor: PDF_PRIMARY, textColor: 255, fontStyle: 'bold' },
    columnStyles: {
      0: { cellWidth: 29 },
      1: { cellWidth: 50 },
      2: { cellWidth: 22 },
      5: { cellWidth: 22 },
      6: { cellWidth: 19 },
      7: { halign: 'right', cellWidth: 11 },
      8: { cellWidth: 16 },
    },
    didParseCell: (data) => {
      if (data.section === 'body' && data.column.index === 8 && data.cell.raw === 'Inactivo') {
        data.cell.styles.textColor = [100, 116, 139];
      }
    },
  });

  const endY = ensureRoom(doc, inst, lastTableY(doc, y) + 8, 12);
  doc.setFont('helvetica', 'bold');
  doc.setFontSize(10);
  doc.text(
    `Total: ${more(exact)}${nf.format(total)} pacientes   (Activos: ${more(counts.exact.active)}${nf.format(counts.active)}  ·  Inactivos: ${more(counts.exact.inactive)}${nf.format(counts.inactive)})`,
    PDF_MARGIN,
    endY,
  );
  if (rows.length < total || !exact) {
    doc.setFont('helvetica', 'normal');
    doc.setFontSize(9);
    doc.text(
      `Este documento incluye los primeros ${nf.format(rows.length)} registros. Refine los filtros para exportar el resto.`,
      PDF_MARGIN,
      endY + 5,
    );
  }

  drawFooters(doc, inst);
  const fileName = `Listado_Pacientes_${pdfTimestamp(inst.timezone)}.pdf`;
  doc.save(fileName);
  return { fileName, exported: rows.length, total };
}
