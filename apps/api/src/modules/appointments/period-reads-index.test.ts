import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SQLWrapper } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { buildTestApp, type TestApp } from '../../test/helpers';
import { appointmentsPlan } from '../../test/query-plans';
import { countMatching, countPerLocalDay } from './repo';

/*
 * A period's counts by status (the Panel de Citas Médicas: GET /appointments?status&start_date&end_date with a
 * one-row page) and the calendar summary (non-cancelled appointments per day) must be answered by
 * appointments_scheduled_status_idx, with the status read from the index. With the time alone indexed they
 * visited every appointment of the period in the table: at a clinic's size (bench/schedule-reads.ts, 2,000,000
 * appointments) 511,500 rows for a quarter's Confirmada count (174 ms) and 156,750 for a month's summary
 * (166 ms). Sequential scans are switched off so that the planner shows which index it can use on this small
 * table.
 */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t?.close());

async function planOf(query: (tx: Executor) => SQLWrapper) {
  const { plan, used } = await appointmentsPlan(t.app.deps.db, query);
  expect(plan).not.toMatch(/Seq Scan on appointments/);
  expect(used).toEqual(['appointments_scheduled_status_idx']);
  return plan;
}

const from = new Date('2030-01-01T05:00:00Z');
const to = new Date('2030-04-01T05:00:00Z');

describe('period reads use appointments_scheduled_status_idx', () => {
  it('the count of a period by status has the status in the index condition', async () => {
    const plan = await planOf((tx) => countMatching(tx, { status: 'Confirmada', from, to }));
    expect(plan).toMatch(/Index Cond: .*scheduled_at >= .*status = 'Confirmada'/);
    expect(plan).not.toMatch(/Filter: .*status/);
  });

  it('the count of a period without a status', async () => {
    await planOf((tx) => countMatching(tx, { from, to }));
  });

  it('the calendar summary counts per instant before it turns instants into local days', async () => {
    const plan = await planOf((tx) => countPerLocalDay(tx, 'America/Bogota', from, to));
    expect(plan).toMatch(/Group Key: appointments\.scheduled_at\b/);
  });
});
