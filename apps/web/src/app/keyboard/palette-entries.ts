/**
 * What the command palette lists for a query: actions and pages filtered here (accents and case ignored, every
 * word must appear), patients and doctors as the server found them. Pure, so it is tested without a browser.
 */

export type PaletteAction = 'new-appointment' | 'shortcut-help';

export type PaletteEntry =
  | { kind: 'action'; key: string; action: PaletteAction; label: string; keywords: string }
  | { kind: 'page'; key: string; path: string; label: string }
  | { kind: 'patient'; key: string; id: number; label: string; detail: string }
  | { kind: 'doctor'; key: string; id: number; name: string; label: string; detail: string };

export type PaletteGroupId = 'actions' | 'pages' | 'patients' | 'doctors';

export interface PaletteGroup {
  id: PaletteGroupId;
  label: string;
  entries: PaletteEntry[];
}

export interface PalettePatient {
  id: number;
  name: string;
  document: string;
  document_type: string;
  eps_name: string | null;
}

export interface PaletteDoctor {
  id: number;
  name: string;
  active: boolean;
  specialties: readonly { name: string }[];
}

/** The server search starts at this many characters (spec §9), like the booking dialogs' patient search. */
export const SERVER_SEARCH_MIN = 2;
export const MAX_PATIENTS = 8;
export const MAX_DOCTORS = 6;

const fold = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();

/**
 * Items whose text holds every word of the query, best first: the label starting with the query, then a word of
 * the label starting with the first word, then the rest, each in the given order. An empty query keeps all.
 */
export function filterByText<T>(
  items: readonly T[],
  query: string,
  label: (t: T) => string,
  extra?: (t: T) => string,
) {
  const q = fold(query.trim());
  const words = q.split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...items];
  const ranked: { item: T; rank: number; index: number }[] = [];
  items.forEach((item, index) => {
    const own = fold(label(item));
    const haystack = extra ? `${own} ${fold(extra(item))}` : own;
    if (!words.every((w) => haystack.includes(w))) return;
    const rank = own.startsWith(q) ? 0 : own.split(/[\s/·-]+/).some((w) => w.startsWith(words[0]!)) ? 1 : 2;
    ranked.push({ item, rank, index });
  });
  return ranked.sort((a, b) => a.rank - b.rank || a.index - b.index).map((r) => r.item);
}

export const ACTIONS: readonly Extract<PaletteEntry, { kind: 'action' }>[] = [
  {
    kind: 'action',
    key: 'action:new-appointment',
    action: 'new-appointment',
    label: 'Nueva Cita',
    keywords: 'agendar asignar reservar turno asignacion inteligente',
  },
  {
    kind: 'action',
    key: 'action:shortcut-help',
    action: 'shortcut-help',
    label: 'Atajos de teclado',
    keywords: 'ayuda teclas combinaciones',
  },
];

export function patientEntry(p: PalettePatient): PaletteEntry {
  const doc = `${p.document_type} ${p.document}`;
  return {
    kind: 'patient',
    key: `patient:${p.id}`,
    id: p.id,
    label: p.name,
    detail: p.eps_name ? `${doc} · ${p.eps_name}` : doc,
  };
}

export function doctorEntry(d: PaletteDoctor): PaletteEntry {
  const specialties = d.specialties.map((s) => s.name).join(', ') || 'Sin especialidad';
  return {
    kind: 'doctor',
    key: `doctor:${d.id}`,
    id: d.id,
    name: d.name,
    label: d.name,
    detail: d.active ? specialties : `${specialties} · Inactivo`,
  };
}

/**
 * The palette's groups for a query, empty groups left out. `pages` are the ones the role may open; `canBook`
 * decides whether 'Nueva Cita' is offered. Patients and doctors only count from SERVER_SEARCH_MIN characters.
 */
export function paletteGroups(input: {
  query: string;
  canBook: boolean;
  pages: readonly { label: string; path: string }[];
  patients?: readonly PalettePatient[];
  doctors?: readonly PaletteDoctor[];
}): PaletteGroup[] {
  const { query, canBook } = input;
  const searching = query.trim().length >= SERVER_SEARCH_MIN;
  const actions = filterByText(
    ACTIONS.filter((a) => canBook || a.action !== 'new-appointment'),
    query,
    (a) => a.label,
    (a) => a.keywords,
  );
  const pages = filterByText(input.pages, query, (p) => p.label).map((p): PaletteEntry => ({
    kind: 'page',
    key: `page:${p.path}`,
    path: p.path,
    label: p.label,
  }));
  const groups: PaletteGroup[] = [
    { id: 'actions', label: 'Acciones', entries: actions },
    { id: 'pages', label: 'Páginas', entries: pages },
    {
      id: 'patients',
      label: 'Pacientes',
      entries: searching ? (input.patients ?? []).slice(0, MAX_PATIENTS).map(patientEntry) : [],
    },
    {
      id: 'doctors',
      label: 'Doctores',
      entries: searching ? (input.doctors ?? []).slice(0, MAX_DOCTORS).map(doctorEntry) : [],
    },
  ];
  return groups.filter((g) => g.entries.length > 0);
}

/** What choosing an entry does: go to a path (the pages honour these parameters), or run an action. */
export type PaletteChoice = { path: string } | { action: PaletteAction };

export function entryChoice(entry: PaletteEntry): PaletteChoice {
  return entry.kind === 'action' ? { action: entry.action } : { path: entryPath(entry)! };
}

/** Where a chosen page, patient or doctor is opened (the pages honour these parameters). */
export function entryPath(entry: PaletteEntry): string | null {
  switch (entry.kind) {
    case 'page':
      return entry.path;
    case 'patient':
      return `/patients?patient=${entry.id}`;
    case 'doctor':
      return `/settings/resources?${new URLSearchParams({ tab: 'doctors', q: entry.name }).toString()}`;
    default:
      return null;
  }
}
