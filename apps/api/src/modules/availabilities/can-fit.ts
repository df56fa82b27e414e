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
 * A free grid time exists. One ordered read of the doctor's non-cancelled appointments from the first minute to
 * the agenda's end (appointments_doctor_time_idx): each one leaves a gap before it, from the latest end seen so
 * far; a closing row at the agenda's end leaves the last gap. A gap fits when its first grid start plus the
 * duration is within it.
 */
function freeGridTime(c: ClinicClock): SQL {
  const first = firstMinute(c);
  const firstAt = sql`((${a.date} + make_interval(mins => ${first})) at time zone ${c.tz})`;
  const endAt = sql`((${a.date} + ${a.endTime}) at time zone ${c.tz})`;
  const minuteOf = (ts: SQL) =>
    sql`(extract(epoch from (${ts} at time zone ${c.tz}) - ${a.date}::timestamp) / 60)`;
  const gapStart = minuteOf(sql`coalesce(g.prev_end, ${firstAt})`);
  return sql`exists (
    select 1 from (
      select t.s_at, max(t.e_at) over (order by t.s_at rows between unbounded preceding and 1 preceding) as prev_end
      from (
        select b.scheduled_at as s_at, b.ends_at as e_at
          from appointments b
         where b.doctor_id = ${a.doctorId} and b.status <> 'Cancelada'
           and b.scheduled_at < ${endAt}
           and b.scheduled_at > ${firstAt} - interval '480 minutes'
           and b.ends_at > ${firstAt}
        union all
        select ${endAt}, ${endAt}
      ) t
    ) g
    where ${first} + ceil(greatest(0, ${gapStart} - ${first}) / ${duration}) * ${duration} + ${duration}
      <= ${minuteOf(sql`g.s_at`)}
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
