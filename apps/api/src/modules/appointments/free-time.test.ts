import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { localDateTime, parseLocalDateTime } from '@ips/shared/format';
import { fromMinutes, toMinutes } from '@ips/shared/scheduling/calendar-days';
import { suggestNextTime, type BusyRange } from '@ips/shared/scheduling/time-layout';
import { pgErrorCode } from '../../lib/pg-errors';
import type { TestApp } from '../../test/helpers';
import {
  createAgenda,
  newPatient,
  nextWeekday,
  TZ,
  worldFixture,
  type World,
} from '../../test/factories/world';
import { bookAppointment } from './booking-repo';
import { inRolledBackTransaction, seededRandom } from '../../test/rolled-back';

/*
 * book_appointment (migration 0013) finds the agenda's next free time in SQL, in one pass over the day's busy
 * times. It must pick what suggestNextTime (the spec §5 reference the screens use) picks from the same busy
 * times: random days of appointments of the doctor, of the patient with another doctor, and cancelled ones
 * that do not count, each tried in a transaction that is rolled back.
 */

const ctx = worldFixture();
let t: TestApp;
let w: World;
beforeAll(() => {
  ({ t, w } = ctx);
});

describe('the next free time of book_appointment', () => {
  it('is the time suggestNextTime picks, over random days', async () => {
    const date = nextWeekday(2, 35);
    const agenda = await createAgenda(w, {
      date,
      doctor_id: w.drB,
      start_time: '07:00',
      end_time: '13:00',
      capacity: 100,
    });
    const patient = await newPatient(w);
    const other = await newPatient(w);
    const db = t.app.deps.db;
    const at = (minute: number) => parseLocalDateTime(`${date} ${fromMinutes(minute)}:00`, TZ)!;
    for (let trial = 0; trial < 80; trial++) {
      const r = seededRandom(trial + 1);
      const duration = [5, 10, 15, 20, 30][r(5)]!;
      const firstMinute = toMinutes('07:00') + r(4) * duration;
      const busy: BusyRange[] = [];
      const rows: { doctor: number; patient: number; start: number; end: number; status: string }[] = [];
      // One after another from 06:30, so that no two overlap (the exclusion constraints would refuse them); mostly
      // on the 5-minute grid, so that busy times often end or start exactly where a candidate does.
      for (let m = 390 + r(30); m < 13 * 60 + 30;) {
        const length = 5 * (1 + r(9)) + (r(4) === 0 ? r(5) : 0);
        const mine = r(3) === 0;
        const cancelled = r(5) === 0;
        rows.push({
          doctor: mine ? w.drA : w.drB,
          patient: mine ? patient : other,
          start: m,
          end: m + length,
          status: cancelled ? 'Cancelada' : 'Confirmada',
        });
        if (!cancelled) busy.push({ start: m, end: m + length });
        m += length + r(4) * 5;
      }
      const expected = suggestNextTime('07:00', '13:00', duration, busy, firstMinute);
      let picked: string | null = null;
      let code: string | undefined;
      await inRolledBackTransaction(db, async (tx) => {
        for (const row of rows)
          await tx.execute(sql`
              insert into appointments (patient_id, location_id, specialty_id, doctor_id, scheduled_at, ends_at,
                duration_minutes, status)
              values (${row.patient}, ${w.northId}, ${w.generalId}, ${row.doctor}, ${at(row.start).toISOString()},
                ${at(row.end).toISOString()}, ${row.end - row.start}, ${row.status})`);
        try {
          const result = await bookAppointment(
            tx,
            { userId: null, requestId: null },
            {
              key: null,
              availabilityId: agenda.id,
              takeSlot: true,
              start: null,
              firstMinute,
              endMinute: toMinutes('13:00'),
              tz: TZ,
              patientId: patient,
              locationId: w.northId,
              specialtyId: w.generalId,
              doctorId: w.drB,
              durationMinutes: duration,
              status: 'Confirmada',
              appointmentType: 'Presencial',
              reason: null,
              notes: null,
              insuranceType: null,
              roomId: null,
              manual: false,
              appointmentsChannel: 'appointments',
              agendasChannel: 'agendas',
            },
          );
          if (result.outcome === 'ok') picked = localDateTime(result.row.scheduledAt, TZ).slice(11, 16);
        } catch (err) {
          code = pgErrorCode(err);
        }
      });
      if (expected === null) expect({ trial, code }).toEqual({ trial, code: 'IPS01' });
      else expect({ trial, picked }).toEqual({ trial, picked: expected });
    }
  });
});
