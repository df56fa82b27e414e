import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { calls } from '../../db/schema/calls';
import { buildTestApp, type TestApp } from '../../test/helpers';
import { callers } from '../../test/factories/patients';
import { checkAlerts } from './alerts';

let t: TestApp;
let c: Awaited<ReturnType<typeof callers>>;
beforeAll(async () => {
  t = await buildTestApp();
  c = await callers(t.app);
});
afterAll(async () => t?.close());

type Call = (typeof c)['admin'];
const mine = async (call: Call, query = '') =>
  (await call({ method: 'GET', url: `/api/notifications/my${query}` })).json();
const send = (call: Call, payload: object) => call({ method: 'POST', url: '/api/notifications', payload });

describe('sending and reading notifications', () => {
  it('a supervisor sends to a role: each member gets it once, others do not', async () => {
    const res = await send(c.supervisor, {
      title: 'Reunión de turno',
      body: 'Hoy a las 2:00 p. m. en la sala de juntas',
      link: '/queue',
      roles: ['agent'],
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data.recipients).toBe(1);
    const agent = await mine(c.agent);
    expect(agent).toMatchObject({ success: true, total: 1, unread: 1, page: 1, limit: 20 });
    expect(agent.data[0]).toMatchObject({
      type: 'message',
      title: 'Reunión de turno',
      body: 'Hoy a las 2:00 p. m. en la sala de juntas',
      link: '/queue',
      read_at: null,
    });
    expect((await mine(c.doctor)).total).toBe(0);
    expect((await mine(c.supervisor)).total).toBe(0);
  });

  it('only admin and supervisor send; bad input is a Spanish 400', async () => {
    expect((await send(c.agent, { title: 'x', roles: ['agent'] })).statusCode).toBe(403);
    const none = await send(c.admin, { title: 'Sin destinatarios' });
    expect(none.statusCode).toBe(400);
    expect(none.body).toContain('Seleccione al menos un usuario o un rol');
    const badLink = await send(c.admin, { title: 'x', roles: ['agent'], link: 'https://phishing.example' });
    expect(badLink.statusCode).toBe(400);
    expect(badLink.body).toContain('El enlace debe ser una ruta de la aplicación');
    const noTitle = await send(c.admin, { title: '   ', roles: ['agent'] });
    expect(noTitle.statusCode).toBe(400);
    expect(noTitle.body).toContain('El título es obligatorio');
  });

  it('a user marks only their own: another user’s notification is 404 as a missing one, and stays unread', async () => {
    const id = (await mine(c.agent)).data[0].id as number;
    const other = await c.reception({ method: 'PUT', url: `/api/notifications/${id}/read` });
    const missing = await c.reception({ method: 'PUT', url: '/api/notifications/999999/read' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('Notificación no encontrada');
    // Nothing tells the two apart (issue 33): the status and the whole body are the same.
    expect(other.statusCode).toBe(404);
    expect(other.json()).toEqual(missing.json());
    expect((await mine(c.agent)).unread).toBe(1);
    const own = await c.agent({ method: 'PUT', url: `/api/notifications/${id}/read` });
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json().data.read_at).not.toBeNull();
    expect((await mine(c.agent)).unread).toBe(0);
  });

  it('pages 20 by default, newest first, and marks all read', async () => {
    for (let i = 1; i <= 22; i++)
      expect(
        (await send(c.admin, { title: `Aviso ${i}`, user_ids: [t.users.reception.id] })).statusCode,
      ).toBe(201);
    const p1 = await mine(c.reception);
    expect(p1).toMatchObject({ total: 22, unread: 22, limit: 20 });
    expect(p1.data).toHaveLength(20);
    expect(p1.data[0].title).toBe('Aviso 22');
    const p2 = await mine(c.reception, '?page=2');
    expect(p2.data.map((n: { title: string }) => n.title)).toEqual(['Aviso 2', 'Aviso 1']);
    const stats = await c.reception({ method: 'GET', url: '/api/notifications/stats' });
    expect(stats.json().data).toEqual({
      total: 22,
      unread: 22,
      by_type: [{ type: 'message', total: 22, unread: 22 }],
    });
    const all = await c.reception({ method: 'PUT', url: '/api/notifications/mark-all-read' });
    expect(all.json().data.updated).toBe(22);
    expect((await mine(c.reception)).unread).toBe(0);
    expect((await mine(c.reception, '?unread=true')).total).toBe(0);
    expect((await mine(c.agent)).total).toBe(1);
  });
});

describe('preferences', () => {
  it('defaults to in-app on and e-mail off for every type, and says e-mail is not configured', async () => {
    const res = await c.doctor({ method: 'GET', url: '/api/notifications/preferences' });
    expect(res.json().email_configured).toBe(false);
    const status = await c.doctor({ method: 'GET', url: '/api/notifications/email-status' });
    expect(status.json()).toEqual({ success: true, data: { configured: false } });
    expect(res.json().data.find((p: { type: string }) => p.type === 'message')).toEqual({
      type: 'message',
      label: 'Mensajes de administración',
      in_app: true,
      email: false,
    });
  });

  it('a type switched off in the app is not delivered to that user', async () => {
    const put = await c.doctor({
      method: 'PUT',
      url: '/api/notifications/preferences',
      payload: { preferences: [{ type: 'message', in_app: false, email: false }] },
    });
    expect(put.statusCode, put.body).toBe(200);
    await send(c.admin, { title: 'Solo a quien quiere', roles: ['doctor', 'agent'] });
    expect((await mine(c.doctor)).total).toBe(0);
    expect((await mine(c.agent)).data[0].title).toBe('Solo a quien quiere');
    const dup = await c.doctor({
      method: 'PUT',
      url: '/api/notifications/preferences',
      payload: {
        preferences: [
          { type: 'message', in_app: true, email: false },
          { type: 'message', in_app: false, email: false },
        ],
      },
    });
    expect(dup.statusCode).toBe(400);
    const bad = await c.doctor({
      method: 'PUT',
      url: '/api/notifications/preferences',
      payload: { preferences: [{ type: 'otro', in_app: true, email: false }] },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('Tipo de notificación inválido');
  });
});

describe('raised by what happens', () => {
  it('a transfer addressed to an agent rings that agent only', async () => {
    const before = (await mine(c.agent)).total;
    const res = await c.supervisor({
      method: 'POST',
      url: '/api/transfers',
      payload: { to_user_id: t.users.agent.id, reason: 'Paciente pide reprogramación', priority: 'Alta' },
    });
    expect(res.statusCode, res.body).toBe(201);
    const list = await mine(c.agent);
    expect(list.total).toBe(before + 1);
    expect(list.data[0]).toMatchObject({
      type: 'transfer_received',
      title: 'Traslado de llamada para usted',
      body: 'Usuario supervisor trasladó una llamada: Paciente pide reprogramación (prioridad Alta).',
    });
    expect((await mine(c.reception)).data.some((n: { type: string }) => n.type === 'transfer_received')).toBe(
      false,
    );
  });

  it('the long-queue alert is raised once while a call waits too long, cleared when it ends, and honours its setting', async () => {
    const supervisorAlerts = async () =>
      (await mine(c.supervisor)).data.filter((n: { type: string }) => n.type === 'long_queue').length;
    const [call] = await t.app.deps.db
      .insert(calls)
      .values({
        patientName: 'Ana Pérez',
        status: 'waiting',
        waitingSince: sql`now() - interval '20 minutes'`,
      })
      .returning();
    expect((await checkAlerts(t.app.deps)).longQueue).toBe('raised');
    expect((await checkAlerts(t.app.deps)).longQueue).toBe('unchanged');
    expect(await supervisorAlerts()).toBe(1);
    expect((await mine(c.supervisor)).data[0].body).toContain('más de 15 minutos en espera');
    // The agent signed in a moment ago: connected, so no agents-offline alert.
    expect((await mine(c.admin)).data.some((n: { type: string }) => n.type === 'agents_offline')).toBe(false);
    // Their session unused for 10 minutes: nobody answers the waiting call.
    await t.app.deps.db.execute(
      sql`update sessions set last_seen_at = now() - interval '10 minutes' where user_id = ${t.users.agent.id}`,
    );
    expect((await checkAlerts(t.app.deps)).agentsOffline).toBe('raised');
    expect((await mine(c.admin)).data[0]).toMatchObject({
      type: 'agents_offline',
      title: 'No hay agentes conectados',
      body: '1 llamada espera y ningún agente está conectado.',
    });

    await t.app.deps.db
      .update(calls)
      .set({ status: 'ended', endedAt: new Date() })
      .where(eq(calls.id, call!.id));
    const cleared = await checkAlerts(t.app.deps);
    expect(cleared).toEqual({ longQueue: 'cleared', agentsOffline: 'cleared' });

    // Switched off in Configuración: a new long wait raises nothing.
    const off = await c.admin({
      method: 'PUT',
      url: '/api/settings',
      payload: { alert_long_queue_enabled: false },
    });
    expect(off.statusCode, off.body).toBe(200);
    await t.app.deps.db.insert(calls).values({
      patientName: 'Luis Gómez',
      status: 'waiting',
      waitingSince: sql`now() - interval '40 minutes'`,
    });
    expect((await checkAlerts(t.app.deps)).longQueue).toBe('unchanged');
    expect(await supervisorAlerts()).toBe(1);
    await c.admin({ method: 'PUT', url: '/api/settings', payload: { alert_long_queue_enabled: true } });
    expect((await checkAlerts(t.app.deps)).longQueue).toBe('raised');
    expect(await supervisorAlerts()).toBe(2);
  });
});
