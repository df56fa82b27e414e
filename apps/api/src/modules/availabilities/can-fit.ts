import { and, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import { availabilities as a } from '../../db/schema/agendas';

/** The clinic's date, minute of the day and timezone at the moment a list is read. */
export interface ClinicClock {
  today: string;
  nowMinutes: number;
  tz: string;
}

/*
 * "Can fit" (decision 025): the agenda can take one more appointment of its own length now. It is Activa, has a
 * slot left (booked_slots < capacity) and a free time on its grid: a start t = start + k·duration, not before
 * the first minute after now when the agenda is today, with t + duration by its end, that no non-cancelled
 * appointment of the doctor overlaps (Pendiente ones hold time without a slot; appointments outside the agenda
 * count too). That is exactly where POST /appointments without a time looks (searchWindow in
 * appointments/agenda-time.ts and book_appointment, migration 0013), so an agenda listed as bookable books.
 * The patient and the room are not known here; the booking checks them.
 */

const startMinute = sql`(extract(epoch from ${a.startTime})::int / 60)`;
const endMinute = sql`(extract(epoch from ${a.endTime})::int / 60)`;
const duration = sql`${a.durationMinutes}`;

/** The first minute of the grid the booking engine tries: the start, or today the first step after now. */
function firstMinute(c: ClinicClock): SQL {
  const notBefore = sql`(case when ${a.date} = ${c.today}::date then ${c.nowMinutes + 1} else 0 end)`;
  return sql`(${startMinute} + greatest(0, ceil((${notBefore} - ${startMinute})::numeric / ${duration}))::int * ${duration})`;
}

/**
 * A free grid time exists, read from the doctor's non-cancelled appointments (appointments_doctor_time_idx).
 * They never overlap one another (the exclusion constraint appointments_doctor_overlap), so in start order each
 * leaves a gap between the end of the one before it and its own start, and the last leaves one up to the
 * agenda's end. A gap [g0, g1) fits when its first grid step, first + ⌈(g0 − first) / d⌉·d, plus d is by g1.
 * The gap after the last appointment is tried first: one step down the index, and usually the answer; only an
 * agenda whose end is taken reads its appointments from the first minute on (from 480 minutes before it in the
 * index: none is longer, appointments_duration_check). Times are whole minutes since the epoch (integer sums
 * are what keeps this cheap per row); an end is rounded up and a start down, so a stray second never makes a
 * gap look longer than it is. `offset 0` keeps k a row computed once per agenda (otherwise the planner copies
 * its expressions into every use, per appointment read).
 */
function freeGridTime(c: ClinicClock): SQL {
  const upMinute = (ts: SQL) => sql`((extract(epoch from ${ts})::bigint + 59) / 60)`;
  const downMinute = (ts: SQL) => sql`(extract(epoch from ${ts})::bigint / 60)`;
  const fits = (g0: SQL, g1: SQL) =>
    sql`((greatest(0, ${g0} - k.first_m) + ${duration} - 1) / ${duration} * ${duration} + ${duration} <= ${g1} - k.first_m)`;
  return sql`exists (
    select 1 from (
      select t.first_at, t.end_at, ${downMinute(sql`t.first_at`)} as first_m, ${downMinute(sql`t.end_at`)} as end_m
        from (select ((${a.date} + make_interval(mins => ${firstMinute(c)})) at time zone ${c.tz}) as first_at,
                     ((${a.date} + ${a.endTime}) at time zone ${c.tz}) as end_at) t
       offset 0
    ) k
    where ${fits(
      sql`coalesce((
        select ${upMinute(sql`b.ends_at`)} from appointments b
         where b.doctor_id = ${a.doctorId} and b.status <> 'Cancelada' and b.scheduled_at < k.end_at
         order by b.scheduled_at desc limit 1), k.first_m)`,
      sql`k.end_m`,
    )}
    or exists (
      select 1 from (
        select ${downMinute(sql`b.scheduled_at`)} as start_m,
               lag(${upMinute(sql`b.ends_at`)}) over (order by b.scheduled_at) as prev_end_m
          from appointments b
         where b.doctor_id = ${a.doctorId} and b.status <> 'Cancelada'
           and b.scheduled_at < k.end_at
           and b.scheduled_at > k.first_at - interval '480 minutes'
           and b.ends_at > k.first_at
      ) g
      where ${fits(sql`coalesce(g.prev_end_m, k.first_m)`, sql`g.start_m`)}
    )
  )`;
}

/**
 * The SQL condition "can fit now". The cheap tests come first and are plain columns, so the date and status
 * indexes narrow the rows before the free-time search runs for each one left.
 */
export function canFitNow(c: ClinicClock): SQL {
  return and(
    eq(a.status, 'Activa'),
    gte(a.date, c.today),
    lt(a.bookedSlots, a.capacity),
    sql`${firstMinute(c)} + ${duration} <= ${endMinute}`,
    freeGridTime(c),
  )!;
}
