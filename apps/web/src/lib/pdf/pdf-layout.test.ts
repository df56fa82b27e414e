import { describe, expect, it } from 'vitest';
import { pdfTimestamp, safeFilePart } from './pdf-layout';

describe('pdf file names', () => {
  it('stamps the time in the organisation timezone', () => {
    expect(pdfTimestamp('America/Bogota', new Date('2026-03-10T15:04:05Z'))).toBe('20260310_100405');
  });
  it('keeps only safe characters', () => {
    expect(safeFilePart('1.098.765 / Ñandú')).toBe('1_098_765_Nandu');
    expect(safeFilePart('***')).toBe('documento');
  });
});
