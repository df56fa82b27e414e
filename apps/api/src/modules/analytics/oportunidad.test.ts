import { beforeAll, describe, expect, it } from 'vitest';
import { appointments } from '../../db/schema/appointments';
import { newPatient, worldFixture, type World } from '../../test/factories/world';

/*
 * The Res. 256 "oportunidad" indicators on a hand-made set (decision 032). Medicina General is mapped to P.3.1
 * and Pediatría to P.3.4 through the API. Local days (Bogotá); March 2026 has no holiday before the 23rd.
 *
 *     patient  specialty  site   requested       given           desired   status
 *  a  P1       General    Norte  Mon 03-02       Fri 03-06       03-04     first visit: 4 days, 2 from desired,
 *                                                                          4 working days (Tue–Fri)
 *  b  P1       General    Norte  Mon 03-09       Fri 03-20       —         control (P1's second this year): out
 *  c  P2       General    Sur    Thu 03-12       Tue 03-17       —         first: 5 days, 3 working (Fri, Mon, Tue)
 *  d  P3       General    Norte  Thu 03-05       Mon 03-30       —         Cancelada: out
 *  e  P4       Pediatría  Norte  Tue 03-10       Wed 03-11       03-15     first: 1 day, 0 from desired (given
 *                                                                          before the day wanted), 1 working day
 *  f  P5       General    Norte  Tue 02-10       Thu 02-12       —         first, February: trend and semester only
 */

const ctx = worldFixture();
let w: World;
const ids: Record<string, number> = {};

beforeAll(async () => {
  w = ctx.w;
  for (const [specialty_id, indicator] of [
    [w.generalId, 'P.3.1'],
    [w.pediatricsId, 'P.3.4'],
  ] as const) {
    const res = await w.c.admin({
      method: 'PUT',
      url: '/api/analytics/oportunidad/indicators',
      payload: { specialty_id, indicator },
    });
    expect(res.statusCode, res.body).toBe(200);
  }
  const [p1, p2, p3, p4, p5] = [
    await newPatient(w),
    await newPatient(w),
    await newPatient(w),
    await newPatient(w),
    await newPatient(w),
  ];
  const at = (local: string) => new Date(`${local}:00-05:00`);
  const rows = [
    ['f', p5, w.generalId, w.northId, '2026-02-10T09:00', '2026-02-12T08:00', null, 'Completada'],
    ['a', p1, w.generalId, w.northId, '2026-03-02T10:00', '2026-03-06T08:00', '2026-03-04', 'Completada'],
    ['b', p1, w.generalId, w.northId, '2026-03-09T10:00', '2026-03-20T08:00', null, 'Confirmada'],
    ['c', p2, w.generalId, w.southId, '2026-03-12T10:00', '2026-03-17T09:00', null, 'Confirmada'],
    ['d', p3, w.generalId, w.northId, '2026-03-05T10:00', '2026-03-30T08:00', null, 'Cancelada'],
    ['e', p4, w.pediatricsId, w.northId, '2026-03-10T10:00', '2026-03-11T10:00', '2026-03-15', 'Completada'],
  ] as const;
  for (const [key, patientId, specialtyId, locationId, requested, given, desired, status] of rows) {
    const start = at(given);
    const [r] = await w.t.app.deps.db
      .insert(appointments)
      .values({
        patientId,
        specialtyId,
        locationId,
        doctorId: specialtyId === w.pediatricsId ? w.drPed : w.drA,
        scheduledAt: start,
        endsAt: new Date(start.getTime() + 30 * 60_000),
        durationMinutes: 30,
        status,
        createdAt: at(requested),
        desiredDate: desired,
      })
      .returning({ id: appointments.id });
    ids[key] = r!.id;
  }
});

type Report = {
  indicators: {
    indicator: string;
    specialties: string[];
    from_request: { numerator: number; denominator: number; value: number | null };
    from_desired: { numerator: number; denominator: number; value: number | null };
    working_days: number | null;
    target_working_days: number | null;
    exceeded: boolean;
  }[];
  trend: { month: string; indicator: string; value: number | null }[];
};
const report = async (query: string): Promise<Report> => {
  const res = await w.c.supervisor({ method: 'GET', url: `/api/analytics/oportunidad?${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
const one = (r: Report, code: string) => r.indicators.find((i) => i.indicator === code)!;

describe('oportunidad', () => {
  it('computes numerator, denominator and value per indicator for a month, flags P.3.1 over 3 working days', async () => {
    const r = await report('year=2026&month=3');
    expect(r.indicators.map((i) => i.indicator)).toEqual([
      'P.3.1',
      'P.3.2',
      'P.3.3',
      'P.3.4',
      'P.3.5',
      'P.3.6',
      'P.3.7',
    ]);
    const general = one(r, 'P.3.1');
    expect(general.specialties).toEqual(['Medicina General']);
    // a (4) + c (5) over 2 first visits; b is a control, d is cancelled.
    expect(general.from_request).toEqual({ numerator: 9, denominator: 2, value: 4.5 });
    // Only a has a desired date: 03-06 − 03-04.
    expect(general.from_desired).toEqual({ numerator: 2, denominator: 1, value: 2 });
    // (4 + 3) / 2 = 3.5 working days > 3.
    expect(general.working_days).toBe(3.5);
    expect(general.target_working_days).toBe(3);
    expect(general.exceeded).toBe(true);
    const ped = one(r, 'P.3.4');
    expect(ped.from_request).toEqual({ numerator: 1, denominator: 1, value: 1 });
    expect(ped.from_desired).toEqual({ numerator: 0, denominator: 1, value: 0 });
    expect(ped.working_days).toBe(1);
    expect(ped.target_working_days).toBeNull();
    expect(ped.exceeded).toBe(false);
    expect(one(r, 'P.3.2').from_request).toEqual({ numerator: 0, denominator: 0, value: null });
    expect(r.trend).toEqual([
      { month: '2026-02', indicator: 'P.3.1', value: 2 },
      { month: '2026-03', indicator: 'P.3.1', value: 4.5 },
      { month: '2026-03', indicator: 'P.3.4', value: 1 },
    ]);
  });

  it('covers a semester and filters by site', async () => {
    const semester = one(await report('year=2026&semester=1'), 'P.3.1');
    // f (2) + a (4) + c (5).
    expect(semester.from_request).toEqual({ numerator: 11, denominator: 3, value: 3.67 });
    const north = one(await report(`year=2026&month=3&location_id=${w.northId}`), 'P.3.1');
    expect(north.from_request).toEqual({ numerator: 4, denominator: 1, value: 4 });
    expect(north.exceeded).toBe(true);
  });

  it('exports the indicators as a real Excel file and the per-appointment detail with its columns', async () => {
    const xlsx = await w.c.admin({
      method: 'GET',
      url: '/api/analytics/oportunidad/export?year=2026&month=3',
    });
    expect(xlsx.statusCode, xlsx.body).toBe(200);
    expect(xlsx.headers['content-disposition']).toContain('oportunidad-indicadores-2026-03');
    const ExcelJS = (await import('exceljs')).default;
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const sheet = wb.worksheets[0]!;
    expect(sheet.rowCount).toBe(8);
    const p31 = sheet.getRow(2).values as unknown[];
    expect(p31.slice(1, 3)).toEqual(['P.3.1', 'Medicina general']);
    expect(p31.slice(6, 9)).toEqual([9, 2, 4.5]);
    expect(p31[14]).toBe('Sí');
    const csv = await w.c.admin({
      method: 'GET',
      url: '/api/analytics/oportunidad/export?year=2026&month=3&kind=detail&format=csv',
    });
    expect(csv.statusCode, csv.body).toBe(200);
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe(
      'Indicador;Tipo de documento;Número de documento;Fecha de nacimiento;Sexo;Nombres y apellidos;Código EAPB;Fecha de solicitud;Fecha asignada;Fecha deseada',
    );
    // a, c (P.3.1) and e (P.3.4): the control b and the cancelled d are not in the file.
    expect(lines.slice(1).map((l) => l.split(';').slice(-3).join(' '))).toEqual([
      '2026-03-02 2026-03-06 2026-03-04',
      '2026-03-12 2026-03-17 ',
      '2026-03-10 2026-03-11 2026-03-15',
    ]);
    // The same detail as a streamed Excel file: a real workbook, bold header, the same cells.
    const detail = await w.c.admin({
      method: 'GET',
      url: '/api/analytics/oportunidad/export?year=2026&month=3&kind=detail&format=xlsx',
    });
    expect(detail.statusCode, detail.body).toBe(200);
    expect(detail.headers['content-disposition']).toContain('oportunidad-detalle-2026-03');
    const dwb = new ExcelJS.Workbook();
    await dwb.xlsx.load(detail.rawPayload as unknown as ArrayBuffer);
    const ds = dwb.worksheets[0]!;
    expect(ds.name).toBe('Detalle');
    expect(ds.getRow(1).font?.bold).toBe(true);
    const cells = (r: number) => (ds.getRow(r).values as unknown[]).slice(1).map((v) => String(v ?? ''));
    expect(cells(1).join(';')).toBe(lines[0]);
    expect(
      Array.from({ length: ds.rowCount - 1 }, (_, i) =>
        cells(i + 2)
          .slice(-3)
          .join(' ')
          .trim(),
      ),
    ).toEqual([
      '2026-03-02 2026-03-06 2026-03-04',
      '2026-03-12 2026-03-17',
      '2026-03-10 2026-03-11 2026-03-15',
    ]);
  });

  it('lets an administrator correct a control into a first visit, audited', async () => {
    const res = await w.c.admin({
      method: 'PATCH',
      url: `/api/analytics/appointments/${ids.b}/first-visit`,
      payload: { first_visit: true },
    });
    expect(res.statusCode, res.body).toBe(200);
    // b: 03-20 − 03-09 = 11 days.
    expect(one(await report('year=2026&month=3'), 'P.3.1').from_request).toEqual({
      numerator: 20,
      denominator: 3,
      value: 6.67,
    });
    const supervisor = await w.c.supervisor({
      method: 'PATCH',
      url: `/api/analytics/appointments/${ids.b}/first-visit`,
      payload: { first_visit: false },
    });
    expect(supervisor.statusCode).toBe(403);
    const missing = await w.c.admin({
      method: 'PATCH',
      url: '/api/analytics/appointments/999999/first-visit',
      payload: { first_visit: false },
    });
    expect(missing.statusCode).toBe(404);
  });

  it('refuses a bad period and an unknown indicator in Spanish', async () => {
    const both = await w.c.admin({
      method: 'GET',
      url: '/api/analytics/oportunidad?year=2026&month=3&semester=1',
    });
    expect(both.statusCode).toBe(400);
    expect(both.body).toContain('Indique el mes o el semestre');
    const bad = await w.c.admin({
      method: 'PUT',
      url: '/api/analytics/oportunidad/indicators',
      payload: { specialty_id: w.generalId, indicator: 'P.9.9' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('Indicador inválido');
    const list = await w.c.admin({ method: 'GET', url: '/api/analytics/oportunidad/indicators' });
    expect(list.json().data).toEqual([
      { specialty_id: w.generalId, specialty_name: 'Medicina General', indicator: 'P.3.1' },
      { specialty_id: w.pediatricsId, specialty_name: 'Pediatría', indicator: 'P.3.4' },
    ]);
  });
});
