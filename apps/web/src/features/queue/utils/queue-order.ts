import { PRIORITY_LEVELS, type PriorityLevel } from '@ips/shared/schemas/queue-entry';
import { foldText } from './text';

/** What ordering, grouping and filtering need of a waiting-list entry. */
export interface OrderableEntry {
  id: number;
  priority_level: string;
  created_at: string;
  specialty_id: number;
  specialty_name: string;
  /** 'assigned' while an agent handles the entry. */
  status?: string;
}

/** Urgente 0, Alta 1, Normal 2, Baja 3; anything unknown after Baja. */
export function priorityRank(level: string): number {
  const i = PRIORITY_LEVELS.indexOf(level as PriorityLevel);
  return i === -1 ? PRIORITY_LEVELS.length : i;
}

const handled = (e: OrderableEntry) => (e.status === 'assigned' ? 0 : 1);

/**
 * Queue order (decisions 010 and 012): entries an agent is handling first (they have no position), then
 * priority, arrival and id.
 */
export function compareEntries(a: OrderableEntry, b: OrderableEntry): number {
  return (
    handled(a) - handled(b) ||
    priorityRank(a.priority_level) - priorityRank(b.priority_level) ||
    Date.parse(a.created_at) - Date.parse(b.created_at) ||
    a.id - b.id
  );
}

export interface SpecialtyGroup<T extends OrderableEntry> {
  specialty_id: number;
  specialty_name: string;
  entries: T[];
}

/** One group per specialty, by name (es collation), each in queue order. */
export function groupBySpecialty<T extends OrderableEntry>(entries: readonly T[]): SpecialtyGroup<T>[] {
  const groups = new Map<number, SpecialtyGroup<T>>();
  for (const e of entries) {
    let g = groups.get(e.specialty_id);
    if (!g) {
      g = { specialty_id: e.specialty_id, specialty_name: e.specialty_name, entries: [] };
      groups.set(e.specialty_id, g);
    }
    g.entries.push(e);
  }
  const list = [...groups.values()];
  for (const g of list) g.entries.sort(compareEntries);
  return list.sort((a, b) => a.specialty_name.localeCompare(b.specialty_name, 'es'));
}

export type PriorityCounts = Record<PriorityLevel, number>;

/** How many entries of each priority (the PDF's summary and the page's cards). */
export function countByPriority(entries: readonly { priority_level: string }[]): PriorityCounts {
  const counts = Object.fromEntries(PRIORITY_LEVELS.map((p) => [p, 0])) as PriorityCounts;
  for (const e of entries) if (e.priority_level in counts) counts[e.priority_level as PriorityLevel]++;
  return counts;
}

export interface QueueFilters {
  search: string;
  /** '' for every priority. */
  priority: string;
  /** '' for every specialty, else its id as text. */
  specialty: string;
  /** '' for both, 'normal' or 'reagendar'. */
  callType: string;
  /** Only pregnant patients with an active high-risk pregnancy. */
  highRiskOnly: boolean;
}

export const EMPTY_FILTERS: QueueFilters = {
  search: '',
  priority: '',
  specialty: '',
  callType: '',
  highRiskOnly: false,
};

export interface FilterableEntry extends OrderableEntry {
  patient_name: string;
  patient_document?: string | null;
  patient_phone?: string | null;
  reason?: string | null;
  call_type?: string | null;
  high_risk_pregnancy?: boolean | null;
}

/** Search matches name, document, phone or reason, ignoring case and accents. */
export function filterEntries<T extends FilterableEntry>(entries: readonly T[], f: QueueFilters): T[] {
  const needle = foldText(f.search.trim());
  const digits = f.search.replace(/\D/g, '');
  return entries.filter((e) => {
    if (f.priority && e.priority_level !== f.priority) return false;
    if (f.specialty && String(e.specialty_id) !== f.specialty) return false;
    if (f.callType && e.call_type !== f.callType) return false;
    if (f.highRiskOnly && !e.high_risk_pregnancy) return false;
    if (!needle) return true;
    if (foldText(e.patient_name).includes(needle)) return true;
    if (e.reason && foldText(e.reason).includes(needle)) return true;
    if (digits.length >= 3) {
      if (e.patient_document?.replace(/\D/g, '').includes(digits)) return true;
      if (e.patient_phone?.replace(/\D/g, '').includes(digits)) return true;
    }
    return Boolean(e.patient_document && foldText(e.patient_document).includes(needle));
  });
}

export function hasActiveFilters(f: QueueFilters): boolean {
  return Boolean(f.search.trim() || f.priority || f.specialty || f.callType || f.highRiskOnly);
}

/** A group as one page shows it: the page's share of its entries, and whether it began on an earlier page. */
export interface PagedGroup<T extends OrderableEntry> {
  group: SpecialtyGroup<T>;
  entries: T[];
  continued: boolean;
}

/**
 * Page `page` (1-based) of `size` entries of the groups read in order, one group after another: the groups that
 * have entries on that page, each with those entries.
 */
export function pageOfGroups<T extends OrderableEntry>(
  groups: readonly SpecialtyGroup<T>[],
  page: number,
  size: number,
): PagedGroup<T>[] {
  const from = (page - 1) * size;
  const to = from + size;
  const out: PagedGroup<T>[] = [];
  let start = 0;
  for (const group of groups) {
    const end = start + group.entries.length;
    if (end > from && start < to)
      out.push({
        group,
        entries: group.entries.slice(Math.max(0, from - start), to - start),
        continued: start < from,
      });
    start = end;
    if (start >= to) break;
  }
  return out;
}
