import { sql } from 'drizzle-orm';
import { createAgenda, nextWeekday, worldFixture, type AgendaDto } from '../../test/factories/world';

export const OVERLAP =
  'Conflicto de agenda: Existe un solapamiento en ese horario (doctor, paciente, sala). Ajusta fecha/hora o duración.';

/**
 * The fixture of the booking tests: a fresh app and world per test file, agendas on dates weeks apart (so two
 * tests never share a doctor's day), POST /appointments as a role, and the audit trail of one appointment.
 */
export function bookingFixture() {
  const ctx = Object.assign(worldFixture(), { week: 0 });

  return {
    ctx,
    /** Next week number, for tests that compute their own dates. */
    nextWeek: () => ++ctx.week,
    agenda: (fields: Record<string, unknown> = {}): Promise<AgendaDto> =>
      createAgenda(ctx.w, { date: nextWeekday(3, 7 * ++ctx.week), capacity: 4, ...fields }),
    post: (
      payload: Record<string, unknown>,
      headers: Record<string, string> = {},
      call = ctx.w.c.reception,
    ) => call({ method: 'POST', url: '/api/appointments', payload, headers }),
    audits: async (id: number) => {
      const res = await ctx.t.app.deps.db.execute<{ action: string }>(
        sql`select action from audit_log where table_name = 'appointments' and record_id = ${String(id)} order by id`,
      );
      return res.rows.map((r) => r.action);
    },
  };
}
