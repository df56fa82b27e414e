import { truncateText } from './text';

/** Spec §7 "Exports": the waiting-list PDF's columns. */
export const WAITING_PDF_COLUMNS = [
  'Pos.',
  'Paciente',
  'Documento',
  'Teléfono',
  'Prioridad',
  'Días',
  'Tipo',
  'Motivo',
] as const;

export interface PdfEntry {
  queue_position: number | null;
  patient_name: string;
  patient_document: string;
  patient_phone: string | null;
  priority_level: string;
  days_waiting: number;
  call_type: string;
  reason: string | null;
  status: string;
}

/**
 * One table row per entry. An entry an agent has taken has no position (it is being handled): it shows
 * 'En atención'. Tipo is 'Reagendar' for patients returned from a cancelled appointment, else 'Normal'.
 */
export function waitingPdfRow(e: PdfEntry): string[] {
  return [
    e.queue_position === null ? (e.status === 'assigned' ? 'En atención' : '—') : String(e.queue_position),
    e.patient_name,
    e.patient_document,
    e.patient_phone || '—',
    e.priority_level,
    String(e.days_waiting),
    e.call_type === 'reagendar' ? 'Reagendar' : 'Normal',
    truncateText(e.reason) || '—',
  ];
}
