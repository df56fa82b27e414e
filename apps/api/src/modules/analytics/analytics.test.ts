import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { appointments } from '../../db/schema/appointments';
import { municipalities, zones } from '../../db/schema/catalogs';
import { patients } from '../../db/schema/patients';
import { insertPastAgenda, newPatient, worldFixture, type World } from '../../test/factories/world';
import { locations, overview, performance, specialties } from './service';

/*
 * Every figure of Análisis on a hand-made set whose expected values are worked out here (decision 032).
 * "Now" is Friday 2026-03-20 12:00 in Bogotá (17:00Z); the 7-day window is 2026-03-14 … 2026-03-20 (local).
 *
 *  #  patient (zone, municipality)   specialty   local time          min  status      requested (local)
 *  1  P1 (Norte, Cúcuta)             General     Mon 03-16 08:00     30   Completada  03-10 10:00, wants 03-12
 *  2  P1                             General     Wed 03-18 09:00     30   Confirmada  03-16 10:00  (no-show)
 *  3  P2 (Norte, Villa del Rosario)  Pediatría   Tue 03-17 10:00     45   Completada  03-17 08:00
 *  4  P3 (Sur, Pamplona)             General     Thu 03-19 14:00     30   Cancelada   03-15, cancelled 03-18 14:00
 *  5  P3                             General     Fri 03-20 15:00     30   Confirmada  03-19 12:00  (not yet)
 *  6  P2                             General     Thu 03-05 08:00     60   Completada  03-01 (30-day window only)
 */

const NOW = new Date('2026-03-20T17:00:00Z');
const ctx = worldFixture();
let w: World;
let north: number;
let south: number;
let cucuta: number;
const ids: number[] = [];

beforeAll(async () => {
  w = ctx.w;
  const db = w.t.app.deps.db;
  [north, south] = (
    await db
      .insert(zones)
      .values([{ name: 'Zona Prueba Norte' }, { name: 'Zona Prueba Sur' }])
      .returning({ id: zones.id })
  ).map((r) => r.id) as [number, number];
  const [mc, mv, mp] = (
    await db
      .insert(municipalities)
      .values([
        { name: 'Cúcuta', zoneId: north },
        { name: 'Villa del Rosario', zoneId: north },
        { name: 'Pamplona', zoneId: south },
      ])
      .returning({ id: municipalities.id })
  ).map((r) => r.id) as [number, number, number];
  cucuta = mc;
  const patient = async (zoneId: number, municipalityId: number) => {
    const id = await newPatient(w);
    await db.update(patients).set({ zoneId, municipalityId }).where(eq(patients.id, id));
    return id;
  };
  const p1 = await patient(north, mc);
  const p2 = await patient(north, mv);
  const p3 = await patient(south, mp);
  const at = (local: string) => new Date(`${local}:00-05:00`);
  const rows = [
    [p2, w.generalId, w.drA, '2026-03-05T08:00', 60, 'Completada', '2026-03-01T09:00', null, null],
    [p1, w.generalId, w.drA, '2026-03-16T08:00', 30, 'Completada', '2026-03-10T10:00', '2026-03-12', null],
    [p1, w.generalId, w.drA, '2026-03-18T09:00', 30, 'Confirmada', '2026-03-16T10:00', null, null],
    [p2, w.pediatricsId, w.drPed, '2026-03-17T10:00', 45, 'Completada', '2026-03-17T08:00', null, null],
    [
      p3,
      w.generalId,
      w.drB,
      '2026-03-19T14:00',
      30,
      'Cancelada',
      '2026-03-15T09:00',
      null,
      '2026-03-18T14:00',
    ],
    [p3, w.generalId, w.drB, '2026-03-20T15:00', 30, 'Confirmada', '2026-03-19T12:00', null, null],
  ] as const;
  for (const [
    patientId,
    specialtyId,
    doctorId,
    time,
    minutes,
    status,
    requested,
    desired,
    cancelled,
  ] of rows) {
    const start = at(time);
    const [r] = await db
      .insert(appointments)
      .values({
        patientId,
        specialtyId,
        doctorId,
        locationId: w.northId,
        scheduledAt: start,
        endsAt: new Date(start.getTime() + minutes * 60_000),
        durationMinutes: minutes,
        status,
        createdAt: at(requested),
        desiredDate: desired,
        cancelledAt: cancelled ? at(cancelled) : null,
      })
      .returning({ id: appointments.id });
    ids.push(r!.id);
  }
  // Agendas: 3 of 8 and 1 of 4 taken in the window; a cancelled one and one before the window do not count.
  await insertPastAgenda(w, '2026-03-16', { capacity: 8, bookedSlots: 3 });
  await insertPastAgenda(w, '2026-03-19', { capacity: 4, bookedSlots: 1 });
  await insertPastAgenda(w, '2026-03-18', { capacity: 10, bookedSlots: 0, status: 'Cancelada' });
  await insertPastAgenda(w, '2026-03-10', { capacity: 6, bookedSlots: 6 });
});

describe('overview', () => {
  it('counts consultations, patients, duration and completion in the last 7 days', async () => {
    const o = await overview(w.t.app.deps, { range: '7d' }, NOW);
    expect(o.from).toBe('2026-03-14');
    expect(o.to).toBe('2026-03-20');
    // #1, #2, #3, #5 (the cancelled #4 is not a consultation; #6 is before the window).
    expect(o.totals.total_consultations).toBe(4);
    expect(o.totals.unique_patients).toBe(3);
    // Completada: #1 30 min and #3 45 min.
    expect(o.totals.avg_duration_minutes).toBe(37.5);
    // Past: #1, #2, #3 (#5 is at 15:00, after now); completed among them: #1, #3.
    expect(o.totals.completion_rate).toBeCloseTo(2 / 3, 10);
    expect(o.by_day).toHaveLength(7);
    expect(o.by_day.filter((d) => d.consultations > 0)).toEqual([
      { date: '2026-03-16', consultations: 1 },
      { date: '2026-03-17', consultations: 1 },
      { date: '2026-03-18', consultations: 1 },
      { date: '2026-03-20', consultations: 1 },
    ]);
    expect(o.by_weekday.map((d) => d.consultations)).toEqual([1, 1, 1, 0, 1, 0, 0]);
    expect(o.by_weekday[0]!.name).toBe('Lunes');
    expect(o.by_hour).toHaveLength(24);
    expect(o.by_hour.filter((h) => h.consultations > 0).map((h) => h.hour)).toEqual([8, 9, 10, 15]);
  });

  it('widens with the range and narrows with the zone and the municipality', async () => {
    const month = await overview(w.t.app.deps, { range: '30d' }, NOW);
    expect(month.totals.total_consultations).toBe(5);
    expect(month.totals.unique_patients).toBe(3);
    // #1 30, #3 45, #6 60.
    expect(month.totals.avg_duration_minutes).toBe(45);
    const zone = await overview(w.t.app.deps, { range: '7d', zone_id: north }, NOW);
    expect(zone.totals.total_consultations).toBe(3);
    expect(zone.totals.unique_patients).toBe(2);
    const town = await overview(w.t.app.deps, { range: '7d', zone_id: north, municipality_id: cucuta }, NOW);
    expect(town.totals.total_consultations).toBe(2);
    expect(town.totals.completion_rate).toBe(0.5);
    const south7 = await overview(w.t.app.deps, { range: '7d', zone_id: south }, NOW);
    // Only #5, not yet past: no completion rate rather than 0.
    expect(south7.totals.total_consultations).toBe(1);
    expect(south7.totals.completion_rate).toBeNull();
    expect(south7.totals.avg_duration_minutes).toBeNull();
  });
});

describe('locations and specialties', () => {
  it('groups by the patient zone and municipality, and the trend by month', async () => {
    const l = await locations(w.t.app.deps, { range: '7d', months: 4 }, NOW);
    expect(l.by_zone).toEqual([
      { name: 'Zona Prueba Norte', value: 3 },
      { name: 'Zona Prueba Sur', value: 1 },
    ]);
    expect(l.top_municipalities).toEqual([
      { name: 'Cúcuta', consultations: 2, zone: 'Zona Prueba Norte' },
      { name: 'Pamplona', consultations: 1, zone: 'Zona Prueba Sur' },
      { name: 'Villa del Rosario', consultations: 1, zone: 'Zona Prueba Norte' },
    ]);
    // Months December … March; only March has consultations (#6 included: the trend ignores the range).
    expect(l.trend_by_zone).toEqual([
      { month: '2026-03', zone: 'Zona Prueba Norte', consultations: 4 },
      { month: '2026-03', zone: 'Zona Prueba Sur', consultations: 1 },
    ]);
    const zoned = await locations(w.t.app.deps, { range: '7d', months: 4, zone_id: south }, NOW);
    expect(zoned.by_zone).toEqual([{ name: 'Zona Prueba Sur', value: 1 }]);
  });

  it('ranks the specialties', async () => {
    const s = await specialties(w.t.app.deps, { range: '7d' }, NOW);
    expect(s.by_specialty).toEqual([
      { name: 'Medicina General', consultations: 3 },
      { name: 'Pediatría', consultations: 1 },
    ]);
  });
});

describe('performance (Rendimiento)', () => {
  it('measures no-shows, cancellations, occupancy and days to the appointment', async () => {
    const p = await performance(w.t.app.deps, { range: '7d' }, NOW);
    expect(p.appointments).toEqual({
      scheduled: 5,
      past: 3,
      no_shows: 1,
      no_show_rate: 1 / 3,
      cancelled: 1,
      cancellation_rate: 0.2,
      // Cancelled 03-18 14:00 for 03-19 14:00.
      cancellation_lead_hours: 24,
      // (6 + 2 + 0 + 1) / 4 = 2.25 days.
      avg_days_to_appointment: 2.3,
    });
    expect(p.agendas).toEqual({ capacity: 12, booked: 4, occupancy: 4 / 12 });
    expect(p.calls).toBeNull();
  });
});

describe('three dates', () => {
  it('keeps the desired date beside the request (created_at) and the given date', async () => {
    const rows = await w.t.app.deps.db.select().from(appointments);
    const a1 = rows.find((r) => r.id === ids[1])!;
    expect(a1.desiredDate).toBe('2026-03-12');
    expect(a1.createdAt.toISOString()).toBe('2026-03-10T15:00:00.000Z');
    expect(a1.scheduledAt.toISOString()).toBe('2026-03-16T13:00:00.000Z');
    // No correction stored: the default rule decides when read (oportunidad.test.ts).
    expect(a1.firstVisit).toBeNull();
  });
});

describe('routes', () => {
  it('answers the spec shapes to a supervisor, refuses an agent and a bad range', async () => {
    const ok = await w.c.supervisor({ method: 'GET', url: '/api/analytics/overview?range=90d' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(Object.keys(ok.json().totals)).toEqual([
      'total_consultations',
      'unique_patients',
      'avg_duration_minutes',
      'completion_rate',
    ]);
    const loc = await w.c.admin({ method: 'GET', url: '/api/analytics/locations?range=7d&months=4' });
    expect(Object.keys(loc.json())).toEqual(['by_zone', 'top_municipalities', 'trend_by_zone']);
    const bad = await w.c.admin({ method: 'GET', url: '/api/analytics/overview?range=2d' });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('Rango inválido');
    const agent = await w.c.agent({ method: 'GET', url: '/api/analytics/specialties' });
    expect(agent.statusCode).toBe(403);
  });
});
