import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { IDEMPOTENCY_HEADER } from '@ips/shared/schemas/appointment-booking';
import { nextWeekday } from '../test/factories/world';
import { createScratchDatabase, onPostgres } from '../test/helpers';
import { migratedDataDir } from '../test/pglite-snapshot';
import { startServer, waitForExit, type ServerProcess } from '../test/server-process';
import { openDatabase } from './client';

/**
 * Crash safety of booking (OWASP ASVS 2.3.4): bookings with an Idempotency-Key run against the real server
 * process, which is killed with SIGKILL at random moments while requests are in flight, restarted, and sent the
 * unacknowledged requests again with the same keys. Then: every acknowledged booking exists, none is
 * duplicated, and the agenda's booked_slots equals its Confirmada appointments and never exceeds capacity.
 * Short in the suite; `npm run test:crash` runs more rounds (CRASH_ROUNDS, CRASH_ATTEMPTS).
 */
const ROUNDS = Number(process.env.CRASH_ROUNDS ?? 2);
const ATTEMPTS = Number(process.env.CRASH_ATTEMPTS ?? 14);
const CAPACITY = Math.max(1, Math.floor(ATTEMPTS * 0.6));
const CONCURRENCY = 4;
const ADMIN = { email: 'caidas@ips.co', password: 'clave-de-caidas-2026' };

const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c();
});

async function targetEnv(): Promise<{ env: Record<string, string>; databaseUrl?: string; dataDir: string }> {
  const env: Record<string, string> = {
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    DEMO_MODE: 'false',
  };
  if (onPostgres) {
    const scratch = await createScratchDatabase();
    cleanups.push(scratch.drop);
    env.DATABASE_URL = scratch.url;
    return { env, databaseUrl: scratch.url, dataDir: 'memory://' };
  }
  const dir = mkdtempSync(join(tmpdir(), 'ips-caidas-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  // The run's migrated cluster: the first start skips initdb and every migration (the restarts are the test).
  await migratedDataDir(dir);
  env.DATA_DIR = dir;
  return { env, dataDir: dir };
}

type Api = (
  method: string,
  path: string,
  body?: unknown,
  headers?: Record<string, string>,
) => Promise<Response>;

function client(base: string, token?: string): Api {
  return (method, path, body, headers = {}) =>
    fetch(`${base}/api${path}`, {
      method,
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
}

async function created(api: Api, path: string, body: unknown): Promise<number> {
  const res = await api('POST', path, body);
  const text = await res.text();
  if (res.status !== 201) throw new Error(`${path} → ${res.status} ${text}`);
  return (JSON.parse(text) as { data: { id: number } }).data.id;
}

async function login(base: string): Promise<string> {
  const res = await client(base)('POST', '/auth/login', ADMIN);
  expect(res.status).toBe(200);
  return ((await res.json()) as { data: { token: string } }).data.token;
}

interface Attempt {
  key: string;
  patientId: number;
  /** The appointment id the server acknowledged (201, or 200 for a repeated key). */
  bookedId?: number;
  /** The server answered 409 (agenda full): acknowledged as not booked. */
  refused?: boolean;
}
/** 0 → 'A', 25 → 'Z', 26 → 'BA': patient names take letters only. */
const letters = (n: number): string =>
  (n >= 26 ? letters(Math.floor(n / 26)) : '') + String.fromCharCode(65 + (n % 26));
const resolved = (a: Attempt) => a.bookedId !== undefined || a.refused === true;

/**
 * Sends every unresolved attempt, CONCURRENCY at a time. With `killAfter`, the server gets SIGKILL as soon as that
 * many answers have arrived, so the requests still in flight lose their answers. Returns how many requests were
 * in flight when it died (sent, never answered).
 */
async function round(
  server: ServerProcess,
  token: string,
  availabilityId: number,
  attempts: Attempt[],
  killAfter: number | null,
  problems: string[],
): Promise<number> {
  const api = client(server.base, token);
  const queue = attempts.filter((a) => !resolved(a)).sort(() => Math.random() - 0.5);
  let answered = 0;
  let inFlight = 0;
  let killed = false;
  const kill = () => {
    if (killed) return;
    killed = true;
    server.child.kill('SIGKILL');
  };
  const worker = async () => {
    for (let a = queue.shift(); a; a = queue.shift()) {
      if (killed) continue; // not sent: still unacknowledged, retried on the next server
      let res: Response;
      let text: string;
      try {
        res = await api(
          'POST',
          '/appointments',
          { patient_id: a.patientId, availability_id: availabilityId, reason: 'Prueba de caídas' },
          { [IDEMPOTENCY_HEADER]: a.key },
        );
        text = await res.text();
      } catch {
        inFlight++; // connection reset by the kill: no answer, so not acknowledged
        continue;
      }
      answered++;
      if (res.status === 201 || res.status === 200) {
        const id = (JSON.parse(text) as { data: { id: number } }).data.id;
        if (a.bookedId !== undefined && a.bookedId !== id)
          problems.push(`la clave ${a.key} respondió ${a.bookedId} y luego ${id}`);
        a.bookedId = id;
      } else if (res.status === 409) {
        a.refused = true;
      } else {
        problems.push(`la clave ${a.key} → ${res.status} ${text}`);
        a.refused = true;
      }
      if (killAfter !== null && answered >= killAfter) kill();
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  if (killAfter !== null) {
    kill();
    await waitForExit(server.child);
  }
  return inFlight;
}

describe(`bookings survive kill -9 on ${onPostgres ? 'PostgreSQL' : 'PGlite'}`, () => {
  it(
    `${ATTEMPTS} idempotent bookings for ${CAPACITY} places, ${ROUNDS} kills at random moments`,
    async () => {
      const target = await targetEnv();
      const start = async () => {
        const s = await startServer(target.env);
        cleanups.push(() => void s.child.kill('SIGKILL'));
        return s;
      };

      // Master data, an agenda and the patients, on a first server that is then killed too.
      let server = await start();
      const token = await login(server.base);
      const api = client(server.base, token);
      const specialty = await created(api, '/specialties', { name: 'Medicina General' });
      const location = await created(api, '/locations', { name: 'Sede Caídas', specialty_ids: [specialty] });
      const doctor = await created(api, '/doctors', {
        name: 'Doctor de Caídas',
        license_number: 'RM-9001',
        specialty_ids: [specialty],
        location_ids: [location],
      });
      const agendaId = await created(api, '/availabilities', {
        location_id: location,
        specialty_id: specialty,
        doctor_id: doctor,
        date: nextWeekday(3),
        start_time: '07:00',
        end_time: '18:00',
        capacity: CAPACITY,
        duration_minutes: 15,
      });
      const attempts: Attempt[] = [];
      for (let i = 0; i < ATTEMPTS; i++) {
        const patientId = await created(api, '/patients', {
          document: String(80_000_000 + i),
          name: `Paciente Caída ${letters(i)}`,
          phone: '3001234567',
        });
        attempts.push({ key: `caida-${randomUUID()}`, patientId });
      }

      const problems: string[] = [];
      let cutOff = 0;
      // A kill can land when no request happens to be in flight: then more rounds (at most 3) until one cuts.
      for (let r = 0; r < ROUNDS || (ROUNDS > 0 && cutOff === 0 && r < ROUNDS + 3); r++) {
        const open = attempts.filter((a) => !resolved(a)).length;
        if (open === 0) break;
        // A random moment: after 1 … open-1 answers, while the other workers' requests are in flight.
        const killAfter = 1 + Math.floor(Math.random() * Math.max(1, open - 1));
        if (r > 0) server = await start();
        cutOff += await round(server, token, agendaId, attempts, killAfter, problems);
      }
      // Last run without a kill: every unacknowledged request is retried with its key until it has an answer.
      server = await start();
      await round(server, token, agendaId, attempts, null, problems);
      expect(problems).toEqual([]);
      expect(attempts.every(resolved)).toBe(true);
      // The kills must actually have cut requests off (each comes while the other workers wait for answers).
      if (ROUNDS > 0) expect(cutOff).toBeGreaterThan(0);
      server.child.kill('SIGTERM');
      expect(await waitForExit(server.child)).toBe(0);

      // Read the database directly, with the server stopped.
      const database = await openDatabase({ databaseUrl: target.databaseUrl, dataDir: target.dataDir });
      try {
        const rows = await database.query<{
          id: number;
          patient_id: number;
          idempotency_key: string | null;
          status: string;
        }>('select id, patient_id, idempotency_key, status from appointments where availability_id = $1', [
          agendaId,
        ]);
        const [agenda] = await database.query<{ booked_slots: number; capacity: number }>(
          'select booked_slots, capacity from availabilities where id = $1',
          [agendaId],
        );
        const byId = new Map(rows.map((r) => [Number(r.id), r]));
        for (const a of attempts.filter((x) => x.bookedId !== undefined)) {
          const row = byId.get(a.bookedId!);
          expect(row, `cita reconocida ${a.bookedId} (${a.key})`).toBeDefined();
          expect(row!.idempotency_key).toBe(a.key);
          expect(Number(row!.patient_id)).toBe(a.patientId);
        }
        // No duplicates: one appointment per key and per patient; refused keys left nothing behind.
        const keys = rows.map((r) => r.idempotency_key);
        expect(new Set(keys).size).toBe(keys.length);
        const patients = rows.map((r) => Number(r.patient_id));
        expect(new Set(patients).size).toBe(patients.length);
        const refusedKeys = new Set(attempts.filter((a) => a.refused).map((a) => a.key));
        expect(rows.filter((r) => refusedKeys.has(r.idempotency_key ?? ''))).toEqual([]);
        expect(rows).toHaveLength(attempts.filter((a) => a.bookedId !== undefined).length);
        // Capacity: the counter matches the Confirmada rows, is full (more attempts than places) and never over.
        const confirmed = rows.filter((r) => r.status === 'Confirmada').length;
        expect(Number(agenda!.booked_slots)).toBe(confirmed);
        expect(confirmed).toBe(Math.min(CAPACITY, ATTEMPTS));
        expect(Number(agenda!.booked_slots)).toBeLessThanOrEqual(Number(agenda!.capacity));
        // The probe's figures, quoted in the README's security section.
        const acknowledged = attempts.filter((a) => a.bookedId !== undefined).length;
        const lost = attempts.filter((a) => a.bookedId !== undefined && !byId.has(a.bookedId)).length;
        console.log(
          `caídas (${onPostgres ? 'PostgreSQL' : 'PGlite'}): ${ROUNDS} kill -9, ${cutOff} solicitudes cortadas, ` +
            `${acknowledged} reservas reconocidas, ${lost} perdidas, ` +
            `${Math.max(0, confirmed - Number(agenda!.capacity))} cupos sobrepasados`,
        );
      } finally {
        await database.close();
      }
    },
    120_000 + ROUNDS * 45_000,
  );
});
