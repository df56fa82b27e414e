import { foldText } from './text';

export interface DailyItem {
  status: string;
  patient_name: string;
  patient_document: string;
  doctor_name: string;
  specialty_name: string;
  scheduled_at: string;
}

export const DAILY_STATUSES = ['Pendiente', 'Confirmada', 'Completada', 'Cancelada'] as const;

/** Status ('' for all) and a search over patient, document, doctor and specialty, accents ignored. */
export function filterDaily<T extends DailyItem>(items: readonly T[], status: string, search: string): T[] {
  const needle = foldText(search.trim());
  return items.filter(
    (a) =>
      (!status || a.status === status) &&
      (!needle ||
        [a.patient_name, a.patient_document, a.doctor_name, a.specialty_name].some((t) =>
          foldText(t).includes(needle),
        )),
  );
}

/**
 * The appointment to attend next: the earliest Confirmada that has not ended more than its duration ago,
 * compared on the organisation's wall-clock text ('YYYY-MM-DD HH:mm:ss'), so the browser's zone does not matter.
 */
export function nextToAttend<T extends DailyItem & { id: number; ends_at: string }>(
  items: readonly T[],
  nowLocal: string,
): T | null {
  return items.find((a) => a.status === 'Confirmada' && a.ends_at.replace('T', ' ') > nowLocal) ?? null;
}
