import { describe, expect, it } from 'vitest';
import { applyDayFilters, dayCards, EMPTY_DAY_FILTERS } from './day-filters';

const ids = { specialty_id: 1, doctor_id: 2, location_id: 3 };
const appt = (name: string, doc: string, status = 'Confirmada', over = {}) => ({
  ...ids,
  patient_name: name,
  patient_document: doc,
  status,
  ...over,
});

describe('applyDayFilters', () => {
  it('narrows by ids and by patient name (accents and case folded) or document', () => {
    const agendas = [{ ...ids }, { ...ids, doctor_id: 9 }];
    const list = [
      appt('José Pérez', '1001'),
      appt('Ana Ruiz', '2002'),
      appt('Otro', '3003', 'Confirmada', { doctor_id: 9 }),
    ];
    const byDoctor = applyDayFilters({ ...EMPTY_DAY_FILTERS, doctor: '2' }, agendas, list);
    expect(byDoctor.agendas).toHaveLength(1);
    expect(byDoctor.appointments.map((a) => a.patient_name)).toEqual(['José Pérez', 'Ana Ruiz']);
    expect(
      applyDayFilters({ ...EMPTY_DAY_FILTERS, search: 'jose' }, agendas, list).appointments,
    ).toHaveLength(1);
    expect(
      applyDayFilters({ ...EMPTY_DAY_FILTERS, search: '2002' }, agendas, list).appointments[0]!.patient_name,
    ).toBe('Ana Ruiz');
  });
});

describe('dayCards', () => {
  it('counts open agendas, occupancy, live appointments and confirmed ones', () => {
    const cards = dayCards(
      [
        { capacity: 10, booked_slots: 5, status: 'Activa' },
        { capacity: 10, booked_slots: 3, status: 'Activa' },
        { capacity: 8, booked_slots: 0, status: 'Cancelada' },
      ],
      [{ status: 'Confirmada' }, { status: 'confirmed' }, { status: 'Pendiente' }, { status: 'Cancelada' }],
    );
    expect(cards).toEqual({
      agendas: 2,
      capacity: 20,
      booked: 8,
      occupancy: 40,
      appointments: 3,
      confirmed: 2,
    });
  });
});
