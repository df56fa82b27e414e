import type { SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import type { appointments } from '../../db/schema/appointments';
import type { World } from '../../test/factories/world';

/** Helpers for the rollup tests (not a test file itself). */

/** A Bogotá local time ('2026-03-16T08:00') as an instant. */
export const at = (local: string) => new Date(`${local}:00-05:00`);

/** A 30-minute Confirmada appointment row of Medicina General with doctor A at Sede Norte, `fields` over it. */
export const appointmentRow =
  (w: World) =>
  (patientId: number, local: string, fields: Partial<typeof appointments.$inferInsert> = {}) => ({
    patientId,
    specialtyId: w.generalId,
    doctorId: w.drA,
    locationId: w.northId,
    scheduledAt: at(local),
    endsAt: new Date(at(local).getTime() + 30 * 60_000),
    durationMinutes: 30,
    status: 'Confirmada' as const,
    ...fields,
  });

type Row = Record<string, unknown>;

/** Rows as sorted JSON lines with every value as text: a rollup and its recount compare whatever their types. */
export const norm = (rows: Row[]) =>
  rows
    .map((r) => JSON.stringify(Object.fromEntries(Object.entries(r).map(([k, v]) => [k, String(v)]))))
    .sort();

/** The normalised rows of a query on the test's database. */
export const rowsOf = (db: () => Executor) => async (q: SQL) => norm((await db().execute<Row>(q)).rows);
