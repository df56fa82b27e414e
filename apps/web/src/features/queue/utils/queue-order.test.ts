import { describe, expect, it } from 'vitest';
import {
  compareEntries,
  countByPriority,
  EMPTY_FILTERS,
  filterEntries,
  groupBySpecialty,
  hasActiveFilters,
  pageOfGroups,
  priorityRank,
} from './queue-order';

const entry = (
  id: number,
  priority_level: string,
  created_at: string,
  specialty_id = 1,
  specialty_name = 'Medicina General',
  extra: Record<string, unknown> = {},
) => ({
  id,
  priority_level,
  created_at,
  specialty_id,
  specialty_name,
  patient_name: `Paciente ${id}`,
  ...extra,
});

describe('queue order', () => {
  it('ranks Urgente, Alta, Normal, Baja, then unknown values', () => {
    expect(
      ['Baja', 'Desconocida', 'Urgente', 'Normal', 'Alta'].sort((a, b) => priorityRank(a) - priorityRank(b)),
    ).toEqual(['Urgente', 'Alta', 'Normal', 'Baja', 'Desconocida']);
  });

  it('orders by priority, then arrival, then id', () => {
    const list = [
      entry(1, 'Normal', '2026-03-01T10:00:00Z'),
      entry(2, 'Urgente', '2026-03-05T10:00:00Z'),
      entry(3, 'Alta', '2026-03-02T10:00:00Z'),
      entry(5, 'Normal', '2026-02-28T10:00:00Z'),
      entry(4, 'Normal', '2026-02-28T10:00:00Z'),
      entry(6, 'Baja', '2026-01-01T10:00:00Z'),
    ];
    expect([...list].sort(compareEntries).map((e) => e.id)).toEqual([2, 3, 4, 5, 1, 6]);
  });

  it('lists entries an agent is handling before those waiting', () => {
    const list = [
      { ...entry(1, 'Urgente', '2026-03-01T10:00:00Z'), status: 'waiting' },
      { ...entry(2, 'Baja', '2026-03-05T10:00:00Z'), status: 'assigned' },
      { ...entry(3, 'Alta', '2026-03-02T10:00:00Z'), status: 'waiting' },
    ];
    expect([...list].sort(compareEntries).map((e) => e.id)).toEqual([2, 1, 3]);
  });

  it('groups by specialty in name order, each group in queue order', () => {
    const groups = groupBySpecialty([
      entry(1, 'Normal', '2026-03-01T10:00:00Z', 2, 'Pediatría'),
      entry(2, 'Alta', '2026-03-03T10:00:00Z', 1, 'Cardiología'),
      entry(3, 'Urgente', '2026-03-04T10:00:00Z', 2, 'Pediatría'),
      entry(4, 'Normal', '2026-03-02T10:00:00Z', 3, 'Ginecología'),
    ]);
    expect(groups.map((g) => g.specialty_name)).toEqual(['Cardiología', 'Ginecología', 'Pediatría']);
    expect(groups[2]!.entries.map((e) => e.id)).toEqual([3, 1]);
    expect(groupBySpecialty([])).toEqual([]);
  });

  it('counts entries per priority', () => {
    expect(
      countByPriority([
        { priority_level: 'Urgente' },
        { priority_level: 'Normal' },
        { priority_level: 'Normal' },
        { priority_level: 'otra' },
      ]),
    ).toEqual({ Urgente: 1, Alta: 0, Normal: 2, Baja: 0 });
  });
});

describe('queue filters', () => {
  const list = [
    entry(1, 'Urgente', '2026-03-01T10:00:00Z', 1, 'Cardiología', {
      patient_name: 'José Álvarez',
      patient_document: '1.020.304.050',
      patient_phone: '300 111 2233',
      reason: 'Dolor torácico',
      call_type: 'normal',
      high_risk_pregnancy: false,
    }),
    entry(2, 'Normal', '2026-03-02T10:00:00Z', 2, 'Ginecología', {
      patient_name: 'María Pérez',
      patient_document: '52999888',
      patient_phone: '3109998877',
      reason: 'Control prenatal',
      call_type: 'reagendar',
      high_risk_pregnancy: true,
    }),
  ];

  it('passes everything without filters', () => {
    expect(filterEntries(list, EMPTY_FILTERS)).toHaveLength(2);
    expect(hasActiveFilters(EMPTY_FILTERS)).toBe(false);
  });

  it('searches names and reasons without accents or case', () => {
    expect(filterEntries(list, { ...EMPTY_FILTERS, search: 'jose alv' }).map((e) => e.id)).toEqual([1]);
    expect(filterEntries(list, { ...EMPTY_FILTERS, search: 'PRENATAL' }).map((e) => e.id)).toEqual([2]);
  });

  it('searches documents and phones by their digits', () => {
    expect(filterEntries(list, { ...EMPTY_FILTERS, search: '1020304' }).map((e) => e.id)).toEqual([1]);
    expect(filterEntries(list, { ...EMPTY_FILTERS, search: '310 999' }).map((e) => e.id)).toEqual([2]);
  });

  it('filters by priority, specialty, call type and high-risk pregnancy', () => {
    const ids = (f: Partial<typeof EMPTY_FILTERS>) =>
      filterEntries(list, { ...EMPTY_FILTERS, ...f }).map((e) => e.id);
    expect(ids({ priority: 'Urgente' })).toEqual([1]);
    expect(ids({ specialty: '2' })).toEqual([2]);
    expect(ids({ callType: 'reagendar' })).toEqual([2]);
    expect(ids({ highRiskOnly: true })).toEqual([2]);
    expect(ids({ priority: 'Urgente', specialty: '2' })).toEqual([]);
    expect(hasActiveFilters({ ...EMPTY_FILTERS, highRiskOnly: true })).toBe(true);
  });
});

describe('queue pages', () => {
  // Three groups of 3, 1 and 4 entries: 8 in all.
  const groups = groupBySpecialty([
    ...[1, 2, 3].map((id) => entry(id, 'Normal', `2026-03-0${id}T10:00:00Z`, 1, 'Cardiología')),
    entry(4, 'Alta', '2026-03-01T10:00:00Z', 2, 'Dermatología'),
    ...[5, 6, 7, 8].map((id) => entry(id, 'Normal', `2026-03-0${id}T10:00:00Z`, 3, 'Pediatría')),
  ]);
  const shape = (page: number, size: number) =>
    pageOfGroups(groups, page, size).map((p) => [
      p.group.specialty_name,
      p.entries.map((e) => e.id),
      p.continued,
    ]);

  it('cuts the groups, read one after another, into pages of entries', () => {
    expect(shape(1, 3)).toEqual([['Cardiología', [1, 2, 3], false]]);
    expect(shape(2, 3)).toEqual([
      ['Dermatología', [4], false],
      ['Pediatría', [5, 6], false],
    ]);
    expect(shape(3, 3)).toEqual([['Pediatría', [7, 8], true]]);
    expect(shape(4, 3)).toEqual([]);
  });

  it('covers every entry exactly once, whatever the page size', () => {
    for (const size of [1, 2, 3, 5, 8, 20]) {
      const ids = [1, 2, 3, 4, 5, 6, 7, 8, 9].flatMap((page) =>
        pageOfGroups(groups, page, size).flatMap((p) => p.entries.map((e) => e.id)),
      );
      expect(ids).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    }
  });
});
