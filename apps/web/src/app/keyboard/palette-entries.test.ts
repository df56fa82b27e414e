import { describe, expect, it } from 'vitest';
import { entryChoice, entryPath, filterByText, paletteGroups, type PalettePatient } from './palette-entries';

const PAGES = [
  { label: 'Panel de Citas Médicas', path: '/' },
  { label: 'Gestión de agenda', path: '/appointments' },
  { label: 'Pacientes', path: '/patients' },
  { label: 'Listado de pacientes', path: '/patients/list' },
  { label: 'Cola Diaria', path: '/daily-queue' },
  { label: 'Distribución', path: '/distribution' },
  { label: 'Gestión de Recursos', path: '/settings/resources' },
];

const patient = (id: number, name: string): PalettePatient => ({
  id,
  name,
  document: String(1_000_000 + id),
  document_type: 'CC',
  eps_name: id % 2 ? 'Nueva EPS' : null,
});

const labels = (query: string, extra: Partial<Parameters<typeof paletteGroups>[0]> = {}) =>
  paletteGroups({ query, canBook: true, pages: PAGES, ...extra }).map((g) => [
    g.label,
    g.entries.map((e) => e.label),
  ]);

describe('filterByText', () => {
  it('ignores accents and case both ways', () => {
    expect(filterByText(PAGES, 'gestion', (p) => p.label).map((p) => p.path)).toEqual([
      '/appointments',
      '/settings/resources',
    ]);
    expect(filterByText(PAGES, 'DISTRIBUCIÓN', (p) => p.label).map((p) => p.path)).toEqual(['/distribution']);
    expect(filterByText(PAGES, 'médicas', (p) => p.label).map((p) => p.path)).toEqual(['/']);
  });

  it('needs every word, in any order', () => {
    expect(filterByText(PAGES, 'recursos gestion', (p) => p.label).map((p) => p.path)).toEqual([
      '/settings/resources',
    ]);
    expect(filterByText(PAGES, 'gestion pacientes', (p) => p.label)).toEqual([]);
  });

  it('ranks a label that starts with the query, then a word that does, then the rest', () => {
    expect(filterByText(PAGES, 'pac', (p) => p.label).map((p) => p.path)).toEqual([
      '/patients',
      '/patients/list',
    ]);
    const items = ['Historia de citas', 'Citas del día', 'Recitación'];
    expect(filterByText(items, 'cita', (s) => s)).toEqual([
      'Citas del día',
      'Historia de citas',
      'Recitación',
    ]);
  });

  it('an empty query keeps everything in order', () => {
    expect(filterByText(PAGES, '  ', (p) => p.label)).toEqual(PAGES);
  });
});

describe('paletteGroups', () => {
  it('with no query: the actions and every page the role may open', () => {
    expect(labels('')).toEqual([
      ['Acciones', ['Nueva Cita', 'Atajos de teclado']],
      ['Páginas', PAGES.map((p) => p.label)],
    ]);
  });

  it("a role that may not book is not offered 'Nueva Cita'", () => {
    expect(labels('', { canBook: false })[0]).toEqual(['Acciones', ['Atajos de teclado']]);
    expect(labels('nueva cita', { canBook: false })).toEqual([]);
  });

  it('actions are found by their keywords too', () => {
    expect(labels('agendar')).toEqual([['Acciones', ['Nueva Cita']]]);
  });

  it('patients and doctors from the server come after the pages, from 2 characters, capped', () => {
    const patients = Array.from({ length: 12 }, (_, i) => patient(i + 1, `Paciente ${i + 1}`));
    const doctors = [{ id: 4, name: 'Ana Pérez', active: false, specialties: [{ name: 'Pediatría' }] }];
    const groups = paletteGroups({ query: 'pa', canBook: true, pages: PAGES, patients, doctors });
    expect(groups.map((g) => g.id)).toEqual(['pages', 'patients', 'doctors']);
    expect(groups[1]!.entries).toHaveLength(8);
    expect(groups[1]!.entries[0]).toMatchObject({ label: 'Paciente 1', detail: 'CC 1000001 · Nueva EPS' });
    expect(groups[2]!.entries[0]).toMatchObject({ label: 'Ana Pérez', detail: 'Pediatría · Inactivo' });
    // One character: the server is not asked, and stale results are not shown.
    expect(paletteGroups({ query: 'p', canBook: true, pages: [], patients, doctors })).toEqual([]);
  });
});

describe('entryPath', () => {
  it('a patient opens on Pacientes with its detail, a doctor on Gestión de Recursos filtered', () => {
    const [p] = paletteGroups({ query: 'lu', canBook: true, pages: [], patients: [patient(42, 'Lucía')] })[0]!
      .entries;
    expect(entryPath(p!)).toBe('/patients?patient=42');
    const [d] = paletteGroups({
      query: 'lu',
      canBook: true,
      pages: [],
      doctors: [{ id: 3, name: 'Luis Ñúñez', active: true, specialties: [] }],
    })[0]!.entries;
    expect(entryPath(d!)).toBe('/settings/resources?tab=doctors&q=Luis+%C3%91%C3%BA%C3%B1ez');
    expect(entryPath({ kind: 'page', key: 'page:/', path: '/', label: 'Panel' })).toBe('/');
    expect(entryChoice(p!)).toEqual({ path: '/patients?patient=42' });
    const [action] = paletteGroups({ query: 'atajos', canBook: true, pages: [] })[0]!.entries;
    expect(entryChoice(action!)).toEqual({ action: 'shortcut-help' });
  });
});
