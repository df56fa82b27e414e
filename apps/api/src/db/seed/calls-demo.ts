import { eq, inArray, max } from 'drizzle-orm';
import { localDate, parseLocalDateTime } from '@ips/shared/format';
import { addDays, isoWeekday } from '@ips/shared/scheduling/calendar-days';
import type { Db } from '../client';
import { calls } from '../schema/calls';
import { patients } from '../schema/patients';
import { users } from '../schema/users';

/*
 * Demo call center (demo mode only): the calls the demo agents took over the last two weeks and today until now,
 * with a morning and an early-afternoon peak, short waits for most callers, a few abandoned calls and misdials,
 * so the monitor, the dashboard's measures and the history have a real clinic's texture. Only ended calls: a
 * seeded call left "active" would look stuck after a restart. Deterministic (a seed per day); a later start adds
 * the days since the last call.
 */

const SEED = 20_261_124;
function rng(seed: number) {
  return () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
    return seed / 2 ** 31;
  };
}

/** Calls offered per hour of the day (07:00–17:00), a weekday; Saturdays get half until noon. */
const HOURLY = [3, 5, 4, 3, 2, 1, 2, 3, 2, 1] as const;

const TYPES: [type: string, weight: number, outcomes: string[]][] = [
  ['agendamiento', 40, ['Cita agendada', 'Cita agendada', 'Paciente en cola de espera']],
  ['confirmacion', 18, ['Cita confirmada']],
  ['cancelacion', 8, ['Cita cancelada a solicitud del paciente']],
  ['reprogramacion', 10, ['Cita reprogramada']],
  ['informacion', 14, ['Información entregada']],
  ['resultados', 6, ['Resultados informados', 'Se indicó retirar resultados en la sede']],
  ['queja', 2, ['Queja registrada y remitida a atención al usuario']],
  ['general', 2, ['Información entregada']],
];

/** Calendar days from `a` to `b` (b later). */
const dayCount = (a: string, b: string) => Math.round((Date.parse(b) - Date.parse(a)) / 86_400_000);

function pick<T>(random: () => number, list: readonly [T, number, ...unknown[]][]): number {
  const total = list.reduce((s, e) => s + e[1], 0);
  let r = random() * total;
  for (let i = 0; i < list.length; i++) {
    r -= list[i]![1];
    if (r < 0) return i;
  }
  return list.length - 1;
}

export async function seedCallsDemo(db: Db, orgTimezone: string, now: Date = new Date()): Promise<number> {
  const today = localDate(now, orgTimezone);
  const [existing] = await db.select({ last: max(calls.startedAt) }).from(calls);
  // A demo started again on a later day gets the days since its last call, today's until now (issue 34: a
  // monitor with no call today); on the day of its last call nothing is added, so a restart is idempotent.
  const lastDay = existing?.last ? localDate(existing.last, orgTimezone) : null;
  if (lastDay !== null && lastDay >= today) return 0;
  const firstBack = lastDay === null ? 14 : Math.min(14, dayCount(lastDay, today) - 1);
  const who = ['agente@demo.ips.co', 'supervisor@demo.ips.co', 'recepcion@demo.ips.co'];
  const agents = (
    await db
      .select({ id: users.id, name: users.name, email: users.email })
      .from(users)
      .where(inArray(users.email, who))
  ).sort((a, b) => who.indexOf(a.email) - who.indexOf(b.email));
  const callers = await db
    .select({ id: patients.id, name: patients.name, phone: patients.phone })
    .from(patients)
    .where(eq(patients.status, 'Activo'))
    .orderBy(patients.id)
    .limit(400);
  if (agents.length === 0 || callers.length === 0) return 0;
  // The agent takes most calls; the supervisor and reception help at the peaks.
  const agentOf = (r: number) => agents[r < 0.7 ? 0 : r < 0.85 ? 1 % agents.length : 2 % agents.length]!;

  const rows: (typeof calls.$inferInsert)[] = [];
  for (let back = firstBack; back >= 0; back--) {
    const day = addDays(today, -back);
    // One draw per day, so the days added at a later start are the ones a first start would have written.
    const random = rng(SEED + Date.parse(day) / 86_400_000);
    const weekday = isoWeekday(day);
    if (weekday === 7) continue;
    HOURLY.forEach((perHour, h) => {
      const hour = 7 + h;
      if (weekday === 6 && hour >= 12) return;
      const n = Math.round((weekday === 6 ? perHour / 2 : perHour) * (0.6 + random() * 0.8));
      for (let k = 0; k < n; k++) {
        const minute = Math.floor(random() * 60);
        const second = Math.floor(random() * 60);
        const local = `${day} ${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}:${String(second).padStart(2, '0')}`;
        const startedAt = parseLocalDateTime(local, orgTimezone);
        if (!startedAt) continue;
        const caller = callers[Math.floor(random() * callers.length)]!;
        const typeIndex = pick(random, TYPES);
        const [callType, , outcomes] = TYPES[typeIndex]!;
        const fate = random();
        // Waits: most answered within 20 s, some much longer; 7 % hang up waiting, 3 % are misdials.
        const answered = fate >= 0.1;
        const wait = answered
          ? Math.round(random() < 0.8 ? 3 + random() * 17 : 20 + random() * 100)
          : fate < 0.03
            ? Math.round(1 + random() * 3)
            : Math.round(15 + random() * 160);
        const handle = Math.round(90 + random() * random() * 600);
        const answeredAt = answered ? new Date(startedAt.getTime() + wait * 1000) : null;
        const endedAt = new Date(startedAt.getTime() + (answered ? wait + handle : wait) * 1000);
        if (endedAt > now) continue;
        const agent = agentOf(random());
        const urgent = random();
        rows.push({
          patientId: caller.id,
          patientName: caller.name,
          patientPhone: caller.phone ? `+57${caller.phone.replace(/\D/g, '')}` : null,
          agentUserId: answered ? agent.id : null,
          agentName: answered ? agent.name : null,
          callType,
          direction: 'inbound',
          status: 'ended',
          priority: urgent < 0.03 ? 'urgencia' : urgent < 0.12 ? 'alta' : urgent > 0.95 ? 'baja' : 'normal',
          startedAt,
          answeredAt,
          endedAt,
          outcome: answered
            ? outcomes[Math.floor(random() * outcomes.length)]!
            : wait < 5
              ? 'Colgó antes de ser atendida'
              : 'Abandonada en espera',
          createdAt: startedAt,
          updatedAt: endedAt,
        });
      }
    });
  }
  for (let i = 0; i < rows.length; i += 500) await db.insert(calls).values(rows.slice(i, i + 500));
  return rows.length;
}
