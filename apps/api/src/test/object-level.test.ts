import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { doctors } from '../db/schema/resources';
import { users } from '../db/schema/users';
import { hashPassword } from '../lib/passwords';
import { newPatient, nextWeekday, worldFixture, type World } from '../modules/availabilities/test-factory';
import { as, loginAs, TEST_PASSWORD, type TestApp } from './helpers';

/**
 * Object-level authorization (OWASP ASVS 4.2.1, API1:2023) where data belongs to someone: a doctor's own
 * appointments and a user's own sessions. The role matrix (authz-matrix.test.ts) cannot see these.
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
  await t.app.deps.db.update(doctors).set({ userId: t.users.doctor.id }).where(eq(doctors.id, w.drA));
  await t.app.deps.db.update(doctors).set({ userId: second!.id }).where(eq(doctors.id, w.drB));
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
