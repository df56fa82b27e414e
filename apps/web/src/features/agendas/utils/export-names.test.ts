import { describe, expect, it } from 'vitest';
import { dailyPdfFileName, excelFileName, sheetNames } from './export-names';

describe('daily agenda file names', () => {
  it('PDF: Agenda_Diaria_{yyyymmdd}.pdf', () => {
    expect(dailyPdfFileName('2026-11-23')).toBe('Agenda_Diaria_20261123.pdf');
  });

  it('Excel for one doctor carries specialty (≤20) and doctor (≤40)', () => {
    expect(
      excelFileName(
        [{ doctor_name: 'Dra. María Fernanda Ñáñez', specialty_name: 'Medicina General' }],
        '2026-11-23',
      ),
    ).toBe('Agenda_Medicina_General_Dra_Maria_Fernanda_Nanez_20261123.xlsx');
    const long = excelFileName(
      [
        {
          doctor_name: 'Alejandro Sebastián de la Torre y Santamaría Restrepo',
          specialty_name: 'Otorrinolaringología Pediátrica',
        },
      ],
      '2026-11-23',
    );
    // 'Otorrinolaringologia' is exactly 20; the doctor is cut at 40 without a trailing '_'.
    expect(long).toBe('Agenda_Otorrinolaringologia_Alejandro_Sebastian_de_la_Torre_y_Santam_20261123.xlsx');
  });

  it('Excel for several doctors (or none) is Agenda_Diaria_{date}.xlsx', () => {
    const two = [
      { doctor_name: 'A', specialty_name: 'X' },
      { doctor_name: 'B', specialty_name: 'Y' },
    ];
    expect(excelFileName(two, '2026-11-23')).toBe('Agenda_Diaria_20261123.xlsx');
    expect(excelFileName([], '2026-11-23')).toBe('Agenda_Diaria_20261123.xlsx');
  });
});

describe('sheet names', () => {
  it('cut to 25 characters, without the characters Excel refuses, unique', () => {
    const names = sheetNames([
      'Dr. Juan Carlos Rodríguez Pérez',
      'Dr. Juan Carlos Rodríguez Pérez',
      'Ana / María [Pediatría]?',
      '***',
    ]);
    expect(names[0]).toBe('Dr. Juan Carlos Rodríguez');
    expect(names[1]).toBe('Dr. Juan Carlos Rodrí (2)');
    expect(names[2]).toBe('Ana María Pediatría');
    expect(names[3]).toBe('Doctor');
    for (const n of names) expect(n.length).toBeLessThanOrEqual(25);
  });
});
