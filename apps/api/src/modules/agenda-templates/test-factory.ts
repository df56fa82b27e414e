import { addDays, isoWeekday } from '@ips/shared/scheduling/calendar-days';
import type { World } from '../../test/factories/world';
import { today } from '../../test/factories/world';

/** Helpers for the agenda-template tests (not a test file itself). */

export function templatePayload(w: World, fields: Record<string, unknown> = {}) {
  return {
    name: 'Consulta mañanas',
    doctor_id: w.drA,
    specialty_id: w.generalId,
    location_id: w.northId,
    days_of_week: [1, 2, 3, 4, 5],
    time_slots: [{ start: '08:00', end: '12:00', capacity: 8 }],
    duration_minutes: 30,
    break_between_slots: 0,
    ...fields,
  };
}

export async function createTemplate(w: World, fields: Record<string, unknown> = {}) {
  const res = await w.c.admin({
    method: 'POST',
    url: '/api/agenda-templates',
    payload: templatePayload(w, fields),
  });
  if (res.statusCode !== 201) throw new Error(`createTemplate → ${res.statusCode} ${res.body}`);
  return res.json().data as { id: number; name: string } & Record<string, unknown>;
}

// Per world: test files may share one process (Vitest's isolate: false), each with its own database.
const takenOf = new WeakMap<World, Set<string>>();

/**
 * A Monday holiday of the seeded table at least `minDays` ahead with no other holiday within a week of it: the
 * range Thursday before … Wednesday after then holds exactly one holiday and one weekend. Each call of a test
 * file gets another one, so that the tests' agendas never meet.
 */
export async function lonelyMondayHoliday(w: World, minDays = 14): Promise<string> {
  const from = addDays(today(), minDays);
  const res = await w.c.admin({
    method: 'GET',
    url: `/api/holidays?start_date=${from}&end_date=${addDays(from, 900)}`,
  });
  const dates = (res.json().data as { date: string }[]).map((h) => h.date);
  let taken = takenOf.get(w);
  if (!taken) takenOf.set(w, (taken = new Set()));
  const found = dates.find(
    (d) =>
      isoWeekday(d) === 1 &&
      !taken.has(d) &&
      !dates.some((o) => o !== d && o >= addDays(d, -7) && o <= addDays(d, 7)),
  );
  if (!found) throw new Error('no lonely Monday holiday in the seeded table');
  taken.add(found);
  return found;
}
