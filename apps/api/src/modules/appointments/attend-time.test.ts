import { describe, expect, it } from 'vitest';
import { localDateTime } from '@ips/shared/format';
import { book, createAgenda, insertPastAgenda, TZ, worldFixture } from '../../test/factories/world';
import { attendTooEarlyMessage } from './attend-time';

/*
 * Issue 34 item 19: an appointment cannot be marked Completada earlier than its scheduled time minus the
 * tolerance of the setting `attend_early_tolerance_minutes` (default 60).
 */

const ctx = worldFixture();
const put = (id: number, payload: object) =>
  ctx.w.c.reception({ method: 'PUT', url: `/api/appointments/${id}`, payload });
const settings = (payload: object) => ctx.w.c.admin({ method: 'PUT', url: '/api/settings', payload });

const agendas = new Map<string, { id: number; date: string; doctorId: number }>();
/** A Confirmada appointment `minutes` from now (negative: in the past), each of its own doctor's agenda of the day. */
async function appointmentIn(minutes: number, doctor: 'drA' | 'drB' | 'drPed') {
  const [date, time] = localDateTime(new Date(Date.now() + minutes * 60_000), TZ).split(' ');
  const key = `${date} ${doctor}`;
  let agenda = agendas.get(key);
  if (!agenda) {
    const doctorId = ctx.w[doctor];
    const specialtyId = doctor === 'drPed' ? ctx.w.pediatricsId : ctx.w.generalId;
    const row = await insertPastAgenda(ctx.w, date!, {
      doctorId,
      specialtyId,
      startTime: '00:00',
      endTime: '23:59',
      capacity: 50,
    });
    agenda = { id: row.id, date: date!, doctorId };
    agendas.set(key, agenda);
  }
  return book(ctx.w, agenda, time!.slice(0, 5), {
    specialtyId: doctor === 'drPed' ? ctx.w.pediatricsId : ctx.w.generalId,
  });
}
const statusOf = async (id: number) =>
  (
    await ctx.t.app.deps.database.query<{ status: string }>('select status from appointments where id = $1', [
      id,
    ])
  )[0]!.status;

describe('marking an appointment attended before its time', () => {
  it('the setting exists with its default of 60 minutes and its Spanish range message', async () => {
    const res = await ctx.w.c.admin({ method: 'GET', url: '/api/settings' });
    expect(res.json().data.attend_early_tolerance_minutes).toBe(60);
    for (const bad of [-1, 1441, 2.5, '30']) {
      const refused = await settings({ attend_early_tolerance_minutes: bad });
      expect(refused.statusCode, String(bad)).toBe(400);
      expect(refused.json().errors.attend_early_tolerance_minutes).toEqual([
        'La anticipación para marcar atendida debe estar entre 0 y 1440 minutos',
      ]);
    }
  });

  it('refuses it days ahead with a clear Spanish 409, and changes nothing', async () => {
    const agenda = await createAgenda(ctx.w);
    const a = await book(ctx.w, agenda, '09:00');
    const res = await put(a.id, { status: 'Completada' });
    expect(res.statusCode, res.body).toBe(409);
    const [y, m, d] = agenda.date.split('-');
    expect(res.json().message).toBe(
      `Aún no se puede marcar atendida: la cita es el ${d}/${m}/${y} a las 09:00; se puede desde las 08:00 (60 minutos antes).`,
    );
    expect(await statusOf(a.id)).toBe('Confirmada');
  });

  it('accepts it within the tolerance and after the time; a tolerance of 0 means from its time', async () => {
    const soon = await appointmentIn(30, 'drA');
    const late = await appointmentIn(-20, 'drB');
    const early = await appointmentIn(90, 'drPed');
    expect((await put(early.id, { status: 'Completada' })).statusCode).toBe(409);
    expect((await put(soon.id, { status: 'Completada' })).json().data.status).toBe('Completada');
    expect((await put(late.id, { status: 'Completada' })).json().data.status).toBe('Completada');

    expect((await settings({ attend_early_tolerance_minutes: 0 })).statusCode).toBe(200);
    const next = await appointmentIn(200, 'drA');
    const refused = await put(next.id, { status: 'Completada' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(/; se puede desde su hora\.$/);
    expect(await statusOf(early.id)).toBe('Confirmada');
    expect((await settings({ attend_early_tolerance_minutes: 120 })).statusCode).toBe(200);
    expect((await put(early.id, { status: 'Completada' })).statusCode).toBe(200);
  });

  it('names the day when the earliest moment falls on the day before', () => {
    expect(attendTooEarlyMessage(new Date('2026-12-10T11:30:00Z'), TZ, 600)).toBe(
      'Aún no se puede marcar atendida: la cita es el 10/12/2026 a las 06:30; se puede desde el 09/12/2026 20:30 (600 minutos antes).',
    );
    expect(attendTooEarlyMessage(new Date('2026-12-10T19:30:00Z'), TZ, 1)).toContain('(1 minuto antes)');
  });
});
