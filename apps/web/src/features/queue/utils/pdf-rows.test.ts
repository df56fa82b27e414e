import { describe, expect, it } from 'vitest';
import { WAITING_PDF_COLUMNS, waitingPdfRow } from './pdf-rows';

const base = {
  queue_position: 3,
  patient_name: 'Ana María Gómez',
  patient_document: '1020304050',
  patient_phone: '3001234567',
  priority_level: 'Alta',
  days_waiting: 4,
  call_type: 'normal',
  reason: 'Control',
  status: 'waiting',
};

describe('waiting-list PDF rows', () => {
  it('has the eight columns of the spec, in order', () => {
    expect(WAITING_PDF_COLUMNS).toEqual([
      'Pos.',
      'Paciente',
      'Documento',
      'Teléfono',
      'Prioridad',
      'Días',
      'Tipo',
      'Motivo',
    ]);
    expect(waitingPdfRow(base)).toEqual([
      '3',
      'Ana María Gómez',
      '1020304050',
      '3001234567',
      'Alta',
      '4',
      'Normal',
      'Control',
    ]);
  });

  it('cuts the reason at 40 characters', () => {
    const reason = 'Valoración por dolor lumbar crónico con irradiación a miembro inferior';
    const cell = waitingPdfRow({ ...base, reason })[7]!;
    expect(Array.from(cell).length).toBeLessThanOrEqual(40);
    expect(cell.endsWith('…')).toBe(true);
  });

  it('writes Reagendar, missing phones and reasons, and entries being handled', () => {
    const row = waitingPdfRow({
      ...base,
      call_type: 'reagendar',
      patient_phone: null,
      reason: null,
      queue_position: null,
      status: 'assigned',
    });
    expect(row[0]).toBe('En atención');
    expect(row[3]).toBe('—');
    expect(row[6]).toBe('Reagendar');
    expect(row[7]).toBe('—');
  });
});
