import { beforeAll, describe, expect, it } from 'vitest';
import { users } from '../db/schema/users';
import { hashPassword } from '../lib/passwords';
import {
  book,
  createAgenda,
  linkDoctorUser,
  newPatient,
  nextWeekday,
  worldFixture,
  type World,
} from './factories/world';
import { as, loginAs, TEST_PASSWORD, type TestApp } from './helpers';

/**
 * Object-level authorization (OWASP ASVS 4.2.1, API1:2023) where data belongs to someone: a doctor's own
 * patients and appointments (decision 020) and a user's own sessions. The role matrix (authz-matrix.test.ts)
 * cannot see these.
 */
const ctx = worldFixture();
let t: TestApp;
let w: World;
let doctorA: ReturnType<typeof as>;
let doctorB: ReturnType<typeof as>;
beforeAll(async () => {
  ({ t, w } = ctx);
  // Two doctor accounts, each linked to its own doctor record.
  const [second] = await t.app.deps.db
    .insert(users)
    .values({
      name: 'Segunda Doctora',
      email: 'doctor2@test.ips.co',
      role: 'doctor',
      passwordHash: await hashPassword(TEST_PASSWORD),
    })
    .returning({ id: users.id });
  await linkDoctorUser(w, w.drA, t.users.doctor.id);
  await linkDoctorUser(w, w.drB, second!.id);
  doctorA = as(t.app, await loginAs(t.app, t.users.doctor.email));
  doctorB = as(t.app, await loginAs(t.app, 'doctor2@test.ips.co'));
});

async function bookFor(doctorId: number, date: string, time: string): Promise<number> {
  const res = await w.c.reception({
    method: 'POST',
    url: '/api/appointments',
    payload: {
      patient_id: await newPatient(w),
      location_id: w.northId,
      specialty_id: w.generalId,
      doctor_id: doctorId,
      scheduled_at: `${date} ${time}`,
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.id as number;
}

describe("a doctor's my-appointments", () => {
  it('shows each doctor only their own, whatever the query asks for', async () => {
    const date = nextWeekday(2, 3);
    const ofA = await bookFor(w.drA, date, '08:00');
    const ofB = await bookFor(w.drB, date, '08:00');
    const ids = async (call: ReturnType<typeof as>, query: string) => {
      const res = await call({
        method: 'GET',
        url: `/api/appointments/my-appointments?date=${date}${query}`,
      });
      expect(res.statusCode, res.body).toBe(200);
      return (res.json().data as { id: number; doctor_id: number }[]).map((a) => a.id);
    };
    expect(await ids(doctorA, '')).toEqual([ofA]);
    expect(await ids(doctorB, '')).toEqual([ofB]);
    // Parameters that would name another doctor are not part of this route: they are ignored.
    expect(await ids(doctorA, `&doctor_id=${w.drB}&user_id=${t.users.admin.id}`)).toEqual([ofA]);
    // Another user who is not a doctor sees nobody's.
    const admin = await t.app.inject({
      method: 'GET',
      url: `/api/appointments/my-appointments?date=${date}`,
      headers: { authorization: `Bearer ${await loginAs(t.app, t.users.admin.email)}` },
    });
    expect(admin.json()).toMatchObject({ doctor: null, data: [], total: 0 });
  });
});

describe('sessions of another user', () => {
  it("are neither listed, nor ended one by one, nor ended by 'all my other sessions'", async () => {
    const victimToken = await loginAs(t.app, t.users.reception.email);
    const victim = as(t.app, victimToken);
    const victimSession = (await victim({ method: 'GET', url: '/api/auth/me' })).json().data.session.id;
    const attacker = as(t.app, await loginAs(t.app, t.users.agent.email));

    const mine = (await attacker({ method: 'GET', url: '/api/sessions/my-sessions' })).json().data as {
      id: string;
    }[];
    expect(mine.length).toBeGreaterThan(0);
    expect(mine.map((s) => s.id)).not.toContain(victimSession);

    const end = await attacker({ method: 'DELETE', url: `/api/sessions/${victimSession}` });
    expect(end.statusCode).toBe(404);
    expect(end.json().success).toBe(false);

    const all = await attacker({ method: 'DELETE', url: '/api/sessions?exclude_current=true' });
    expect(all.statusCode).toBe(200);
    const everything = await attacker({ method: 'DELETE', url: '/api/sessions' });
    expect(everything.statusCode).toBe(200);

    // The victim is still signed in; only an administrator may end another user's sessions.
    expect((await victim({ method: 'GET', url: '/api/auth/me' })).statusCode).toBe(200);
    expect(
      (await doctorA({ method: 'DELETE', url: `/api/sessions/user/${t.users.reception.id}` })).statusCode,
    ).toBe(403);
    expect((await victim({ method: 'GET', url: '/api/auth/me' })).statusCode).toBe(200);
  });
});

describe("a doctor reads the patients and appointments of their own agendas, not the clinic's", () => {
  const day = () => nextWeekday(4, 10);
  let mine: number;
  let theirs: number;
  let nobodys: number;
  let agendaA: number;
  let agendaB: number;
  beforeAll(async () => {
    mine = await newPatient(w, { name: 'Propia Zamudio', gender: 'Femenino' });
    theirs = await newPatient(w, { name: 'Ajena Zamudio', gender: 'Femenino' });
    nobodys = await newPatient(w, { name: 'Nadie Zamudio' });
    const a = await createAgenda(w, { date: day(), doctor_id: w.drA });
    const b = await createAgenda(w, { date: day(), doctor_id: w.drB });
    agendaA = a.id;
    agendaB = b.id;
    await book(w, a, '08:00', { patientId: mine });
    await book(w, b, '08:00', { patientId: theirs, doctorId: w.drB });
  });
  const ids = (rows: { id: number }[]) => rows.map((r) => r.id);

  it('lists and searches only the patients booked with them', async () => {
    const list = await doctorA({ method: 'GET', url: '/api/patients?search=zamudio' });
    expect(list.statusCode, list.body).toBe(200);
    expect(ids(list.json().data.patients)).toEqual([mine]);
    expect(list.json()).toMatchObject({ total: 1, data: { counts: { active: 1, inactive: 0 } } });
    const v2 = await doctorB({ method: 'GET', url: '/api/patients-v2?q=zamudio' });
    expect(ids(v2.json().data.patients)).toEqual([theirs]);
    const quick = await doctorA({ method: 'GET', url: '/api/patients/search/quicksearch?query=zamudio' });
    expect(ids(quick.json().data)).toEqual([mine]);
    // The clinic-wide roles see all three.
    const all = await w.c.reception({ method: 'GET', url: '/api/patients-v2/search?q=zamudio' });
    expect(ids(all.json().data).sort()).toEqual([mine, theirs, nobodys].sort());
  });

  it('reads one of their patients; another is 404, as if it did not exist', async () => {
    expect((await doctorA({ method: 'GET', url: `/api/patients/${mine}` })).statusCode).toBe(200);
    for (const url of [
      `/api/patients/${theirs}`,
      `/api/patients-v2/${nobodys}`,
      `/api/enhanced-patients/${theirs}`,
      `/api/pregnancies/patient/${theirs}/history`,
      `/api/pregnancies/patient/${theirs}/active`,
    ]) {
      const res = await doctorA({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json().message).toBe('Paciente no encontrado');
    }
    expect((await doctorA({ method: 'GET', url: '/api/patients/987654' })).json().message).toBe(
      'Paciente no encontrado',
    );
    expect(
      (await doctorA({ method: 'GET', url: `/api/pregnancies/patient/${mine}/history` })).statusCode,
    ).toBe(200);
  });

  it('lists only their own appointments, daily queue, agendas and daily export', async () => {
    const list = await doctorA({ method: 'GET', url: `/api/appointments?date=${day()}` });
    expect(list.json().data.map((a: { patient_id: number }) => a.patient_id)).toEqual([mine]);
    for (const q of [`doctor_id=${w.drB}`, `patient_id=${theirs}`]) {
      const other = await doctorA({ method: 'GET', url: `/api/appointments?date=${day()}&${q}` });
      expect(other.json(), q).toMatchObject({ data: [], total: 0 });
    }
    const queue = await doctorA({ method: 'GET', url: `/api/appointments/daily-queue?date=${day()}` });
    expect(queue.json().data.appointments.map((a: { patient_id: number }) => a.patient_id)).toEqual([mine]);
    const asked = await doctorA({
      method: 'GET',
      url: `/api/appointments/daily-queue?date=${day()}&doctor_id=${w.drB}`,
    });
    expect(asked.json().data.stats.total).toBe(0);
    expect((await doctorA({ method: 'GET', url: `/api/availabilities/${agendaA}` })).statusCode).toBe(200);
    expect((await doctorA({ method: 'GET', url: `/api/availabilities/${agendaB}` })).statusCode).toBe(404);
    const exported = await doctorA({ method: 'GET', url: `/api/availabilities/daily-export?date=${day()}` });
    expect(exported.json().data.map((d: { doctor_id: number }) => d.doctor_id)).toEqual([w.drA]);
    // Reception sees both doctors' day.
    const clinic = await w.c.reception({ method: 'GET', url: `/api/appointments?date=${day()}` });
    expect(clinic.json().total).toBe(2);
  });

  it('a doctor user without a linked doctor record sees nothing rather than everything', async () => {
    await linkDoctorUser(w, w.drA, null);
    try {
      const list = await doctorA({ method: 'GET', url: '/api/patients?search=zamudio' });
      expect(list.json()).toMatchObject({ total: 0, data: { patients: [] } });
      expect((await doctorA({ method: 'GET', url: `/api/patients/${mine}` })).statusCode).toBe(404);
      const appts = await doctorA({ method: 'GET', url: `/api/appointments?date=${day()}` });
      expect(appts.json().total).toBe(0);
      const exported = await doctorA({
        method: 'GET',
        url: `/api/availabilities/daily-export?date=${day()}`,
      });
      expect(exported.json().data).toEqual([]);
    } finally {
      await linkDoctorUser(w, w.drA, t.users.doctor.id);
    }
  });

  it('call logs and the waiting queue are not for doctors (403)', async () => {
    for (const url of [`/api/call-logs?patient_id=${mine}`, '/api/queue', '/api/appointments/waiting-list']) {
      const res = await doctorA({ method: 'GET', url });
      expect(res.statusCode, url).toBe(403);
    }
    expect((await w.c.reception({ method: 'GET', url: '/api/call-logs' })).statusCode).toBe(200);
  });
});
