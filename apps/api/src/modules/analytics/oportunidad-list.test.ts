import { beforeAll, describe, expect, it } from 'vitest';
import { appointments } from '../../db/schema/appointments';
import { newPatient, worldFixture, type World } from '../../test/factories/world';

/*
 * GET /analytics/oportunidad/appointments on a hand-made set. Medicina General → P.3.1, Pediatría → P.3.4.
 * Local days (Bogotá).
 *
 *     patient  specialty  site   requested       given      desired   in the March list?
 *  a  Ana      General    Norte  03-02 10:00     03-06      03-04     yes: first visit, 4 days
 *  b  Ana      General    Norte  03-09 10:00     03-20      —         yes: control (Ana's second this year), 11 days
 *  c  Beto     General    Sur    03-12 10:00     03-17      —         yes: first visit, 5 days
 *  d  Carla    General    Norte  03-05 10:00     03-30      —         no: Cancelada
 *  e  Dora     Pediatría  Norte  03-10 10:00     03-11      03-15     yes: first visit, 1 day
 *  f  Elsa     General    Norte  02-10 09:00     02-12      —         no: requested in February
 *  g  Fabio    General    Norte  03-15 10:00     03-10      —         no: given before it was entered (a record)
 *
 * In request order the March list is a, b, e, c (4 rows).
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
  const patient = async (name: string) => newPatient(w, { name });
  const p = {
    ana: await patient('Ana Lista'),
    beto: await patient('Beto Lista'),
    carla: await patient('Carla Lista'),
    dora: await patient('Dora Lista'),
    elsa: await patient('Elsa Lista'),
    fabio: await patient('Fabio Lista'),
  };
  const at = (local: string) => new Date(`${local}:00-05:00`);
  const rows = [
    ['a', p.ana, w.generalId, w.northId, '2026-03-02T10:00', '2026-03-06T08:00', '2026-03-04', 'Completada'],
    ['b', p.ana, w.generalId, w.northId, '2026-03-09T10:00', '2026-03-20T08:00', null, 'Confirmada'],
    ['c', p.beto, w.generalId, w.southId, '2026-03-12T10:00', '2026-03-17T09:00', null, 'Confirmada'],
    ['d', p.carla, w.generalId, w.northId, '2026-03-05T10:00', '2026-03-30T08:00', null, 'Cancelada'],
    [
      'e',
      p.dora,
      w.pediatricsId,
      w.northId,
      '2026-03-10T10:00',
      '2026-03-11T10:00',
      '2026-03-15',
      'Completada',
    ],
    ['f', p.elsa, w.generalId, w.northId, '2026-02-10T09:00', '2026-02-12T08:00', null, 'Completada'],
    ['g', p.fabio, w.generalId, w.northId, '2026-03-15T10:00', '2026-03-10T08:00', null, 'Completada'],
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

type Row = {
  id: number;
  indicator: string;
  patient_name: string;
  specialty_name: string;
  requested_on: string;
  desired_date: string | null;
  assigned_on: string;
  days: number;
  first_visit: boolean;
  corrected: boolean;
};
type Page = { data: Row[]; total: number; page: number; limit: number };
const list = async (query: string): Promise<Page> => {
  const res = await w.c.supervisor({
    method: 'GET',
    url: `/api/analytics/oportunidad/appointments?${query}`,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
const keyOf = (id: number) => Object.entries(ids).find(([, v]) => v === id)?.[0];
const p31 = async () => {
  const res = await w.c.supervisor({ method: 'GET', url: '/api/analytics/oportunidad?year=2026&month=3' });
  return res.json().indicators.find((i: { indicator: string }) => i.indicator === 'P.3.1').from_request;
};

describe('oportunidad: per-appointment list', () => {
  it('pages the period’s appointments on the server, with the three dates, the days and first visit / control', async () => {
    const first = await list('year=2026&month=3&limit=2');
    expect(first.total).toBe(4);
    expect({ page: first.page, limit: first.limit }).toEqual({ page: 1, limit: 2 });
    expect(first.data.map((r) => keyOf(r.id))).toEqual(['a', 'b']);
    expect(first.data[0]).toEqual({
      id: ids.a,
      indicator: 'P.3.1',
      patient_name: 'Ana Lista',
      patient_document: expect.any(String),
      specialty_name: 'Medicina General',
      requested_on: '2026-03-02',
      desired_date: '2026-03-04',
      assigned_on: '2026-03-06',
      days: 4,
      first_visit: true,
      corrected: false,
    });
    // b: Ana's second General appointment this year → control by default; 03-20 − 03-09 = 11 days.
    expect(first.data[1]).toMatchObject({
      first_visit: false,
      corrected: false,
      days: 11,
      desired_date: null,
    });
    const second = await list('year=2026&month=3&limit=2&page=2');
    expect(second.data.map((r) => [keyOf(r.id), r.days, r.first_visit])).toEqual([
      ['e', 1, true],
      ['c', 5, true],
    ]);
    expect((await list('year=2026&month=3&limit=2&page=3')).data).toEqual([]);
    // The semester adds f (February); g (a record) and d (cancelled) never appear.
    expect((await list('year=2026&semester=1')).data.map((r) => keyOf(r.id))).toEqual([
      'f',
      'a',
      'b',
      'e',
      'c',
    ]);
  });

  it('filters by indicator and by site, and lowers a too large limit', async () => {
    expect((await list('year=2026&month=3&indicator=P.3.4')).data.map((r) => keyOf(r.id))).toEqual(['e']);
    const south = await list(`year=2026&month=3&location_id=${w.southId}`);
    expect(south.data.map((r) => keyOf(r.id))).toEqual(['c']);
    expect(south.total).toBe(1);
    expect((await list('year=2026&month=3&limit=5000')).limit).toBe(100);
  });

  it('shows an administrator’s correction and the indicators follow it', async () => {
    // Before: a (4) + c (5) over 2 first visits.
    expect(await p31()).toEqual({ numerator: 9, denominator: 2, value: 4.5 });
    for (const [key, first_visit] of [
      ['a', false],
      ['b', true],
    ] as const) {
      const res = await w.c.admin({
        method: 'PATCH',
        url: `/api/analytics/appointments/${ids[key]}/first-visit`,
        payload: { first_visit },
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().message).toBe('Tipo de consulta actualizado');
    }
    const rows = (await list('year=2026&month=3&indicator=P.3.1')).data;
    expect(rows.map((r) => [keyOf(r.id), r.first_visit, r.corrected])).toEqual([
      ['a', false, true],
      ['b', true, true],
      ['c', true, false],
    ]);
    // After: b (11) + c (5) over 2.
    expect(await p31()).toEqual({ numerator: 16, denominator: 2, value: 8 });
  });

  it('refuses a bad indicator or page in Spanish, and roles outside Análisis', async () => {
    const bad = await w.c.admin({
      method: 'GET',
      url: '/api/analytics/oportunidad/appointments?year=2026&month=3&indicator=P.9',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('Indicador inválido');
    const page = await w.c.admin({
      method: 'GET',
      url: '/api/analytics/oportunidad/appointments?year=2026&page=0',
    });
    expect(page.statusCode).toBe(400);
    expect(page.body).toContain('La página debe ser 1 o mayor');
    const both = await w.c.admin({
      method: 'GET',
      url: '/api/analytics/oportunidad/appointments?year=2026&month=3&semester=1',
    });
    expect(both.statusCode).toBe(400);
    for (const role of ['doctor', 'agent', 'reception'] as const) {
      const res = await w.c[role]({
        method: 'GET',
        url: '/api/analytics/oportunidad/appointments?year=2026',
      });
      expect(res.statusCode, role).toBe(403);
    }
  });
});
