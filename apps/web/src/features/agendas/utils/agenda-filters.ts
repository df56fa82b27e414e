/** Filter state of the agenda screens (spec part 1 §3 "Other entities": filter state). */
export interface AgendaFilterState {
  doctors: number[];
  specialties: number[];
  locations: number[];
  dateRange: { start: string; end: string };
  timeRange: { start: string; end: string };
  status: string[];
  searchTerm: string;
}

export const EMPTY_FILTERS: AgendaFilterState = {
  doctors: [],
  specialties: [],
  locations: [],
  dateRange: { start: '', end: '' },
  timeRange: { start: '', end: '' },
  status: [],
  searchTerm: '',
};

/** What any agenda-like row (an agenda, a distribution day) offers to the filters. */
export interface FilterableAgenda {
  doctor_id: number;
  doctor_name: string;
  specialty_id: number;
  specialty_name: string;
  location_id: number;
  location_name: string;
  date: string;
  start_time: string;
  end_time: string;
  status: string;
}

const fold = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .trim();

/** The search box matches doctor, specialty or location, without accents or case. */
export function matchesSearch(
  a: Pick<FilterableAgenda, 'doctor_name' | 'specialty_name' | 'location_name'>,
  term: string,
) {
  const q = fold(term);
  if (!q) return true;
  return [a.doctor_name, a.specialty_name, a.location_name].some((x) => fold(x).includes(q));
}

export function matchesFilters(a: FilterableAgenda, f: AgendaFilterState): boolean {
  const hhmm = (t: string) => t.slice(0, 5);
  return (
    matchesSearch(a, f.searchTerm) &&
    (f.doctors.length === 0 || f.doctors.includes(a.doctor_id)) &&
    (f.specialties.length === 0 || f.specialties.includes(a.specialty_id)) &&
    (f.locations.length === 0 || f.locations.includes(a.location_id)) &&
    (f.status.length === 0 || f.status.includes(a.status)) &&
    (!f.dateRange.start || a.date >= f.dateRange.start) &&
    (!f.dateRange.end || a.date <= f.dateRange.end) &&
    // An agenda fits a time range when it overlaps it.
    (!f.timeRange.start || hhmm(a.end_time) > f.timeRange.start) &&
    (!f.timeRange.end || hhmm(a.start_time) < f.timeRange.end)
  );
}

/** The badge of the advanced variant: how many filters are on (the search counts as one). */
export function activeFilterCount(f: AgendaFilterState): number {
  return (
    (f.searchTerm.trim() ? 1 : 0) +
    f.doctors.length +
    f.specialties.length +
    f.locations.length +
    f.status.length +
    (f.dateRange.start || f.dateRange.end ? 1 : 0) +
    (f.timeRange.start || f.timeRange.end ? 1 : 0)
  );
}
