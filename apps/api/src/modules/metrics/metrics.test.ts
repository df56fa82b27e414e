import { beforeAll, describe, expect, it } from 'vitest';
import { appointments } from '../../db/schema/appointments';
import { newPatient, worldFixture, type World } from '../../test/factories/world';

/*
 * The metrics routes and their exports on a hand-made set, relative to now: yesterday Dr A completed one
 * appointment (30 min) and Dr B had one cancelled; 40 days ago Dr A had one completed (outside 30d, inside 90d).
 */

const ctx = worldFixture();
let w: World;

beforeAll(async () => {
  w = ctx.w;
  const day = 86_400_000;
  const now = Date.now();
  const rows = [
    { doctorId: w.drA, at: now - day, status: 'Completada' },
    { doctorId: w.drB, at: now - day + 3_600_000, status: 'Cancelada' },
    { doctorId: w.drA, at: now - 40 * day, status: 'Completada' },
  ];
  for (const r of rows) {
    const patientId = await newPatient(w);
    await w.t.app.deps.db.insert(appointments).values({
      patientId,
      doctorId: r.doctorId,
      specialtyId: w.generalId,
      locationId: w.northId,
      scheduledAt: new Date(r.at),
      endsAt: new Date(r.at + 30 * 60_000),
      durationMinutes: 30,
      status: r.status,
      createdAt: new Date(r.at - 2 * day),
    });
  }
});

describe('metrics', () => {
  it('answers the dashboard, patients, appointments, doctors and system figures for the period', async () => {
    const get = async (url: string) => {
      const res = await w.c.supervisor({ method: 'GET', url });
      expect(res.statusCode, res.body).toBe(200);
      return res.json();
    };
    const d = await get('/api/metrics/dashboard');
    expect(d.period).toBe('30d');
    expect(d.totals).toEqual({
      total_consultations: 1,
      unique_patients: 1,
      avg_duration_minutes: 30,
      completion_rate: 1,
    });
    expect(d.performance.appointments.cancellation_rate).toBe(0.5);
    expect((await get('/api/metrics/dashboard?period=90d')).totals.total_consultations).toBe(2);
    const p = await get('/api/metrics/patients');
    expect(p).toMatchObject({ total: 3, new_in_period: 3, attended_in_period: 1 });
    const a = await get('/api/metrics/appointments');
    expect(a.total).toBe(2);
    expect(a.by_status).toEqual([
      { status: 'Cancelada', count: 1 },
      { status: 'Completada', count: 1 },
    ]);
    expect(a.by_specialty).toEqual([{ name: 'Medicina General', consultations: 1 }]);
    const docs = await get('/api/metrics/doctors?limit=1');
    expect(docs.total).toBe(2);
    expect(docs.data).toHaveLength(1);
    const s = await get('/api/metrics/system');
    expect(s.users_total).toBeGreaterThan(0);
    expect(s.sessions_active).toBeGreaterThan(0);
  });

  it('exports CSV with its columns and a real Excel file; refuses other roles and kinds', async () => {
    const csv = await w.c.admin({ method: 'GET', url: '/api/metrics/export/doctors?period=30d' });
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('Doctor;Citas;Completadas;Canceladas;Tasa de Finalización');
    expect(lines).toHaveLength(3);
    const dash = await w.c.admin({ method: 'GET', url: '/api/metrics/export/dashboard' });
    expect(dash.body).toContain('Total Consultas;1;');
    const xlsx = await w.c.admin({ method: 'GET', url: '/api/metrics/export/appointments?format=xlsx' });
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers['content-disposition']).toContain('.xlsx');
    expect(xlsx.rawPayload.subarray(0, 2).toString()).toBe('PK');
    const ExcelJS = (await import('exceljs')).default;
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const sheet = wb.worksheets[0]!;
    expect(sheet.getRow(1).values).toEqual([undefined, 'Grupo', 'Nombre', 'Citas']);
    expect(sheet.getRow(2).values).toEqual([undefined, 'Total', 'Citas con fecha en el periodo', 2]);
    const agent = await w.c.agent({ method: 'GET', url: '/api/metrics/dashboard' });
    expect(agent.statusCode).toBe(403);
    const kind = await w.c.admin({ method: 'GET', url: '/api/metrics/export/financial-secrets' });
    expect(kind.statusCode).toBe(400);
  });
});
