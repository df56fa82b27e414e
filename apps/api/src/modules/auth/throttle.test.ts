import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { openDatabase } from '../../db/client';
import {
  as,
  buildTestApp,
  loginAs,
  onPostgres,
  TEST_PASSWORD,
  testConfig,
  type TestApp,
} from '../../test/helpers';
import { LOGIN_THROTTLE } from './service';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t?.close());

const LOCKED = /^Demasiados intentos fallidos\. La cuenta quedó bloqueada temporalmente/;

function login(app: FastifyInstance, email: string, password: string, ip = '127.0.0.1') {
  return app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password },
    remoteAddress: ip,
  });
}

async function tally(responses: Promise<Awaited<ReturnType<typeof login>>>[]) {
  const all = await Promise.all(responses);
  const counts: Record<number, number> = {};
  for (const r of all) counts[r.statusCode] = (counts[r.statusCode] ?? 0) + 1;
  for (const r of all.filter((x) => x.statusCode === 429)) expect(r.json().message).toMatch(LOCKED);
  return counts;
}

async function failuresOf(email: string) {
  const [row] = await t.app.deps.database.query<{ n: number }>(
    'select count(*)::int as n from login_attempts where email = $1 and not success',
    [email],
  );
  return row!.n;
}

async function addUser(email: string, status: 'Activo' | 'Inactivo' = 'Activo') {
  const admin = as(t.app, await loginAs(t.app, t.users.admin.email));
  const res = await admin({
    method: 'POST',
    url: '/api/users',
    payload: { name: `Usuaria ${email}`, email, role: 'agent', status, password: TEST_PASSWORD },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.id as number;
}

describe('login lock under concurrency', () => {
  it('100 wrong passwords at once for one account: exactly 10 are checked, 90 get 429', async () => {
    const email = 'carrera1@test.ips.co';
    await addUser(email);
    const counts = await tally(Array.from({ length: 100 }, (_, i) => login(t.app, email, `mala-${i}`)));
    expect(counts).toEqual({ 401: LOGIN_THROTTLE.pairMax, 429: 100 - LOGIN_THROTTLE.pairMax });
    expect(await failuresOf(email)).toBe(LOGIN_THROTTLE.pairMax);
  });

  it('after the limit, the right password among 30 concurrent guesses never signs in', async () => {
    const email = 'carrera2@test.ips.co';
    await addUser(email);
    const first = Array.from({ length: 40 }, (_, i) => login(t.app, email, `mala-${i}`));
    expect(await tally(first)).toEqual({ 401: LOGIN_THROTTLE.pairMax, 429: 40 - LOGIN_THROTTLE.pairMax });
    const guesses = Array.from({ length: 30 }, (_, i) =>
      login(t.app, email, i === 17 ? TEST_PASSWORD : `otra-${i}`),
    );
    expect(await tally(guesses)).toEqual({ 429: 30 });
  });

  it('the right password among 30 concurrent guesses on a fresh account: at most 10 checked', async () => {
    const email = 'carrera3@test.ips.co';
    await addUser(email);
    const guesses = Array.from({ length: 30 }, (_, i) =>
      login(t.app, email, i === 29 ? TEST_PASSWORD : `otra-${i}`),
    );
    const counts = await tally(guesses);
    // The right one is checked only if it got one of the 10 slots; either way no more than 10 passwords are.
    expect((counts[401] ?? 0) + (counts[200] ?? 0)).toBeLessThanOrEqual(LOGIN_THROTTLE.pairMax);
    expect(counts[429]).toBeGreaterThanOrEqual(30 - LOGIN_THROTTLE.pairMax);
  });

  it.skipIf(!onPostgres)('holds across two API instances sharing one PostgreSQL', async () => {
    const database = await openDatabase({ databaseUrl: t.databaseUrl, dataDir: '' });
    const other = await buildApp(testConfig({ databaseUrl: t.databaseUrl }), { database });
    try {
      const email = 'carrera4@test.ips.co';
      await addUser(email);
      const counts = await tally(
        Array.from({ length: 100 }, (_, i) => login(i % 2 ? other : t.app, email, `mala-${i}`)),
      );
      expect(counts).toEqual({ 401: LOGIN_THROTTLE.pairMax, 429: 100 - LOGIN_THROTTLE.pairMax });
      const guesses = Array.from({ length: 30 }, (_, i) =>
        login(i % 2 ? other : t.app, email, i === 11 ? TEST_PASSWORD : `otra-${i}`),
      );
      expect(await tally(guesses)).toEqual({ 429: 30 });
      expect(await failuresOf(email)).toBe(LOGIN_THROTTLE.pairMax);
    } finally {
      await other.close();
    }
  });
});

describe('lock per account and address first', () => {
  it('failures from one address do not lock the account from another', async () => {
    const email = 'par1@test.ips.co';
    await addUser(email);
    for (let i = 0; i < LOGIN_THROTTLE.pairMax; i++)
      expect((await login(t.app, email, `mala-${i}`, '203.0.113.7')).statusCode).toBe(401);
    expect((await login(t.app, email, TEST_PASSWORD, '203.0.113.7')).statusCode).toBe(429);
    expect((await login(t.app, email, TEST_PASSWORD, '198.51.100.20')).statusCode).toBe(200);
    // Still locked where the failures came from.
    expect((await login(t.app, email, TEST_PASSWORD, '203.0.113.7')).statusCode).toBe(429);
  });

  it("a success clears its own address count, not the other addresses' counts", async () => {
    const email = 'par2@test.ips.co';
    await addUser(email);
    const ip = '192.0.2.44';
    const attacker = '203.0.113.50';
    for (let i = 0; i < LOGIN_THROTTLE.pairMax; i++) await login(t.app, email, `mala-${i}`, attacker);
    for (let i = 0; i < LOGIN_THROTTLE.pairMax - 1; i++) await login(t.app, email, `mala-${i}`, ip);
    expect((await login(t.app, email, TEST_PASSWORD, ip)).statusCode).toBe(200);
    for (let i = 0; i < LOGIN_THROTTLE.pairMax; i++)
      expect((await login(t.app, email, `mala-b${i}`, ip)).statusCode).toBe(401);
    expect((await login(t.app, email, TEST_PASSWORD, ip)).statusCode).toBe(429);
    // The user's success elsewhere does not lift the attacker's lock.
    expect((await login(t.app, email, TEST_PASSWORD, attacker)).statusCode).toBe(429);
  });

  it('an account-wide cap stops a spread attack, but not addresses the account signed in from', async () => {
    const email = 'cuenta1@test.ips.co';
    await addUser(email);
    const clinic = '192.0.2.10';
    expect((await login(t.app, email, TEST_PASSWORD, clinic)).statusCode).toBe(200);
    // 25 failures need at least three addresses: one alone stops at its pair limit of 10.
    const attackers = ['203.0.113.1', '203.0.113.2', '203.0.113.3'];
    let sent = 0;
    for (const ip of attackers)
      for (let i = 0; i < LOGIN_THROTTLE.pairMax && sent < LOGIN_THROTTLE.accountMax; i++, sent++)
        expect((await login(t.app, email, `mala-${sent}`, ip)).statusCode).toBe(401);
    expect(sent).toBe(LOGIN_THROTTLE.accountMax);
    // A new address is refused, even with the right password...
    const fresh = await login(t.app, email, TEST_PASSWORD, '203.0.113.99');
    expect(fresh.statusCode).toBe(429);
    expect(fresh.json().message).toMatch(LOCKED);
    // ...the clinic's address, where the account signed in lately, is not.
    expect((await login(t.app, email, TEST_PASSWORD, clinic)).statusCode).toBe(200);
  });

  it('the account-wide cap holds under concurrency from many addresses', async () => {
    const email = 'cuenta2@test.ips.co';
    await addUser(email);
    const counts = await tally(
      Array.from({ length: 100 }, (_, i) => login(t.app, email, `mala-${i}`, `198.18.0.${i % 20}`)),
    );
    expect(counts).toEqual({ 401: LOGIN_THROTTLE.accountMax, 429: 100 - LOGIN_THROTTLE.accountMax });
  });
});

describe('inactive accounts', () => {
  it('count like wrong passwords, so the right one cannot be probed past the limit', async () => {
    const email = 'inactiva@test.ips.co';
    await addUser(email, 'Inactivo');
    const ip = '192.0.2.77';
    const answers = [];
    for (let i = 0; i < LOGIN_THROTTLE.pairMax; i++)
      answers.push(await login(t.app, email, i % 2 ? TEST_PASSWORD : `mala-${i}`, ip));
    expect(new Set(answers.map((r) => `${r.statusCode} ${r.body}`)).size).toBe(1);
    expect(answers[0]!.statusCode).toBe(401);
    expect((await login(t.app, email, TEST_PASSWORD, ip)).statusCode).toBe(429);
  });
});
