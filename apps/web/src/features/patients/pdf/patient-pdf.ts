import { formatDate, formatDateTime } from '@ips/shared/format';
import type { PatientDto } from '@ips/shared/schemas/patients-response';
import { fetchInstitution } from '@/lib/pdf/institution';
import { lastTableY, loadPdfKit } from '@/lib/pdf/load-pdf';
import {
  drawFooters,
  drawHeader,
  PDF_PRIMARY,
  pdfTableDefaults,
  pdfTimestamp,
  safeFilePart,
} from '@/lib/pdf/pdf-layout';
import { AFFILIATION_INFO, genderLabel, patientAge } from '@/features/patients/utils/patient-display';

const v = (x: string | number | null | undefined) =>
  x === null || x === undefined || x === '' ? '—' : String(x);

/** Spec §7 "Exports": the patient's record as Paciente_{document}_{timestamp}.pdf. */
export async function exportPatientPdf(p: PatientDto): Promise<string> {
  const [{ jsPDF, autoTable }, inst] = await Promise.all([loadPdfKit(), fetchInstitution()]);
  const tz = inst.timezone;
  const doc = new jsPDF({ orientation: 'portrait', unit: 'mm', format: 'letter' });
  let y = drawHeader(doc, inst, 'Ficha del Paciente', `${p.name} · ${p.document_type || 'CC'} ${p.document}`);

  const affiliation = p.insurance_affiliation_type;
  const sections: [string, [string, string][]][] = [
    [
      'Información básica',
      [
        ['Nombre completo', p.name],
        ['Documento', `${p.document_type || 'CC'} ${p.document}`],
        ['Fecha de nacimiento', p.birth_date ? formatDate(p.birth_date) : '—'],
        ['Edad', v(patientAge(p, tz))],
        ['Género', genderLabel(p.gender)],
        ['Estado', p.status],
        ['Fecha de registro', formatDateTime(p.created_at, tz)],
      ],
    ],
    [
      'Contacto',
      [
        ['Teléfono principal', v(p.phone)],
        ['Teléfono alterno', v(p.phone_alt)],
        ['Correo electrónico', v(p.email)],
        ['Dirección', v(p.address)],
        [
          'Municipio',
          v(p.municipality_name && `${p.municipality_name}${p.department ? `, ${p.department}` : ''}`),
        ],
        ['Zona', v(p.zone)],
      ],
    ],
    [
      'Información médica',
      [
        ['Grupo sanguíneo', v(p.blood_group_name)],
        ['Discapacidad', p.has_disability ? `Sí${p.disability_type ? ` (${p.disability_type})` : ''}` : 'No'],
        ['Alergias', v(p.allergies)],
        ['Condiciones médicas', v(p.medical_conditions)],
        ['Notas', v(p.notes)],
      ],
    ],
    [
      'Seguro',
      [
        ['EPS', p.eps_name ?? 'Sin EPS asignada'],
        [
          'Tipo de afiliación',
          affiliation ? `${affiliation}: ${AFFILIATION_INFO[affiliation].description}` : '—',
        ],
      ],
    ],
    [
      'Información demográfica',
      [
        ['Nivel educativo', v(p.education_level)],
        ['Estado civil', v(p.marital_status)],
        ['Grupo poblacional', v(p.population_group)],
        ['Estrato', p.estrato ? `Estrato ${p.estrato}` : '—'],
      ],
    ],
  ];
  if (p.emergency_contact_name || p.emergency_contact_phone) {
    sections[1]![1].push([
      'Contacto de emergencia',
      `${v(p.emergency_contact_name)} · ${v(p.emergency_contact_phone)}`,
    ]);
  }

  for (const [title, rows] of sections) {
    autoTable(doc, {
      startY: y,
      head: [[{ content: title, colSpan: 2 }]],
      body: rows,
      theme: 'grid',
      // A section is never split over two pages.
      pageBreak: 'avoid',
      ...pdfTableDefaults(doc, inst),
      styles: { font: 'helvetica', fontSize: 9, cellPadding: 1.3, overflow: 'linebreak' },
      headStyles: { fillColor: PDF_PRIMARY, textColor: 255, fontStyle: 'bold' },
      columnStyles: { 0: { cellWidth: 50, fontStyle: 'bold', textColor: [71, 85, 105] } },
    });
    y = lastTableY(doc, y) + 4;
  }

  drawFooters(doc, inst);
  const name = `Paciente_${safeFilePart(p.document)}_${pdfTimestamp(tz)}.pdf`;
  doc.save(name);
  return name;
}
