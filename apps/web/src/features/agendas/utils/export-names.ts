import { safeFilePart } from '../../../lib/pdf/pdf-layout';

/** Spec §7 "Exports": file and sheet names of the daily agenda PDF and Excel. */

/** 'YYYY-MM-DD' → 'YYYYMMDD'. */
export const compactDate = (date: string) => date.replace(/-/g, '');

/** Agenda_Diaria_{yyyymmdd}.pdf */
export function dailyPdfFileName(date: string): string {
  return `Agenda_Diaria_${compactDate(date)}.pdf`;
}

const cut = (text: string, max: number) => safeFilePart(text).slice(0, max).replace(/_+$/, '');

/**
 * One doctor: Agenda_{specialty up to 20}_{doctor up to 40}_{date}.xlsx; several (or none):
 * Agenda_Diaria_{date}.xlsx. The date is written yyyymmdd, as in the PDF's name.
 */
export function excelFileName(
  doctors: readonly { doctor_name: string; specialty_name: string }[],
  date: string,
): string {
  if (doctors.length === 1) {
    const d = doctors[0]!;
    return `Agenda_${cut(d.specialty_name, 20)}_${cut(d.doctor_name, 40)}_${compactDate(date)}.xlsx`;
  }
  return `Agenda_Diaria_${compactDate(date)}.xlsx`;
}

export const SHEET_NAME_MAX = 25;
// Excel refuses these in a sheet name, and a name may not start or end with an apostrophe.
const FORBIDDEN = /[[\]:*?/\\]/g;

/** One sheet per doctor, named after the doctor in at most 25 characters, unique within the workbook. */
export function sheetNames(doctorNames: readonly string[]): string[] {
  const used = new Set<string>();
  return doctorNames.map((raw) => {
    const base =
      raw
        .replace(FORBIDDEN, ' ')
        .replace(/\s+/g, ' ')
        .trim()
        .replace(/^'+|'+$/g, '')
        .slice(0, SHEET_NAME_MAX)
        .trim() || 'Doctor';
    let name = base;
    for (let n = 2; used.has(name.toLowerCase()); n++) {
      const suffix = ` (${n})`;
      name = `${base.slice(0, SHEET_NAME_MAX - suffix.length).trim()}${suffix}`;
    }
    used.add(name.toLowerCase());
    return name;
  });
}
