import { describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { and, desc, eq } from 'drizzle-orm';
import { appointments } from '../../db/schema/appointments';
import { auditLog } from '../../db/schema/system';
import { writeAudit } from '../../lib/audit';
import type { Actor } from '../../lib/context';
import { newPatient, nextWeekday } from '../../test/factories/world';
import { bookingFixture } from './booking-test-setup';
import { auditView } from './dto';
import { inRolledBackTransaction } from '../../test/rolled-back';

/*
 * book_appointment (migration 0013) writes the appointment's 'create' audit row in SQL with jsonb_build_object,
 * a copy by hand of what writeAudit (lib/audit.ts) writes with auditView(row) (dto.ts). Guard: for each booking
 * its audit row equals the one writeAudit writes for the same appointment row (read back with Drizzle, written in
 * a transaction that is rolled back), so a field added to auditView and not to the SQL (or the other way) fails.
 */

const fixture = bookingFixture();
const { agenda, post } = fixture;

type AuditRow = typeof auditLog.$inferSelect;
type AppointmentRow = typeof appointments.$inferSelect;

/** The audit row writeAudit writes for the appointment's creation, as stored; nothing is kept. */
async function nodeAuditRow(row: AppointmentRow, actor: Actor): Promise<AuditRow> {
  let written: AuditRow | undefined;
  await inRolledBackTransaction(fixture.ctx.t.app.deps.db, async (tx) => {
    await writeAudit(tx, actor, {
      table: 'appointments',
      recordId: row.id,
      action: 'create',
      newValues: auditView(row),
    });
    [written] = await tx.select().from(auditLog).orderBy(desc(auditLog.id)).limit(1);
  });
  return written!;
}

/** Checks the 'create' audit row of the appointment the response created against writeAudit's; returns it. */
async function expectAuditAsNode(res: LightMyRequestResponse): Promise<AuditRow> {
  expect(res.statusCode, res.body).toBe(201);
  const { t } = fixture.ctx;
  const db = t.app.deps.db;
  const id = res.json().data.id as number;
  const [row] = await db.select().from(appointments).where(eq(appointments.id, id));
  const rows = await db
    .select()
    .from(auditLog)
    .where(
      and(
        eq(auditLog.tableName, 'appointments'),
        eq(auditLog.recordId, String(id)),
        eq(auditLog.action, 'create'),
      ),
    )
    .orderBy(auditLog.id);
  expect(rows).toHaveLength(1);
  const written = rows[0]!;
  expect(written).toMatchObject({
    tableName: 'appointments',
    recordId: String(id),
    action: 'create',
    oldValues: null,
    userId: t.users.reception.id,
  });
  expect(written.requestId).toEqual(expect.any(String));
  expect(written.requestId).toBe(res.headers['x-request-id']);

  const node = await nodeAuditRow(row!, { userId: t.users.reception.id, requestId: written.requestId });
  // The values first, so that a difference there is shown alone.
  expect(written.newValues).toStrictEqual(node.newValues);
  expect(written.newValues).toStrictEqual(JSON.parse(JSON.stringify(auditView(row!))));
  const { id: _sqlId, createdAt: _sqlAt, ...sqlColumns } = written;
  const { id: _nodeId, createdAt: _nodeAt, ...nodeColumns } = node;
  expect(sqlColumns).toStrictEqual(nodeColumns);
  return written;
}

describe("the audit row book_appointment writes in SQL is writeAudit's with auditView", () => {
  it('a quick booking from an agenda (Confirmada at its next free time)', async () => {
    const a = await agenda();
    const res = await post({ patient_id: await newPatient(fixture.ctx.w), availability_id: a.id });
    const written = await expectAuditAsNode(res);
    expect(written.newValues).toMatchObject({
      availability_id: a.id,
      status: 'Confirmada',
      cancellation_reason: null,
    });
  });

  it('a booking from an agenda at an asked time, and a Pendiente one', async () => {
    const a = await agenda();
    const asked = await post({
      patient_id: await newPatient(fixture.ctx.w),
      availability_id: a.id,
      scheduled_at: `${a.date} 09:30`,
      duration_minutes: 45,
      reason: 'Control',
    });
    expect(asked.json().data).toMatchObject({ scheduled_at: `${a.date} 09:30:00`, duration_minutes: 45 });
    expect((await expectAuditAsNode(asked)).newValues).toMatchObject({
      duration_minutes: 45,
      status: 'Confirmada',
    });
    const pending = await post({
      patient_id: await newPatient(fixture.ctx.w),
      availability_id: a.id,
      scheduled_at: `${a.date} 11:00`,
      status: 'Pendiente',
    });
    expect((await expectAuditAsNode(pending)).newValues).toMatchObject({ status: 'Pendiente' });
  });

  it('a standalone Pendiente appointment, without agenda', async () => {
    const { w } = fixture.ctx;
    const res = await post({
      patient_id: await newPatient(w),
      location_id: w.northId,
      specialty_id: w.pediatricsId,
      doctor_id: w.drPed,
      scheduled_at: `${nextWeekday(2, 7 * fixture.nextWeek())} 10:00`,
    });
    expect(res.json().data).toMatchObject({ status: 'Pendiente', availability_id: null });
    expect((await expectAuditAsNode(res)).newValues).toMatchObject({
      availability_id: null,
      doctor_id: w.drPed,
      status: 'Pendiente',
    });
  });
});
