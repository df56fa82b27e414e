import { describe, expect, it } from 'vitest';
import { filterDaily, nextToAttend } from './daily-queue';

const appt = (id: number, status: string, time: string, patient_name: string, doctor_name = 'Dra. Ruiz') => ({
  id,
  status,
  patient_name,
  patient_document: `10${id}0000`,
  doctor_name,
  specialty_name: 'Medicina General',
  scheduled_at: `2026-03-09 ${time}:00`,
  ends_at: `2026-03-09 ${time.slice(0, 3)}${String(Number(time.slice(3)) + 20).padStart(2, '0')}:00`,
});

const day = [
  appt(1, 'Completada', '08:00', 'Ana Gómez'),
  appt(2, 'Confirmada', '08:30', 'Óscar Núñez', 'Dr. Peña'),
  appt(3, 'Cancelada', '09:00', 'Luis Mora'),
  appt(4, 'Confirmada', '09:30', 'Marta Ríos'),
  appt(5, 'Pendiente', '10:00', 'Pedro Díaz'),
];

describe('daily queue filters', () => {
  it('filters by status', () => {
    expect(filterDaily(day, 'Confirmada', '').map((a) => a.id)).toEqual([2, 4]);
    expect(filterDaily(day, '', '')).toHaveLength(5);
  });

  it('searches patient, document and doctor without accents', () => {
    expect(filterDaily(day, '', 'oscar').map((a) => a.id)).toEqual([2]);
    expect(filterDaily(day, '', 'PEÑA').map((a) => a.id)).toEqual([2]);
    expect(filterDaily(day, '', '1040000').map((a) => a.id)).toEqual([4]);
    expect(filterDaily(day, 'Cancelada', 'marta')).toEqual([]);
  });
});

describe('next to attend', () => {
  it('is the first confirmed appointment that has not ended', () => {
    expect(nextToAttend(day, '2026-03-09 07:00:00')?.id).toBe(2);
    expect(nextToAttend(day, '2026-03-09 08:55:00')?.id).toBe(4);
    expect(nextToAttend(day, '2026-03-09 12:00:00')).toBeNull();
  });
});
