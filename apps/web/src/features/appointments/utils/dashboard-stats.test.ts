import { describe, expect, it } from 'vitest';
import {
  minusMonths,
  periodRange,
  slotsBySpecialty,
  statCards,
  utilizationTrend,
  type AgendaSlots,
} from './dashboard-stats';

let nextId = 1;
const agenda = (over: Partial<AgendaSlots>): AgendaSlots => ({
  id: nextId++,
  date: '2026-03-10',
  start_time: '08:00:00',
  end_time: '12:00:00',
  capacity: 10,
  booked_slots: 4,
  status: 'Activa',
  specialty_name: 'Medicina General',
  ...over,
});

describe('periods', () => {
  it('covers 7 days, one month or three months ending today', () => {
    expect(periodRange('week', '2026-03-10')).toEqual({ start: '2026-03-04', end: '2026-03-10' });
    expect(periodRange('month', '2026-03-10')).toEqual({ start: '2026-02-11', end: '2026-03-10' });
    expect(periodRange('quarter', '2026-03-10')).toEqual({ start: '2025-12-11', end: '2026-03-10' });
  });

  it('clamps to the shorter month', () => {
    expect(minusMonths('2026-03-31', 1)).toBe('2026-02-28');
    expect(minusMonths('2024-03-31', 1)).toBe('2024-02-29');
    expect(minusMonths('2026-01-15', 3)).toBe('2025-10-15');
  });
});

describe('statCards', () => {
  it('gives percentages of the total and counts only open agendas, free slots only of active ones', () => {
    const cards = statCards({ total: 8, confirmed: 6, pending: 2 }, [
      agenda({ capacity: 10, booked_slots: 4 }),
      agenda({ capacity: 5, booked_slots: 5 }),
      agenda({ capacity: 20, booked_slots: 0, status: 'Cancelada' }),
      agenda({ capacity: 5, booked_slots: 2, status: 'Completa' }),
    ]);
    expect(cards).toEqual({
      total: 8,
      confirmed: 6,
      confirmedPercent: 75,
      pending: 2,
      totalSlots: 20,
      availableSlots: 6,
      availablePercent: 30,
    });
  });

  it('shows 0% instead of dividing by zero', () => {
    const cards = statCards({ total: 0, confirmed: 0, pending: 0 }, []);
    expect(cards.confirmedPercent).toBe(0);
    expect(cards.availablePercent).toBe(0);
  });
});

describe('slotsBySpecialty and utilizationTrend', () => {
  it('adds occupied and available per specialty, biggest first', () => {
    const bars = slotsBySpecialty([
      agenda({ specialty_name: 'Pediatría', capacity: 4, booked_slots: 1 }),
      agenda({ specialty_name: 'Cardiología', capacity: 10, booked_slots: 10 }),
      agenda({ specialty_name: 'Pediatría', capacity: 4, booked_slots: 4 }),
      agenda({ specialty_name: 'Dermatología', status: 'Cancelada' }),
    ]);
    expect(bars).toEqual([
      { specialty: 'Cardiología', ocupados: 10, disponibles: 0 },
      { specialty: 'Pediatría', ocupados: 5, disponibles: 3 },
    ]);
  });

  it('has one point for each of the last 7 days, empty days at zero', () => {
    const trend = utilizationTrend(
      [
        agenda({ date: '2026-03-10', capacity: 10, booked_slots: 5 }),
        agenda({ date: '2026-03-10', capacity: 10, booked_slots: 10 }),
        agenda({ date: '2026-03-04', capacity: 4, booked_slots: 1 }),
        agenda({ date: '2026-03-03', capacity: 4, booked_slots: 4 }),
      ],
      '2026-03-10',
    );
    expect(trend.map((p) => p.date)).toEqual([
      '2026-03-04',
      '2026-03-05',
      '2026-03-06',
      '2026-03-07',
      '2026-03-08',
      '2026-03-09',
      '2026-03-10',
    ]);
    expect(trend[0]).toEqual({ date: '2026-03-04', utilizacion: 25, ocupados: 1, capacidad: 4 });
    expect(trend[1]).toEqual({ date: '2026-03-05', utilizacion: 0, ocupados: 0, capacidad: 0 });
    expect(trend[6]).toEqual({ date: '2026-03-10', utilizacion: 75, ocupados: 15, capacidad: 20 });
  });

  it('counts the attended (Completada) appointments of a day as occupied, never above capacity', () => {
    const trend = utilizationTrend(
      [
        agenda({ date: '2026-03-09', capacity: 10, booked_slots: 1, completed_slots: 6 }),
        agenda({ date: '2026-03-10', capacity: 4, booked_slots: 3, completed_slots: 3 }),
      ],
      '2026-03-10',
    );
    expect(trend[5]).toEqual({ date: '2026-03-09', utilizacion: 70, ocupados: 7, capacidad: 10 });
    expect(trend[6]).toEqual({ date: '2026-03-10', utilizacion: 100, ocupados: 4, capacidad: 4 });
  });
});
