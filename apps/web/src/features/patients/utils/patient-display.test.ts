import { describe, expect, it } from 'vitest';
import { ageLabel, documentLabel, monthsBetween } from './patient-display';

describe('patient display', () => {
  it('shows years, and months for babies under one year', () => {
    expect(ageLabel(null)).toBeNull();
    expect(ageLabel(1)).toBe('1 año');
    expect(ageLabel(66)).toBe('66 años');
    expect(ageLabel(0, '2026-04-20', '2026-11-21')).toBe('7 meses');
    expect(ageLabel(0, '2026-10-21', '2026-11-21')).toBe('1 mes');
    expect(ageLabel(0, '2026-11-10', '2026-11-21')).toBe('Recién nacido');
  });

  it('counts whole months only', () => {
    expect(monthsBetween('2026-01-31', '2026-02-28')).toBe(0);
    expect(monthsBetween('2025-12-15', '2026-03-15')).toBe(3);
  });

  it('defaults the document type to CC', () => {
    expect(documentLabel({ document_type: null, document: '123456' })).toBe('CC 123456');
    expect(documentLabel({ document_type: 'TI', document: '123456' })).toBe('TI 123456');
  });
});
