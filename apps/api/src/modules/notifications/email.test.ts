import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray, sql } from 'drizzle-orm';
import { agendaPatientNotices } from '../../db/schema/appointments';
import { emailOutbox } from '../../db/schema/notifications';
import { createMailer } from '../../lib/mailer';
import { buildTestApp, type TestApp } from '../../test/helpers';
import {
  book,
  buildWorld,
  createAgenda,
  insertPastAgenda,
  nextWeekday,
  newPatient,
  type World,
} from '../../test/factories/world';
import { agendaFor, enqueue } from '../queue/test-factory';
import { checkAlerts } from './alerts';
import { OutboxWorker } from './outbox-worker';
import * as outbox from './outbox-repo';
import { runtimeOf } from './runtime';
import { startSmtp, until } from './test-factory';

let smtp: Awaited<ReturnType<typeof startSmtp>>;
let t: TestApp;
let w: World;
beforeAll(async () => {
  smtp = await startSmtp();
  t = await buildTestApp({ smtpUrl: smtp.url, smtpFrom: 'IPS Salud Integral <citas@ips.test>' });
  w = await buildWorld(t);
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

const statusOf = async (id: number) =>
  (await t.app.deps.db.select().from(emailOutbox).where(eq(emailOutbox.id, id)))[0]!;

describe('patient notices of an agenda cancellation', () => {
  it('e-mails each patient with an address (Spanish, accents intact) and records the others without e-mail', async () => {
    const agenda = await createAgenda(w, { date: nextWeekday(2, 30) });
    const withEmail = await newPatient(w, { name: 'Begoña Muñoz', email: 'begona.munoz@correo.test' });
    const withoutEmail = await newPatient(w, { name: 'Andrés Peña' });
    await book(w, agenda, '08:00', { patientId: withEmail });
    await book(w, agenda, '08:30', { patientId: withoutEmail });
    const before = smtp.received.length;
    const res = await w.c.supervisor({
      method: 'POST',
      url: `/api/availabilities/${agenda.id}/cancel`,
      payload: { message: 'El médico tuvo una calamidad doméstica', channel: 'email' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().notices_created).toBe(2);

    await until(() => smtp.received.length > before, 5000, 'el correo del paciente');
    const mail = smtp.received.at(-1)!;
    expect(mail.to).toEqual(['begona.munoz@correo.test']);
    expect(mail.from).toBe('citas@ips.test');
    expect(mail.subject).toMatch(/^IPS Salud Integral: su cita del \d\d\/\d\d\/\d{4} fue cancelada$/);
    expect(mail.text).toContain('Estimado(a) Begoña Muñoz:');
    expect(mail.text).toContain('con Jorge Martínez');
    expect(mail.text).toContain('a las 08:00');
    expect(mail.text).toContain('Mensaje de IPS Salud Integral: El médico tuvo una calamidad doméstica');
    expect(mail.text).toContain('Para reprogramar su cita, comuníquese con nosotros');
    expect(mail.html).toContain('Begoña Muñoz');

    const notices = await t.app.deps.db
      .select()
      .from(agendaPatientNotices)
      .where(inArray(agendaPatientNotices.patientId, [withEmail, withoutEmail]));
    const byPatient = new Map(notices.map((n) => [n.patientId, n]));
    await until(
      async () =>
        (
          await t.app.deps.db
            .select({ s: agendaPatientNotices.status })
            .from(agendaPatientNotices)
            .where(eq(agendaPatientNotices.patientId, withEmail))
        )[0]?.s === 'enviada',
      3000,
      'el aviso enviado',
    );
    const noEmail = await t.app.deps.db.execute<{ status: string; detail: string }>(
      sql`select status, detail from agenda_patient_notices where id = ${byPatient.get(withoutEmail)!.id}`,
    );
    expect(noEmail.rows[0]).toEqual({
      status: 'sin_correo',
      detail: 'El paciente no tiene correo electrónico registrado',
    });
    // Where the cancellation is shown: each patient's notice and its fate.
    const shown = await w.c.reception({
      method: 'GET',
      url: `/api/notifications/patient-notices?availability_id=${agenda.id}`,
    });
    expect(shown.statusCode, shown.body).toBe(200);
    expect(shown.json()).toMatchObject({ total: 2, summary: { enviada: 1, sin_correo: 1 } });
    expect(
      shown.json().data.map((n: { patient_name: string; status: string }) => [n.patient_name, n.status]),
    ).toEqual([
      ['Begoña Muñoz', 'enviada'],
      ['Andrés Peña', 'sin_correo'],
    ]);
    expect(
      (
        await w.c.doctor({
          method: 'GET',
          url: `/api/notifications/patient-notices?availability_id=${agenda.id}`,
        })
      ).statusCode,
    ).toBe(403);
    // The staff hear of it in their bell (not the supervisor who cancelled).
    const agent = (await w.c.agent({ method: 'GET', url: '/api/notifications/my' })).json();
    expect(agent.data[0]).toMatchObject({
      type: 'agenda_cancelled',
      title: 'Agenda cancelada: 2 pacientes por avisar',
    });
    expect(agent.data[0].body).toContain('1 por correo; 1 sin correo registrado (avisar por teléfono).');
    const sup = (await w.c.supervisor({ method: 'GET', url: '/api/notifications/my' })).json();
    expect(sup.data.some((n: { type: string }) => n.type === 'agenda_cancelled')).toBe(false);
  });
});

describe('a freed slot offered to the queue', () => {
  it('tells the front desk once, not the agent who cancelled', async () => {
    const date = nextWeekday(5, 40);
    const agenda = await agendaFor(w, { date, capacity: 3 });
    const patient = await newPatient(w, { name: 'Paciente Que Cancela' });
    const booked = await w.c.reception({
      method: 'POST',
      url: '/api/appointments',
      payload: { patient_id: patient, availability_id: agenda.id, scheduled_at: `${date} 09:00` },
    });
    expect(booked.statusCode, booked.body).toBe(201);
    const waiting = await enqueue(w, { priority_level: 'Alta' });
    const cancel = await w.c.agent({
      method: 'POST',
      url: `/api/appointments/${booked.json().data.id}/cancel`,
      payload: {},
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    const offers = async (call: typeof w.c.agent) =>
      (
        (await call({ method: 'GET', url: '/api/notifications/my' })).json().data as {
          type: string;
          title: string;
        }[]
      ).filter((n) => n.type === 'slot_offered');
    const rec = await offers(w.c.reception);
    expect(rec).toHaveLength(1);
    expect(rec[0]!.title).toBe(`Cupo liberado para ${waiting.patient_name}`);
    expect(await offers(w.c.agent)).toHaveLength(0);
    expect(await offers(w.c.doctor)).toHaveLength(0);
  });
});

describe('auto-cancel', () => {
  it('tells the managers once per run, not the one who ran it', async () => {
    const past = await insertPastAgenda(w, '2026-01-05');
    const res = await w.c.supervisor({
      method: 'POST',
      url: '/api/availabilities/auto-cancel',
      payload: { availability_ids: [past.id], also_appointments: true },
    });
    expect(res.statusCode, res.body).toBe(200);
    const admin = (await w.c.admin({ method: 'GET', url: '/api/notifications/my' })).json();
    const runs = admin.data.filter((n: { type: string }) => n.type === 'auto_cancel');
    expect(runs).toHaveLength(1);
    expect(runs[0]).toMatchObject({
      title: 'Auto-cancelación: 1 agenda vencida',
      body: 'Ejecución manual; 0 citas canceladas.',
      link: '/distribution',
    });
    const sup = (await w.c.supervisor({ method: 'GET', url: '/api/notifications/my' })).json();
    expect(sup.data.some((n: { type: string }) => n.type === 'auto_cancel')).toBe(false);
    // Nothing expired left: a second run raises nothing.
    await w.c.supervisor({
      method: 'POST',
      url: '/api/availabilities/auto-cancel',
      payload: { availability_ids: [past.id] },
    });
    const again = (await w.c.admin({ method: 'GET', url: '/api/notifications/my' })).json();
    expect(again.data.filter((n: { type: string }) => n.type === 'auto_cancel')).toHaveLength(1);
  });
});

describe('the outbox', () => {
  it('delivers each message once with two workers draining at the same time', async () => {
    // The app's own worker stays out of this: only the two below claim.
    await runtimeOf(t.app.deps)!.worker.stop();
    const tag = `lote-${Date.now()}`;
    await outbox.enqueue(
      t.app.deps.db,
      Array.from({ length: 30 }, (_, i) => ({
        kind: 'test' as const,
        to: `destino${i}@correo.test`,
        subject: `${tag} ${i}`,
        text: 'Prueba de envío único',
      })),
    );
    const mk = () =>
      new OutboxWorker(t.app.deps.db, createMailer({ smtpUrl: smtp.url, smtpFrom: 'a@ips.test' }), () => {}, {
        batch: 7,
        pollMs: 0,
      });
    const [a, b] = [mk(), mk()];
    const drain = async (wk: OutboxWorker) => {
      while ((await wk.drainOnce()) > 0);
    };
    await Promise.all([drain(a), drain(b)]);
    await a.stop();
    await b.stop();
    const got = smtp.received.filter((m) => m.subject.startsWith(tag)).map((m) => m.subject);
    expect(got).toHaveLength(30);
    expect(new Set(got).size).toBe(30);
    const rows = await t.app.deps.db.execute<{ n: number }>(
      sql`select count(*)::int as n from email_outbox where subject like ${`${tag}%`} and status = 'sent' and attempts = 1`,
    );
    expect(Number(rows.rows[0]!.n)).toBe(30);
  });

  it('retries after a refused message with backoff, and fails after the last try with the SMTP error', async () => {
    const worker = new OutboxWorker(
      t.app.deps.db,
      createMailer({ smtpUrl: smtp.url, smtpFrom: 'a@ips.test' }),
      () => {},
      { pollMs: 0, retryBaseSeconds: 30 },
    );
    const [row] = await outbox.enqueue(t.app.deps.db, [
      { kind: 'test', to: 'reintento@correo.test', subject: 'Reintento', text: 'Segundo intento' },
    ]);
    smtp.state.refuse = true;
    expect(await worker.drainOnce()).toBe(1);
    let r = await statusOf(row!.id);
    expect(r).toMatchObject({ status: 'pending', attempts: 1 });
    expect(r.lastError).toContain('Servidor ocupado');
    const wait = (r.nextAttemptAt.getTime() - Date.now()) / 1000;
    expect(wait).toBeGreaterThan(20);
    expect(wait).toBeLessThanOrEqual(31);
    // Not due yet: nothing is claimed.
    expect(await worker.drainOnce()).toBe(0);

    smtp.state.refuse = false;
    await t.app.deps.db
      .update(emailOutbox)
      .set({ nextAttemptAt: new Date() })
      .where(eq(emailOutbox.id, row!.id));
    expect(await worker.drainOnce()).toBe(1);
    r = await statusOf(row!.id);
    expect(r).toMatchObject({ status: 'sent', attempts: 2, lastError: null });
    expect(smtp.received.filter((m) => m.subject === 'Reintento')).toHaveLength(1);

    // A refused connection on the last attempt: failed for good.
    const dead = new OutboxWorker(
      t.app.deps.db,
      createMailer({ smtpUrl: 'smtp://127.0.0.1:1', smtpFrom: 'a@ips.test' }),
      () => {},
      { pollMs: 0 },
    );
    const [last] = await outbox.enqueue(t.app.deps.db, [
      { kind: 'test', to: 'ultimo@correo.test', subject: 'Último', text: 'Sin servidor' },
    ]);
    await t.app.deps.db.update(emailOutbox).set({ maxAttempts: 1 }).where(eq(emailOutbox.id, last!.id));
    await dead.drainOnce();
    const f = await statusOf(last!.id);
    expect(f).toMatchObject({ status: 'failed', attempts: 1 });
    expect(f.lastError).toMatch(/ECONNREFUSED|conect/i);
    await worker.stop();
    await dead.stop();
  });

  it('alerts go to the alerts address when the e-mail alerts are on', async () => {
    const on = await w.c.admin({
      method: 'PUT',
      url: '/api/settings',
      payload: { notifications_email_enabled: true, notifications_email: 'alertas@ips.test' },
    });
    expect(on.statusCode, on.body).toBe(200);
    await t.app.deps.db.execute(
      sql`insert into calls (patient_name, status, waiting_since) values ('Óscar Díaz', 'waiting', now() - interval '30 minutes')`,
    );
    expect((await checkAlerts(t.app.deps)).longQueue).toBe('raised');
    const queued = await t.app.deps.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.toAddress, 'alertas@ips.test'));
    expect(queued.map((q) => q.subject)).toContain('IPS Salud Integral: Cola de espera larga');
    expect(queued.every((q) => q.kind === 'alert')).toBe(true);
  });

  it('a user who chose e-mail for a type gets it by e-mail too', async () => {
    const pref = await w.c.agent({
      method: 'PUT',
      url: '/api/notifications/preferences',
      payload: { preferences: [{ type: 'message', in_app: true, email: true }] },
    });
    expect(pref.statusCode, pref.body).toBe(200);
    expect(pref.json().email_configured).toBe(true);
    const status = await w.c.agent({ method: 'GET', url: '/api/notifications/email-status' });
    expect(status.json().data).toEqual({ configured: true });
    const before = smtp.received.length;
    const sent = await w.c.admin({
      method: 'POST',
      url: '/api/notifications',
      payload: {
        title: 'Capacitación en atención',
        body: 'Mañana a las 7:00 a. m.',
        roles: ['agent', 'doctor'],
      },
    });
    expect(sent.statusCode, sent.body).toBe(201);
    // The app's own worker was stopped above: one drains here.
    const worker = new OutboxWorker(
      t.app.deps.db,
      createMailer({ smtpUrl: smtp.url, smtpFrom: 'a@ips.test' }),
      () => {},
      { pollMs: 0 },
    );
    while ((await worker.drainOnce()) > 0);
    await worker.stop();
    const mail = smtp.received.slice(before).filter((m) => m.subject.includes('Capacitación'));
    expect(mail.map((m) => m.to)).toEqual([['agent@test.ips.co']]);
    expect(mail[0]!.subject).toBe('IPS Salud Integral: Capacitación en atención');
    expect(mail[0]!.text).toContain('Mañana a las 7:00 a. m.');
  });

  it('the admin sees the outbox and sends the test e-mail; others may not', async () => {
    expect((await w.c.supervisor({ method: 'GET', url: '/api/notifications/email-outbox' })).statusCode).toBe(
      403,
    );
    const list = await w.c.admin({ method: 'GET', url: '/api/notifications/email-outbox?status=failed' });
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json()).toMatchObject({ email_configured: true, limit: 20, page: 1 });
    expect(list.json().data[0]).toMatchObject({ status: 'failed', to_address: 'ultimo@correo.test' });
    const test = await w.c.admin({
      method: 'POST',
      url: '/api/notifications/test-email',
      payload: { to: 'prueba@correo.test' },
    });
    expect(test.statusCode, test.body).toBe(202);
    expect(test.json().data.status).toBe('pending');
    const bad = await w.c.admin({
      method: 'POST',
      url: '/api/notifications/test-email',
      payload: { to: 'no' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('Ingrese un correo electrónico válido');
  });
});

describe('without SMTP', () => {
  it('refuses the test e-mail and leaves patient e-mails pending with the reason', async () => {
    const plain = await buildTestApp();
    try {
      const world = await buildWorld(plain);
      const res = await world.c.admin({
        method: 'POST',
        url: '/api/notifications/test-email',
        payload: { to: 'prueba@correo.test' },
      });
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe('El correo no está configurado (SMTP_URL y SMTP_FROM)');
      const agenda = await createAgenda(world, { date: nextWeekday(4, 30) });
      const p = await newPatient(world, { name: 'Lucía Ortiz', email: 'lucia@correo.test' });
      await book(world, agenda, '09:00', { patientId: p });
      const cancel = await world.c.admin({
        method: 'POST',
        url: `/api/availabilities/${agenda.id}/cancel`,
        payload: { message: 'Cierre de la sede', channel: 'sistema' },
      });
      expect(cancel.statusCode, cancel.body).toBe(200);
      const n = await plain.app.deps.db.execute<{ status: string; detail: string; o_status: string }>(sql`
        select n.status, n.detail, o.status as o_status from agenda_patient_notices n
          join email_outbox o on o.id = n.email_outbox_id where n.patient_id = ${p}`);
      expect(n.rows[0]).toEqual({
        status: 'pendiente',
        detail: 'El correo no está configurado (SMTP_URL y SMTP_FROM)',
        o_status: 'pending',
      });
    } finally {
      await plain.close();
    }
  });
});
