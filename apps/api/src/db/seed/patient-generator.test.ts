import { describe, expect, it } from 'vitest';
import { createPatientBody } from '@ips/shared/schemas/patients';
import { copyLine, generatePatient, generatePatients, PATIENT_COPY_COLUMNS } from './patient-generator';

const refs = {
  municipalities: [
    { id: 10, zoneId: 1 },
    { id: 11, zoneId: 1 },
    { id: 20, zoneId: 2 },
  ],
  eps: [
    { id: 1, affiliationType: 'Ambos' },
    { id: 2, affiliationType: 'Subsidiado' },
    { id: 3, affiliationType: 'Contributivo' },
  ],
};
const snake = (k: string) => k.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

describe('patient generator (benchmark and demo rows)', () => {
  it('is deterministic: row i depends only on the seed and i', () => {
    const a = [...generatePatients(50, { seed: 42, refs })];
    const b = [...generatePatients(50, { seed: 42, refs })];
    expect(a).toEqual(b);
    // Chunks give the same rows as one run, so a loader can split the work.
    expect(generatePatient(37, { seed: 42, refs })).toEqual(a[37]);
    expect([...generatePatients(10, { seed: 42, refs }, 40)]).toEqual(a.slice(40));
    expect([...generatePatients(50, { seed: 43, refs })]).not.toEqual(a);
  });

  it('produces unique documents and rows the API itself would accept', () => {
    const rows = [...generatePatients(20_000, { seed: 1, refs })];
    expect(new Set(rows.map((r) => r.document)).size).toBe(rows.length);
    for (const r of rows.slice(0, 2000)) {
      const parsed = createPatientBody.safeParse({
        ...r,
        birth_date: r.birthDate,
        phone_alt: r.phoneAlt,
        document_type_id: r.documentTypeId,
      });
      expect(parsed.success, JSON.stringify(parsed.error?.issues)).toBe(true);
      expect(r.zoneId).toBe(refs.municipalities.find((m) => m.id === r.municipalityId)!.zoneId);
      if (r.insuranceEpsId === 2) expect(r.insuranceAffiliationType).toBe('Subsidiado');
    }
    const women = rows.filter((r) => r.gender === 'Femenino').length / rows.length;
    expect(women).toBeGreaterThan(0.45);
    expect(women).toBeLessThan(0.6);
  });

  it('writes COPY text lines in the declared column order', () => {
    const row = generatePatient(3, { seed: 9, refs });
    const cells = copyLine(row).replace(/\n$/, '').split('\t');
    expect(cells).toHaveLength(PATIENT_COPY_COLUMNS.length);
    const byColumn = Object.fromEntries(PATIENT_COPY_COLUMNS.map((c, i) => [c, cells[i]]));
    for (const [key, value] of Object.entries(row)) {
      const expected = value == null ? '\\N' : value instanceof Date ? value.toISOString() : String(value);
      expect(byColumn[snake(key)]).toBe(expected);
    }
  });
});
