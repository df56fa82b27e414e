import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { addDays } from '@ips/shared/scheduling/calendar-days';
import type { TestApp } from '../../test/helpers';
import { runScheduledAutoCancel } from './auto-cancel';
import {
  book,
  bookedSlots,
  createAgenda,
  insertPastAgenda,
  nextWeekday,
  today,
  worldFixture,
  type World,
} from '../../test/factories/world';

const ctx = worldFixture();
let t: TestApp;
let w: World;
beforeAll(() => {
  ({ t, w } = ctx);
});

const setSetting = (key: string, value: unknown) =>
  t.app.deps.db.execute(sql`update settings set value = ${JSON.stringify(value)}::jsonb where key = ${key}`);
const ago = (n: number) => addDays(today(), -n);
const statusOf = async (id: number) =>
  (
    (await t.app.deps.db.execute(sql`select status from availabilities where id = ${id}`)).rows[0] as {
      status: string;
    }
  ).status;
const appointmentsOf = async (id: number) =>
  (await w.c.admin({ method: 'GET', url: `/api/appointments?availability_id=${id}` })).json().data as {
    id: number;
    status: string;
    cancellation_reason: string | null;
  }[];

describe('expired agendas (spec §4 auto-cancel)', () => {
  it('lists agendas of past days that are neither Cancelada nor Completa', async () => {
    const open = await insertPastAgenda(w, ago(3));
    await insertPastAgenda(w, ago(4), { status: 'Completa' });
    await insertPastAgenda(w, ago(5), { status: 'Cancelada' });
    const future = await createAgenda(w, { date: nextWeekday(1, 3) });
    const res = await w.c.agent({ method: 'GET', url: '/api/availabilities/expired' });
    expect(res.statusCode).toBe(200);
    const ids = res.json().data.map((a: { id: number }) => a.id);
    expect(ids).toContain(open.id);
    expect(ids).not.toContain(future.id);
    expect(res.json().data.every((a: { status: string }) => a.status === 'Activa')).toBe(true);
    expect(res.json().settings).toEqual({
      auto_cancel_without_confirmation: false,
      auto_cancel_also_appointments_default: true,
    });
    const day = await w.c.agent({ method: 'GET', url: `/api/availabilities/expired?date=${ago(3)}` });
    expect(day.json().data.map((a: { id: number }) => a.id)).toEqual([open.id]);
    expect(
      (await w.c.agent({ method: 'GET', url: `/api/availabilities/expired?date=${today()}` })).json().data,
    ).toEqual([]);
  });

  it("cancels them and their appointments still to happen with 'Disponibilidad vencida', releasing slots", async () => {
    const agenda = await insertPastAgenda(w, ago(6));
    const dto = { id: agenda.id, date: agenda.date };
    const confirmed = await book(w, dto, '08:00');
    const pending = await book(w, dto, '08:30', { status: 'Pendiente' });
    const done = await book(w, dto, '09:00', { status: 'Completada' });
    expect(await bookedSlots(w, agenda.id)).toBe(1);
    const future = await createAgenda(w, { date: nextWeekday(2, 3) });
    const res = await w.c.supervisor({
      method: 'POST',
      url: '/api/availabilities/auto-cancel',
      payload: { availability_ids: [agenda.id, future.id], also_appointments: true },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      message: 'Auto-cancelación completada: 1 agenda(s) canceladas',
      data: {
        cancelled: 1,
        appointments_cancelled: 2,
        availability_ids: [agenda.id],
        skipped_ids: [future.id],
      },
    });
    expect(await statusOf(agenda.id)).toBe('Cancelada');
    expect(await statusOf(future.id)).toBe('Activa');
    expect(await bookedSlots(w, agenda.id)).toBe(0);
    const byId = new Map((await appointmentsOf(agenda.id)).map((a) => [a.id, a]));
    for (const id of [confirmed.id, pending.id])
      expect(byId.get(id)).toMatchObject({
        status: 'Cancelada',
        cancellation_reason: 'Disponibilidad vencida',
      });
    expect(byId.get(done.id)!.status).toBe('Completada');
  });

  it('leaves the appointments alone when asked, and takes the default from the settings', async () => {
    const a = await insertPastAgenda(w, ago(7));
    const appt = await book(w, { id: a.id, date: a.date }, '10:00');
    await w.c.admin({
      method: 'POST',
      url: '/api/availabilities/auto-cancel',
      payload: { availability_ids: [a.id], also_appointments: false },
    });
    expect(await statusOf(a.id)).toBe('Cancelada');
    expect((await appointmentsOf(a.id))[0]).toMatchObject({ id: appt.id, status: 'Confirmada' });
    expect(await bookedSlots(w, a.id)).toBe(1);

    await setSetting('auto_cancel_also_appointments_default', false);
    try {
      const b = await insertPastAgenda(w, ago(8));
      await book(w, { id: b.id, date: b.date }, '10:00');
      await w.c.admin({
        method: 'POST',
        url: '/api/availabilities/auto-cancel',
        payload: { availability_ids: [b.id] },
      });
      expect((await appointmentsOf(b.id))[0]!.status).toBe('Confirmada');
    } finally {
      await setSetting('auto_cancel_also_appointments_default', true);
    }
  });

  it('keeps a log and answers its latest 20', async () => {
    const ids: number[] = [];
    for (let i = 0; i < 22; i++) ids.push((await insertPastAgenda(w, ago(20 + i), { doctorId: w.drB })).id);
    // No body at all: every expired agenda.
    const res = await w.c.admin({ method: 'POST', url: '/api/availabilities/auto-cancel' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.cancelled).toBeGreaterThanOrEqual(22);
    const log = await w.c.agent({ method: 'GET', url: '/api/availabilities/auto-cancel/log' });
    expect(log.statusCode).toBe(200);
    expect(log.json().data).toHaveLength(20);
    expect(log.json().data[0]).toMatchObject({
      doctor_name: 'María Villamizar',
      specialty_name: 'Medicina General',
      location_name: 'Sede Norte',
      trigger: 'manual',
      user_id: t.users.admin.id,
    });
    const logged = log.json().data.map((r: { id: number }) => r.id);
    expect([...logged].sort((x: number, y: number) => y - x)).toEqual(logged);
    expect((await w.c.admin({ method: 'GET', url: '/api/availabilities/expired' })).json().data).toEqual([]);
    expect(
      (await w.c.agent({ method: 'POST', url: '/api/availabilities/auto-cancel', payload: {} })).statusCode,
    ).toBe(403);
  });

  it('the scheduled run does nothing unless auto_cancel_without_confirmation is on', async () => {
    const a = await insertPastAgenda(w, ago(50));
    expect(await runScheduledAutoCancel(t.app.deps)).toBeNull();
    expect(await statusOf(a.id)).toBe('Activa');
    await setSetting('auto_cancel_without_confirmation', true);
    try {
      const r = await runScheduledAutoCancel(t.app.deps);
      expect(r?.availability_ids).toContain(a.id);
      expect(await statusOf(a.id)).toBe('Cancelada');
      const log = (await w.c.agent({ method: 'GET', url: '/api/availabilities/auto-cancel/log' })).json()
        .data;
      expect(log[0]).toMatchObject({ availability_id: a.id, trigger: 'automatic', user_id: null });
    } finally {
      await setSetting('auto_cancel_without_confirmation', false);
    }
  });
});
