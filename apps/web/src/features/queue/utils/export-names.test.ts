import { describe, expect, it } from 'vitest';
import { waitingListPdfFileName } from './export-names';

describe('waiting-list PDF file name', () => {
  // 15:04:05 UTC is 10:04:05 in Bogotá.
  const now = new Date('2026-03-09T15:04:05Z');

  it('names every specialty Todas_Especialidades', () => {
    expect(waitingListPdfFileName(null, 'America/Bogota', now)).toBe(
      'Cola_Espera_Todas_Especialidades_20260309_100405.pdf',
    );
  });

  it('writes one specialty without accents or spaces', () => {
    expect(waitingListPdfFileName('Ginecología y Obstetricia', 'America/Bogota', now)).toBe(
      'Cola_Espera_Ginecologia_y_Obstetricia_20260309_100405.pdf',
    );
  });

  it('stamps the time in the organisation timezone', () => {
    expect(waitingListPdfFileName('Pediatría', 'UTC', now)).toBe('Cola_Espera_Pediatria_20260309_150405.pdf');
  });
});
