import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SQLWrapper } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { buildTestApp, type TestApp } from '../../test/helpers';
import { appointmentsPlan } from '../../test/query-plans';
import { busyIntervals, overlapping } from './booking-repo';
import { doctorBusy, patientBusy } from './repo';

/*
 * The overlap reads (the conflict check, the smart assignment's busy times, the reassignment's) must be answered
 * by the exclusion constraints' GiST indexes, whose range bounds the scan by time. A condition the planner can
 * only bound from above (scheduled_at < to) reads every earlier appointment of the doctor or patient: at a
 * clinic's size (bench/schedule-reads.ts, 2,000,000 appointments) the conflict check read half the table.
 * Sequential scans are switched off so that the planner shows which index it can use on this small table.
 */
const OVERLAP_INDEXES = [
  'appointments_doctor_overlap',
  'appointments_patient_overlap',
  'appointments_room_overlap',
];

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t?.close());

/** The plan of a read: no sequential scan, and every index it uses on appointments is one bounded by the range. */
async function expectRangeBoundedScan(query: (tx: Executor) => SQLWrapper) {
  const { plan, used } = await appointmentsPlan(t.app.deps.db, query);
  expect(plan).not.toMatch(/Seq Scan on appointments/);
  expect(used.length).toBeGreaterThan(0);
  for (const index of used) expect(OVERLAP_INDEXES).toContain(index);
  expect(plan).toMatch(/Index Cond: .*tstzrange\(scheduled_at, ends_at\) &&/);
}

const from = new Date('2030-03-04T14:00:00Z');
const to = new Date('2030-03-04T14:30:00Z');

describe('overlap reads use the exclusion constraints’ GiST indexes', () => {
  it('the conflict check (doctor, patient and room)', async () => {
    await expectRangeBoundedScan((tx) =>
      overlapping(tx, { doctorId: 1, patientId: 2, roomId: 3, from, to, excludeId: 4 }),
    );
  });

  it('the busy times of an agenda’s day (doctor and patient)', async () => {
    await expectRangeBoundedScan((tx) => busyIntervals(tx, { doctorId: 1, patientId: 2, from, to }));
  });

  it('the reassignment’s busy times of a doctor and of a patient', async () => {
    await expectRangeBoundedScan((tx) => doctorBusy(tx, 1, from, to, 4));
    await expectRangeBoundedScan((tx) => patientBusy(tx, 2, from, to, 4));
  });
});
