import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { startOfLocalDay } from '@ips/shared/format';
import { addDays } from '@ips/shared/scheduling/calendar-days';
import type { TestApp } from '../../test/helpers';
import { newPatient, nextWeekday, TZ, worldFixture, type World } from '../../test/factories/world';
import { busyIntervals, busyOnAgendaDays, type AgendaDay, type BusyInterval } from './booking-repo';
import { inRolledBackTransaction, seededRandom } from '../../test/rolled-back';

/*
 * Smart assignment reads the busy times of a batch of candidate agendas in one query (busyOnAgendaDays). For
 * every agenda it must give what the one-agenda read (busyIntervals: the doctor or the patient, overlapping the
 * day) gives: random appointments of three doctors and two patients over three days, some cancelled, some
 * across midnight, in a transaction that is rolled back.
 */

const ctx = worldFixture();
let t: TestApp;
let w: World;
beforeAll(() => {
  ({ t, w } = ctx);
});

const key = (rows: BusyInterval[]) =>
  rows.map((r) => `${r.scheduledAt.toISOString()}–${r.endsAt.toISOString()}`).sort();

describe('busy times of several agendas in one query', () => {
  it('are, agenda by agenda, the busy times of the one-agenda read', async () => {
    const first = nextWeekday(1, 49);
    const days = [first, addDays(first, 1), addDays(first, 2)];
    const patient = await newPatient(w);
    const others = [await newPatient(w), await newPatient(w), await newPatient(w)];
    const doctors = [w.drA, w.drB, w.drPed];
    const db = t.app.deps.db;
    for (let trial = 0; trial < 5; trial++) {
      const r = seededRandom(trial + 7);
      await inRolledBackTransaction(db, async (tx) => {
        // Per doctor, appointments one after another from 22:00 the day before the first day to 02:00 after the
        // last (never overlapping for the doctor); then, in time order, some go to the patient when they do not
        // overlap the patient's previous one, the others to another patient per doctor.
        const start = startOfLocalDay(days[0]!, TZ).getTime() - 2 * 3_600_000;
        const end = startOfLocalDay(addDays(days[2]!, 1), TZ).getTime() + 2 * 3_600_000;
        const slots: { doctor: number; other: number; from: number; to: number; cancelled: boolean }[] = [];
        doctors.forEach((doctor, j) => {
          for (let m = start + r(60) * 60_000; m < end;) {
            const length = (15 + 15 * r(6)) * 60_000;
            slots.push({ doctor, other: others[j]!, from: m, to: m + length, cancelled: r(6) === 0 });
            m += length + r(8) * 15 * 60_000;
          }
        });
        slots.sort((a, b) => a.from - b.from);
        let patientFree = start;
        for (const s of slots) {
          const mine = s.from >= patientFree && r(3) === 0;
          if (mine && !s.cancelled) patientFree = s.to;
          await tx.execute(sql`
              insert into appointments (patient_id, location_id, specialty_id, doctor_id, scheduled_at, ends_at,
                duration_minutes, status)
              values (${mine ? patient : s.other}, ${w.northId}, ${w.generalId}, ${s.doctor},
                ${new Date(s.from).toISOString()}, ${new Date(s.to).toISOString()}, ${(s.to - s.from) / 60_000},
                ${s.cancelled ? 'Cancelada' : 'Confirmada'})`);
        }
        const agendaDays: AgendaDay[] = days.flatMap((day, i) =>
          doctors.map((doctorId, j) => ({
            agendaId: 100 * (i + 1) + j,
            doctorId,
            from: startOfLocalDay(day, TZ),
            to: startOfLocalDay(addDays(day, 1), TZ),
          })),
        );
        const batch = await busyOnAgendaDays(tx, agendaDays, patient);
        expect([...batch.keys()].sort()).toEqual(agendaDays.map((d) => d.agendaId).sort());
        let seen = 0;
        for (const d of agendaDays) {
          const one = await busyIntervals(tx, {
            doctorId: d.doctorId,
            patientId: patient,
            from: d.from,
            to: d.to,
          });
          seen += one.length;
          expect({ trial, agenda: d.agendaId, busy: key(batch.get(d.agendaId)!) }).toEqual({
            trial,
            agenda: d.agendaId,
            busy: key(one),
          });
        }
        expect(seen).toBeGreaterThan(20);
      });
    }
  });
});
