import { beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { parseLocalDateTime } from '@ips/shared/format';
import { dailyQueueQuery } from '@ips/shared/schemas/appointment-booking';
import { appointments } from '../../db/schema/appointments';
import { CLINIC } from '../../lib/read-scope';
import {
  book,
  createAgenda,
  linkDoctorUser,
  newPatient,
  nextWeekday,
  TZ,
  worldFixture,
  type World,
} from '../../test/factories/world';
import { dailyQueue } from './queries';

/*
 * Cola Diaria at scale (issue 15): GET /appointments/daily-queue answers one page of the day at a time, with the
 * filters of the screen (status, search) applied on the server, the day's counters, and the next appointment to
 * attend with its place in the filtered list.
 */

const ctx = worldFixture();
let w: World;
const date = nextWeekday(2, 21);

interface Row {
  id: number;
  scheduled_at: string;
  status: string;
  patient_name: string;
  doctor_name: string;
  specialty_name: string;
}
interface Body {
  date: string;
  stats: Record<string, number>;
  total: number;
  page: number;
  limit: number | null;
  next: { id: number; scheduled_at: string; patient_name: string; position: number | null } | null;
  appointments: Row[];
}

async function get(query: string, call = () => w.c.reception) {
  const res = await call()({ method: 'GET', url: `/api/appointments/daily-queue?date=${date}&${query}` });
  return { status: res.statusCode, body: res.json().data as Body, raw: res.body };
}

/** Every page of a query, in order. */
async function allPages(query: string, limit: number) {
  const first = await get(`${query}&page=1&limit=${limit}`);
  const pages = [first.body];
  for (let p = 2; p <= Math.ceil(first.body.total / limit); p++)
    pages.push((await get(`${query}&page=${p}&limit=${limit}`)).body);
  return pages;
}

/** The day: 3 doctors, 21 appointments, several at the same time (ties broken by id), every status. */
const STATUSES = ['Confirmada', 'Pendiente', 'Completada', 'Cancelada'] as const;
let expected: { id: number; at: string; status: string; doctor: number; name: string }[] = [];

beforeAll(async () => {
  w = ctx.w;
  const agendas = {
    [w.drA]: await createAgenda(w, {
      date,
      doctor_id: w.drA,
      start_time: '07:00',
      end_time: '12:00',
      capacity: 10,
    }),
    [w.drB]: await createAgenda(w, {
      date,
      doctor_id: w.drB,
      start_time: '07:00',
      end_time: '12:00',
      capacity: 10,
    }),
    [w.drPed]: await createAgenda(w, {
      date,
      doctor_id: w.drPed,
      specialty_id: w.pediatricsId,
      start_time: '07:00',
      end_time: '12:00',
      capacity: 10,
    }),
  };
  const names = [
    'José Pérez Ñáñez',
    'Ana Gómez',
    'Luis Rincón',
    'Sofía Díaz',
    'Pedro Ortiz',
    'Marta Ruiz',
    'Iván Soto',
  ];
  let k = 0;
  // Doctor B's appointments are booked first at each time, so at a tie the lower id is not always doctor A's.
  for (const time of ['07:00', '07:30', '08:00', '08:30', '09:00', '09:30', '10:00']) {
    for (const doctor of [w.drB, w.drA, w.drPed]) {
      const name = `${names[k % names.length]!} ${'ABCDEFGHIJKLMNOPQRSTUVWXYZ'[k]}`;
      const status = STATUSES[k % STATUSES.length]!;
      const patientId = await newPatient(w, { name });
      const row = await book(w, agendas[doctor]!, time, {
        patientId,
        doctorId: doctor,
        specialtyId: doctor === w.drPed ? w.pediatricsId : w.generalId,
        status: status === 'Cancelada' || status === 'Completada' ? 'Confirmada' : status,
      });
      if (status === 'Cancelada' || status === 'Completada')
        await w.t.app.deps.db.update(appointments).set({ status }).where(eq(appointments.id, row.id));
      expected.push({ id: row.id, at: `${date} ${time}:00`, status, doctor, name });
      k++;
    }
  }
  expected = expected.sort((a, b) => (a.at === b.at ? a.id - b.id : a.at < b.at ? -1 : 1));
});

describe('GET /appointments/daily-queue: pages', () => {
  it('the pages cover every appointment of the day exactly once, in time then id order', async () => {
    const pages = await allPages('', 4);
    expect(pages).toHaveLength(6);
    for (const [i, p] of pages.entries()) {
      expect(p).toMatchObject({ page: i + 1, limit: 4, total: 21, date });
      expect(p.appointments.length).toBe(i < 5 ? 4 : 1);
    }
    const ids = pages.flatMap((p) => p.appointments.map((a) => a.id));
    expect(ids).toEqual(expected.map((e) => e.id));
    expect(new Set(ids).size).toBe(21);
    // Past the last page: no rows, the same total.
    expect((await get('page=7&limit=4')).body).toMatchObject({ total: 21, appointments: [] });
  });

  it('without page nor limit the whole day comes back, as the spec’s clients expect', async () => {
    const { status, body } = await get('');
    expect(status).toBe(200);
    expect(body).toMatchObject({ page: 1, limit: null, total: 21 });
    expect(body.appointments.map((a) => a.id)).toEqual(expected.map((e) => e.id));
    // `page` alone pages with the screen's size (25): the day fits in one page.
    expect((await get('page=1')).body).toMatchObject({ limit: 25, total: 21 });
  });

  it('the day’s counters count every status whatever the list filters', async () => {
    const count = (s: string) => expected.filter((e) => e.status === s).length;
    const day = {
      total: 21,
      pendiente: count('Pendiente'),
      confirmada: count('Confirmada'),
      completada: count('Completada'),
      cancelada: count('Cancelada'),
    };
    expect(day).toEqual({ total: 21, pendiente: 5, confirmada: 6, completada: 5, cancelada: 5 });
    expect((await get('page=1&limit=5')).body.stats).toEqual(day);
    expect((await get('page=2&limit=5&status=Cancelada&q=ana')).body.stats).toEqual(day);
    // The doctor, specialty and location filters narrow the day itself.
    const drB = expected.filter((e) => e.doctor === w.drB);
    expect((await get(`limit=5&doctor_id=${w.drB}`)).body.stats.total).toBe(drB.length);
    expect((await get(`limit=5&specialty_id=${w.pediatricsId}`)).body.stats.total).toBe(7);
  });
});

describe('GET /appointments/daily-queue: filters on the server', () => {
  it('status filters the rows and the total, across pages', async () => {
    const pages = await allPages('status=Pendiente', 2);
    const want = expected.filter((e) => e.status === 'Pendiente').map((e) => e.id);
    expect(pages[0]!.total).toBe(want.length);
    expect(pages.flatMap((p) => p.appointments.map((a) => a.id))).toEqual(want);
    expect(pages.flatMap((p) => p.appointments.map((a) => a.status))).toEqual(want.map(() => 'Pendiente'));
    // English and lower-case statuses are accepted as elsewhere; an unknown one is a Spanish 400.
    expect((await get('limit=50&status=cancelled')).body.total).toBe(5);
    const bad = await get('limit=50&status=Perdida');
    expect(bad.status).toBe(400);
    expect(bad.raw).toContain('Estado de cita inválido');
  });

  it('search finds patient (accents and case ignored), document, doctor and specialty', async () => {
    const ids = async (q: string) =>
      (await allPages(`q=${encodeURIComponent(q)}`, 3)).flatMap((p) => p.appointments.map((a) => a.id));
    const byName = (part: string) => expected.filter((e) => e.name.includes(part)).map((e) => e.id);
    expect(await ids('jose perez')).toEqual(byName('José Pérez'));
    expect(await ids('ÑAÑEZ')).toEqual(byName('Ñáñez'));
    expect(await ids('SOFIA')).toEqual(byName('Sofía'));
    expect(await ids('villamizar')).toEqual(expected.filter((e) => e.doctor === w.drB).map((e) => e.id));
    expect(await ids('pediatria')).toEqual(expected.filter((e) => e.doctor === w.drPed).map((e) => e.id));
    // Past the last page of a search: no rows, and still the number of matches.
    expect((await get('page=9&limit=3&q=villamizar')).body).toMatchObject({ total: 7, appointments: [] });
    // A wildcard is a character, not a pattern.
    expect(await ids('%')).toEqual([]);
    const [patient] = await w.t.app.deps.db
      .select({ id: appointments.id, patientId: appointments.patientId })
      .from(appointments)
      .where(inArray(appointments.id, [expected[4]!.id]));
    const detail = await w.c.admin({ method: 'GET', url: `/api/patients/${patient!.patientId}` });
    const document = detail.json().data.document as string;
    expect(await ids(document)).toEqual([expected[4]!.id]);
    // Search and status together, with the total of the match.
    const both = await get('limit=2&q=gomez&status=Pendiente');
    const want = expected.filter((e) => e.name.startsWith('Ana Gómez') && e.status === 'Pendiente');
    expect(want.length).toBeGreaterThan(0);
    expect(both.body.total).toBe(want.length);
    expect(both.body.appointments.map((a) => a.id)).toEqual(want.slice(0, 2).map((e) => e.id));
  });

  it('a doctor sees only their own day, paged', async () => {
    await linkDoctorUser(w, w.drPed, ctx.t.users.doctor.id);
    try {
      const own = expected.filter((e) => e.doctor === w.drPed).map((e) => e.id);
      const first = await get('page=1&limit=5', () => w.c.doctor);
      expect(first.body).toMatchObject({ total: own.length, stats: { total: own.length } });
      const second = await get('page=2&limit=5', () => w.c.doctor);
      expect([...first.body.appointments, ...second.body.appointments].map((a) => a.id)).toEqual(own);
      const other = await get(`page=1&limit=5&doctor_id=${w.drA}`, () => w.c.doctor);
      expect(other.body).toMatchObject({ total: 0, appointments: [], stats: { total: 0 } });
    } finally {
      await linkDoctorUser(w, w.drPed, null);
    }
  });
});

describe('GET /appointments/daily-queue: bad paging is a Spanish 400', () => {
  it.each([
    ['page=0', 'La página debe ser 1 o mayor'],
    ['page=-2', 'La página debe ser 1 o mayor'],
    ['page=dos', 'La página debe ser un número'],
    ['page=1.5', 'La página debe ser un número entero'],
    ['limit=0', 'El límite debe ser 1 o mayor'],
    ['limit=diez', 'El límite debe ser un número'],
    ['limit=2.5', 'El límite debe ser un número entero'],
    [`q=${'a'.repeat(101)}`, 'La búsqueda no puede exceder 100 caracteres'],
  ])('%s', async (query, message) => {
    const res = await get(query);
    expect(res.status).toBe(400);
    expect(JSON.parse(res.raw).message).toContain(message);
  });

  it('a limit above the cap is lowered to it, not refused', async () => {
    const res = await get('limit=100000');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ limit: 200, total: 21 });
  });
});

describe('dailyQueue: the next appointment to attend', () => {
  const at = (time: string) => parseLocalDateTime(`${date} ${time}`, TZ)!;
  const run = (query: Record<string, string>, now: Date) =>
    dailyQueue(ctx.t.app.deps, dailyQueueQuery.parse({ date, ...query }), CLINIC, now);

  it('is the earliest Confirmada not yet ended, with its place in the filtered list', async () => {
    // At 08:10 the 08:00 appointments (30 minutes) have not ended.
    const now = at('08:10');
    const want = expected.find((e) => e.status === 'Confirmada' && e.at >= `${date} 08:00:00`)!;
    const res = await run({ page: '1', limit: '5' }, now);
    expect(res.next).toEqual({
      id: want.id,
      scheduled_at: want.at,
      patient_name: want.name,
      position: expected.findIndex((e) => e.id === want.id),
    });
    // Its place among the Confirmada ones; none when the filter leaves it out.
    const confirmed = expected.filter((e) => e.status === 'Confirmada');
    expect((await run({ limit: '5', status: 'Confirmada' }, now)).next?.position).toBe(
      confirmed.findIndex((e) => e.id === want.id),
    );
    expect((await run({ limit: '5', status: 'Pendiente' }, now)).next).toMatchObject({
      id: want.id,
      position: null,
    });
    // Another day than today: no next; after the last one ends: none either.
    expect((await run({ limit: '5' }, at('12:00'))).next).toBeNull();
    expect((await run({ limit: '5', date: nextWeekday(2, 35) }, now)).next).toBeNull();
  });
});
