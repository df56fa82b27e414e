import { beforeAll, describe, expect, it } from 'vitest';
import { localDate } from '@ips/shared/format';
import { addDays } from '@ips/shared/scheduling/calendar-days';
import { book, createAgenda, nextWeekday, worldFixture, type World } from '../../test/factories/world';
import { createPatient } from '../../test/factories/patients';

/** Every read of one patient's record leaves one row; the administrator queries them (decision 020). */
const ctx = worldFixture();
let w: World;
let patientId: number;
let pregnancyId: number;
beforeAll(async () => {
  w = ctx.w;
  patientId = (await createPatient(w.c.admin, { name: 'Leída Restrepo', gender: 'Femenino' })).id;
  const today = localDate(new Date(), w.t.app.deps.config.orgTimezone);
  const preg = await w.c.admin({
    method: 'POST',
    url: '/api/pregnancies',
    payload: { patient_id: patientId, start_date: addDays(today, -60) },
  });
  expect(preg.statusCode, preg.body).toBe(201);
  pregnancyId = preg.json().data.id;
});

type Row = { patient_id: number; user_id: number; action: string; ip: string | null; request_id: string };
async function rowsOf(id: number): Promise<Row[]> {
  return w.t.app.deps.database.query<Row>(
    'select patient_id, user_id, action, ip, request_id from patient_access_log where patient_id = $1 order by id',
    [id],
  );
}

describe('the patient access log', () => {
  it('writes one row per read of one patient, with user, route, IP and request id', async () => {
    const reads = [
      ['/api/patients/:id', `/api/patients/${patientId}`],
      ['/api/patients-v2/:id', `/api/patients-v2/${patientId}`],
      ['/api/enhanced-patients/:id', `/api/enhanced-patients/${patientId}`],
      ['/api/appointments', `/api/appointments?patient_id=${patientId}`],
      ['/api/pregnancies/patient/:id/active', `/api/pregnancies/patient/${patientId}/active`],
      ['/api/pregnancies/patient/:id/history', `/api/pregnancies/patient/${patientId}/history`],
      ['/api/pregnancies/:id/controls', `/api/pregnancies/${pregnancyId}/controls`],
      ['/api/call-logs', `/api/call-logs?patient_id=${patientId}`],
    ];
    const before = (await rowsOf(patientId)).length;
    for (const [, url] of reads) {
      const res = await w.c.reception({
        method: 'GET',
        url: url!,
        headers: { 'x-request-id': 'lectura-0001' },
      });
      expect(res.statusCode, `${url} ${res.body}`).toBe(200);
    }
    const rows = (await rowsOf(patientId)).slice(before);
    expect(rows.map((r) => r.action)).toEqual(reads.map(([pattern]) => `GET ${pattern}`));
    for (const r of rows)
      expect(r).toMatchObject({
        user_id: w.t.users.reception.id,
        request_id: 'lectura-0001',
        ip: '127.0.0.1',
      });
  });

  it('lists, searches, reads of nobody and refused reads leave no row', async () => {
    const other = (await createPatient(w.c.admin, { name: 'Listada Restrepo' })).id;
    await w.c.agent({ method: 'GET', url: '/api/patients?search=restrepo' });
    await w.c.agent({ method: 'GET', url: '/api/patients/search/quicksearch?query=restrepo' });
    await w.c.agent({ method: 'GET', url: '/api/appointments' });
    expect((await w.c.agent({ method: 'GET', url: '/api/patients/987654' })).statusCode).toBe(404);
    // A doctor asking for a patient not booked with them gets 404 and reads nothing.
    expect((await w.c.doctor({ method: 'GET', url: `/api/patients/${other}` })).statusCode).toBe(404);
    expect(await rowsOf(other)).toEqual([]);
    expect(await rowsOf(987654)).toEqual([]);
  });

  it('is append-only: the database refuses to change or delete a row', async () => {
    await w.c.agent({ method: 'GET', url: `/api/patients/${patientId}` });
    await expect(w.t.app.deps.database.query('update patient_access_log set user_id = null')).rejects.toThrow(
      /solo inserción/,
    );
    await expect(w.t.app.deps.database.query('delete from patient_access_log')).rejects.toThrow(
      /solo inserción/,
    );
  });
});

describe('GET /api/patient-access-log', () => {
  let target: number;
  beforeAll(async () => {
    target = (await createPatient(w.c.admin, { name: 'Consultada Ospina' })).id;
    const agenda = await createAgenda(w, { date: nextWeekday(2, 4) });
    await book(w, agenda, '08:00', { patientId: target });
    // 3 reads by the agent, 2 by the supervisor.
    for (let i = 0; i < 3; i++) await w.c.agent({ method: 'GET', url: `/api/patients/${target}` });
    for (let i = 0; i < 2; i++)
      await w.c.supervisor({ method: 'GET', url: `/api/appointments?patient_id=${target}` });
  });
  const query = async (qs: string) => {
    const res = await w.c.admin({ method: 'GET', url: `/api/patient-access-log?${qs}` });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };

  it('filters by patient and user, newest first, paged with a total', async () => {
    const all = await query(`patient_id=${target}`);
    expect(all.total).toBe(5);
    expect(all.data[0]).toMatchObject({
      patient_id: target,
      patient_name: 'Consultada Ospina',
      user_id: w.t.users.supervisor.id,
      user_name: 'Usuario supervisor',
      user_role: 'supervisor',
      action: 'GET /api/appointments',
    });
    expect(all.data[0].at).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    const ids = all.data.map((r: { id: number }) => r.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));

    const byAgent = await query(`patient_id=${target}&user_id=${w.t.users.agent.id}`);
    expect(byAgent.total).toBe(3);
    expect(new Set(byAgent.data.map((r: { action: string }) => r.action))).toEqual(
      new Set(['GET /api/patients/:id']),
    );

    const page2 = await query(`patient_id=${target}&limit=2&page=2`);
    expect(page2).toMatchObject({ total: 5, page: 2, limit: 2 });
    expect(page2.data.map((r: { id: number }) => r.id)).toEqual(ids.slice(2, 4));
    expect((await query(`patient_id=${target}&limit=2&page=4`)).data).toEqual([]);
  });

  it('filters by a period of local days', async () => {
    const today = localDate(new Date(), w.t.app.deps.config.orgTimezone);
    expect((await query(`patient_id=${target}&from=${today}&to=${today}`)).total).toBe(5);
    expect((await query(`patient_id=${target}&to=${addDays(today, -1)}`)).total).toBe(0);
    expect((await query(`patient_id=${target}&from=${addDays(today, 1)}`)).total).toBe(0);
  });

  it('refuses bad filters with a Spanish 400', async () => {
    const bad = await w.c.admin({
      method: 'GET',
      url: '/api/patient-access-log?from=2026-05-02&to=2026-05-01',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/fecha inicial no puede ser posterior/);
    const id = await w.c.admin({ method: 'GET', url: '/api/patient-access-log?patient_id=abc' });
    expect(id.statusCode).toBe(400);
    expect(id.json().message).toMatch(/Paciente inválido/);
  });

  it('is for administrators only', async () => {
    for (const role of ['supervisor', 'agent', 'doctor', 'reception'] as const)
      expect((await w.c[role]({ method: 'GET', url: '/api/patient-access-log' })).statusCode, role).toBe(403);
  });
});
