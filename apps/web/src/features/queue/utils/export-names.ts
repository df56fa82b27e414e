import { pdfTimestamp, safeFilePart } from '../../../lib/pdf/pdf-layout';

/**
 * Spec §7 "Exports": Cola_Espera_{specialty or Todas_Especialidades}_{timestamp}.pdf; the timestamp is
 * yyyyMMdd_HHmmss in the organisation's timezone.
 */
export function waitingListPdfFileName(
  specialtyName: string | null,
  tz: string,
  now: Date = new Date(),
): string {
  const part = specialtyName ? safeFilePart(specialtyName) : 'Todas_Especialidades';
  return `Cola_Espera_${part}_${pdfTimestamp(tz, now)}.pdf`;
}
