/**
 * Loads a clinic's year of scheduling into a PostgreSQL benchmark database that already holds the patients
 * (bench/generate-patients.ts): 300 doctors over 12 specialties and 10 sites, one agenda per doctor and working
 * day (weekdays without the Colombian holidays) from six months back to six months ahead, and 2,000,000
 * appointments of those patients.
 *
 *   npx tsx bench/generate-schedule.ts [--url=postgres://…/ips_bench] [--doctors=300] [--appointments=2000000]
 *
 * Scheduling data is replaced (TRUNCATE … CASCADE of doctors, sites, specialties, agendas, appointments and what
 * hangs off them). Agendas run 07:00–15:00 in 15-minute slots (capacity 32) and are filled evenly; every time of
 * a day is given to 300 consecutive patients, so no patient is ever booked twice at one time and the exclusion
 * constraints hold. Past appointments are Completada (one in ten Cancelada), future ones Confirmada (one in ten
 * Pendiente), and booked_slots is the Confirmada count, the invariant the API keeps. The secondary indexes and
 * exclusion constraints are dropped for the COPY and built again afterwards (checked once over sorted input),
 * then the Análisis rollups are recounted (the COPY fires no trigger), and the tables are vacuumed and analysed.
 */
import pg from 'pg';
import { addDays, isoWeekday } from '@ips/shared/scheduling/calendar-days';
import { localDate } from '@ips/shared/format';
import { copyIntoPostgres } from './lib/pg-copy';
import { DEFAULT_PG_URL, parseArgs } from './lib/target';

const args = parseArgs(process.argv.slice(2));
const URL = args.url ?? DEFAULT_PG_URL;
const DOCTORS = Number(args.doctors ?? 300);
const APPOINTMENTS = Number(args.appointments ?? 2_000_000);
const SPECIALTIES = [
  'Medicina General',
  'Pediatría',
  'Ginecología',
  'Medicina Interna',
  'Cardiología',
  'Dermatología',
  'Ortopedia',
  'Psicología',
  'Nutrición',
  'Optometría',
  'Odontología General',
  'Fisioterapia',
];
const SITES = 10;
const START = 7 * 60;
const END = 15 * 60;
const SLOT = 15;
const CAPACITY = (END - START) / SLOT;
const TZ_OFFSET = '-05:00'; // America/Bogota has no daylight saving time.

const log = (msg: string) => console.log(`[schedule] ${msg}`);
const seconds = (t0: number) => ((performance.now() - t0) / 1000).toFixed(1);
const hhmm = (m: number) =>
  `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;

async function main() {
  const t0 = performance.now();
  const client = new pg.Client({ connectionString: URL });
  await client.connect();
  try {
    const [{ n: patientCount, min: firstPatient }] = (
      await client.query<{ n: number; min: number }>('select count(*)::int n, min(id)::int min from patients')
    ).rows as [{ n: number; min: number }];
    if (patientCount < DOCTORS) throw new Error('Cargue primero los pacientes (bench/generate-patients.ts)');
    const ids =
      (
        await client.query<{ contiguous: boolean }>(
          'select max(id) - min(id) + 1 = count(*) as contiguous from patients',
        )
      ).rows[0]?.contiguous === true
        ? null
        : (await client.query<{ id: number }>('select id from patients order by id')).rows.map((r) => r.id);
    const patientAt = (k: number) => (ids ? ids[k % ids.length]! : firstPatient + (k % patientCount));

    const today = localDate(new Date(), 'America/Bogota');
    const holidays = new Set(
      (await client.query<{ d: string }>(`select to_char(date, 'YYYY-MM-DD') d from holidays`)).rows.map(
        (r) => r.d,
      ),
    );
    const days: string[] = [];
    for (let d = addDays(today, -182); d <= addDays(today, 182); d = addDays(d, 1))
      if (isoWeekday(d) <= 5 && !holidays.has(d)) days.push(d);
    const agendas = days.length * DOCTORS;
    if (APPOINTMENTS > agendas * CAPACITY) throw new Error('Más citas que cupos en el año');
    log(`${DOCTORS} doctors, ${days.length} working days, ${agendas.toLocaleString('en')} agendas`);

    let t = performance.now();
    await client.query(`truncate appointments, availabilities, doctor_specialties, doctor_locations,
      location_specialties, doctors, locations, specialties restart identity cascade`);
    await client.query(
      `insert into specialties (name, default_duration_minutes) select unnest($1::text[]), ${SLOT}`,
      [SPECIALTIES],
    );
    await client.query(
      `insert into locations (name, address) select 'Sede ' || g, 'Calle ' || (g * 10) || ' # 5-20'
         from generate_series(1, ${SITES}) g`,
    );
    await client.query(`insert into location_specialties (location_id, specialty_id)
      select l.id, s.id from locations l cross join specialties s`);
    await client.query(
      `insert into doctors (name, license_number) select 'Doctor de Prueba ' || g, 'RM-BENCH-' || g
         from generate_series(1, ${DOCTORS}) g`,
    );
    await client.query(`insert into doctor_specialties (doctor_id, specialty_id)
      select id, (id - 1) % ${SPECIALTIES.length} + 1 from doctors`);
    await client.query(`insert into doctor_locations (doctor_id, location_id)
      select id, (id - 1) % ${SITES} + 1 from doctors`);
    log(`master data: ${seconds(t)} s`);

    // The indexes and exclusion constraints, to rebuild after the COPY exactly as they were.
    const rebuild = (
      await client.query<{ drop: string; create: string }>(`
        select format('alter table %I drop constraint %I', c.conrelid::regclass, c.conname) as drop,
               format('alter table %I add constraint %I %s', c.conrelid::regclass, c.conname,
                      pg_get_constraintdef(c.oid)) as create
          from pg_constraint c
         where c.conrelid in ('appointments'::regclass, 'availabilities'::regclass) and c.contype = 'x'
        union all
        select format('drop index %I', i.indexrelid::regclass), pg_get_indexdef(i.indexrelid)
          from pg_index i
         where i.indrelid in ('appointments'::regclass, 'availabilities'::regclass) and not i.indisprimary
           and not exists (select 1 from pg_constraint c where c.conindid = i.indexrelid)`)
    ).rows;
    for (const r of rebuild) await client.query(r.drop);

    // Every agenda and its appointments, decided in one pass; agenda ids are assigned here (sequence set after).
    let made = 0;
    let patientCounter = 0;
    const agendaLines: string[] = [];
    async function* appointmentChunks(): AsyncGenerator<string> {
      let id = 0;
      for (const [dayIndex, date] of days.entries()) {
        const past = date < today;
        for (let d = 1; d <= DOCTORS; d++) {
          id += 1;
          const remaining = agendas - id + 1;
          const count = Math.min(CAPACITY, Math.round((APPOINTMENTS - made) / remaining));
          const specialty = ((d - 1) % SPECIALTIES.length) + 1;
          const site = ((d - 1) % SITES) + 1;
          let confirmed = 0;
          const lines: string[] = [];
          for (let k = 0; k < count; k++) {
            const minute = START + k * SLOT;
            // The patients of one time of day are consecutive, so none is booked twice at that time.
            const patient = patientAt(patientCounter + k * DOCTORS + (d - 1));
            const tenth = (dayIndex + d + k) % 10 === 0;
            const status = past ? (tenth ? 'Cancelada' : 'Completada') : tenth ? 'Pendiente' : 'Confirmada';
            if (status === 'Confirmada') confirmed += 1;
            const at = `${date} ${hhmm(minute)}:00${TZ_OFFSET}`;
            const ends = `${date} ${hhmm(minute + SLOT)}:00${TZ_OFFSET}`;
            lines.push(
              `${patient}\t${id}\t${site}\t${specialty}\t${d}\t${at}\t${ends}\t${SLOT}\t${status}\tPresencial\n`,
            );
          }
          made += count;
          agendaLines.push(
            `${id}\t${site}\t${specialty}\t${d}\t${date}\t${hhmm(START)}\t${hhmm(END)}\t${CAPACITY}\t${confirmed}\t${SLOT}\tActiva\n`,
          );
          yield lines.join('');
        }
        patientCounter += CAPACITY * DOCTORS;
      }
    }

    // Agendas first (the appointments reference them): generated in the same pass, so the appointments are
    // buffered per day and the agendas of all days written before them.
    t = performance.now();
    await client.query('set session_replication_role = replica'); // foreign keys: same database, known good
    const appointmentText: string[] = [];
    for await (const chunk of appointmentChunks()) appointmentText.push(chunk);
    await copyIntoPostgres(
      client,
      `copy availabilities (id, location_id, specialty_id, doctor_id, date, start_time, end_time, capacity,
         booked_slots, duration_minutes, status) from stdin`,
      (async function* () {
        for (let i = 0; i < agendaLines.length; i += 5_000) yield agendaLines.slice(i, i + 5_000).join('');
      })(),
    );
    log(`COPY availabilities: ${agendaLines.length.toLocaleString('en')} rows, ${seconds(t)} s`);
    t = performance.now();
    await copyIntoPostgres(
      client,
      `copy appointments (patient_id, availability_id, location_id, specialty_id, doctor_id, scheduled_at,
         ends_at, duration_minutes, status, appointment_type) from stdin`,
      (async function* () {
        for (let i = 0; i < appointmentText.length; i += 500)
          yield appointmentText.slice(i, i + 500).join('');
      })(),
    );
    await client.query('set session_replication_role = origin');
    await client.query(`select setval('availabilities_id_seq', (select max(id) from availabilities))`);
    log(`COPY appointments: ${made.toLocaleString('en')} rows, ${seconds(t)} s`);

    for (const r of rebuild) {
      t = performance.now();
      await client.query(r.create);
      log(`${r.create.slice(0, 70)}…: ${seconds(t)} s`);
    }
    // The COPY ran with triggers off (replica): the Análisis rollups (decision 039) are recounted in one pass.
    t = performance.now();
    await client.query(`select analytics_rollups_rebuild(coalesce(
      (select tz from analytics_rollup_settings where id = 1), 'America/Bogota'))`);
    log(`analytics rollups rebuilt: ${seconds(t)} s`);
    t = performance.now();
    await client.query('vacuum analyze availabilities');
    await client.query('vacuum analyze appointments');
    log(`vacuum analyze: ${seconds(t)} s`);
    const [check] = (
      await client.query<{ drift: number }>(`
        select count(*)::int drift from availabilities a
         where a.booked_slots <> (select count(*) from appointments p
                                   where p.availability_id = a.id and p.status = 'Confirmada')`)
    ).rows;
    log(`agendas whose booked_slots differs from their Confirmada count: ${check?.drift}`);
    log(`done: ${made.toLocaleString('en')} appointments in ${seconds(t0)} s`);
  } finally {
    await client.end();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
