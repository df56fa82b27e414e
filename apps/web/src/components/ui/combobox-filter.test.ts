import { describe, expect, it } from 'vitest';
import { filterOptions, foldText, matchRank } from './combobox-filter';

const SPECIALTIES = [
  'Cardiología',
  'Cirugía General',
  'Ginecología',
  'Medicina General',
  'Medicina Interna',
  'Odontología General',
  'Pediatría',
].map((label) => ({ value: label, label }));
const labels = (query: string) => filterOptions(SPECIALTIES, query).map((o) => o.label);

describe('filterOptions', () => {
  it('keeps what is typed after a space', () => {
    expect(labels('medicina i')).toEqual(['Medicina Interna']);
    expect(labels('medicina g')).toEqual(['Medicina General']);
    expect(labels('Medicina ')).toEqual(['Medicina General', 'Medicina Interna']);
  });

  it('ignores accents and case, both ways', () => {
    expect(labels('CARDIOLOGIA')).toEqual(['Cardiología']);
    expect(labels('pediatría')).toEqual(['Pediatría']);
    expect(foldText('Ñandú Ólafo')).toBe('nandu olafo');
  });

  it('puts labels that start with the query first, then words that do, then word prefixes in order', () => {
    expect(labels('general')).toEqual(['Cirugía General', 'Medicina General', 'Odontología General']);
    expect(labels('med int')).toEqual(['Medicina Interna']);
    // Then the rest that merely contain it (cardioloGIa), in their own order.
    expect(labels('gi')).toEqual(['Ginecología', 'Cardiología', 'Cirugía General', 'Odontología General']);
    expect(labels('int med')).toEqual([]);
  });

  it('finds the query inside a label or its detail, after the better matches', () => {
    const towns = [
      { value: '1', label: 'Girón', detail: 'Santander · 68307' },
      { value: '2', label: 'San Gil', detail: 'Santander · 68679' },
    ];
    expect(filterOptions(towns, '68307').map((o) => o.label)).toEqual(['Girón']);
    expect(filterOptions(towns, 'gi').map((o) => o.label)).toEqual(['Girón', 'San Gil']);
    expect(filterOptions(towns, 'ron').map((o) => o.label)).toEqual(['Girón']);
  });

  it('offers everything, in order, for an empty query', () => {
    expect(labels('  ')).toEqual(SPECIALTIES.map((o) => o.label));
    expect(matchRank('', 'x')).toBe(0);
    expect(matchRank('zz', 'x')).toBeNull();
  });
});
