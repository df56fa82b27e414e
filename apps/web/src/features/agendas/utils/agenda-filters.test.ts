import { describe, expect, it } from 'vitest';
import { activeFilterCount, EMPTY_FILTERS, matchesFilters, type FilterableAgenda } from './agenda-filters';

const agenda: FilterableAgenda = {
  doctor_id: 1,
  doctor_name: 'Dra. Lucía Gómez',
  specialty_id: 2,
  specialty_name: 'Pediatría',
  location_id: 3,
  location_name: 'Sede Cabecera',
  date: '2026-11-24',
  start_time: '07:00:00',
  end_time: '11:00:00',
  status: 'Activa',
};

describe('agenda filters', () => {
  it('searches doctor, specialty and location without accents', () => {
    expect(matchesFilters(agenda, { ...EMPTY_FILTERS, searchTerm: 'lucia' })).toBe(true);
    expect(matchesFilters(agenda, { ...EMPTY_FILTERS, searchTerm: 'PEDIATRIA' })).toBe(true);
    expect(matchesFilters(agenda, { ...EMPTY_FILTERS, searchTerm: 'floridablanca' })).toBe(false);
  });

  it('combines lists, status, dates and an overlapping time range', () => {
    const f = {
      ...EMPTY_FILTERS,
      doctors: [1, 9],
      status: ['Activa'],
      dateRange: { start: '2026-11-24', end: '' },
    };
    expect(matchesFilters(agenda, f)).toBe(true);
    expect(matchesFilters(agenda, { ...f, locations: [4] })).toBe(false);
    expect(matchesFilters(agenda, { ...f, timeRange: { start: '10:00', end: '12:00' } })).toBe(true);
    expect(matchesFilters(agenda, { ...f, timeRange: { start: '11:00', end: '' } })).toBe(false);
    expect(matchesFilters(agenda, { ...f, dateRange: { start: '', end: '2026-11-23' } })).toBe(false);
  });

  it('counts the active filters', () => {
    expect(activeFilterCount(EMPTY_FILTERS)).toBe(0);
    expect(
      activeFilterCount({
        ...EMPTY_FILTERS,
        doctors: [1, 2],
        status: ['Activa'],
        timeRange: { start: '08:00', end: '' },
      }),
    ).toBe(4);
  });
});
