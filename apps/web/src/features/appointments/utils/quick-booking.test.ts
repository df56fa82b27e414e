import { describe, expect, it } from 'vitest';
import { quickAppointmentForm } from '@ips/shared/schemas/appointment-booking';
import { agendaLength, defaultReason } from './quick-booking';

describe('the quick dialog books the agenda’s own length', () => {
  it('20, 15, 45 or 240 minutes as the agenda says; 30 only when it does not', () => {
    for (const d of [20, 15, 45, 240]) expect(agendaLength({ duration_minutes: d })).toBe(d);
    expect(agendaLength({})).toBe(30);
    expect(agendaLength({ duration_minutes: null })).toBe(30);
    expect(agendaLength({ duration_minutes: 0 })).toBe(30);
  });
});

describe('the defaults alone make a valid quick form once a patient is picked', () => {
  const agenda = { specialty_name: 'Medicina General', duration_minutes: 20 };
  const form = (over: Record<string, unknown> = {}) =>
    quickAppointmentForm.safeParse({
      patient_id: 7,
      reason: defaultReason(agenda),
      appointment_type: 'Presencial',
      duration_minutes: agendaLength(agenda),
      notes: null,
      insurance_type: null,
      ...over,
    });

  it('names the consultation of the agenda’s specialty', () => {
    expect(defaultReason(agenda)).toBe('Consulta de Medicina General');
    expect(defaultReason({ specialty_name: '  ' })).toBe('Consulta');
  });

  it('passes with the patient alone, and still refuses no patient or a cleared reason', () => {
    expect(form().success).toBe(true);
    expect(form().data).toMatchObject({ duration_minutes: 20, reason: 'Consulta de Medicina General' });
    expect(form({ patient_id: undefined }).error?.issues[0]?.message).toBe('Debe seleccionar un paciente');
    expect(form({ reason: '  ' }).error?.issues[0]?.message).toBe('Debe especificar el motivo de la cita');
  });
});
