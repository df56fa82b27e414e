import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { callLogs } from '../../db/schema/call-center';
import { loadConfig } from '../../config';
import { buildTestApp, type TestApp } from '../../test/helpers';
import { callers, createPatient } from '../../test/factories/patients';
import { voiceRuntimeOf } from './runtime';

/** A local stand-in for the provider's outbound-call API that checks every request it receives. */
interface Seen {
  path: string;
  apiKey: string | undefined;
  body: Record<string, unknown>;
}
const seen: Seen[] = [];
let answer: (n: number) => { status: number; body: unknown } = () => ({ status: 200, body: {} });
let fake: Server;
let t: TestApp;
let c: Awaited<ReturnType<typeof callers>>;

const read = (req: IncomingMessage) =>
  new Promise<string>((resolve) => {
    let s = '';
    req.on('data', (d) => (s += d));
    req.on('end', () => resolve(s));
  });

beforeAll(async () => {
  fake = createServer(async (req, res) => {
    const body = JSON.parse(await read(req));
    seen.push({ path: req.url ?? '', apiKey: req.headers['xi-api-key'] as string | undefined, body });
    const a = answer(seen.length);
    res.writeHead(a.status, { 'content-type': 'application/json' }).end(JSON.stringify(a.body));
  });
  await new Promise<void>((r) => fake.listen(0, '127.0.0.1', r));
  const port = (fake.address() as AddressInfo).port;
  t = await buildTestApp({
    voice: {
      baseUrl: `http://127.0.0.1:${port}`,
      apiKey: 'xi_prueba',
      agentId: 'agent_prueba',
      phoneNumberId: 'phnum_prueba',
      webhookSecret: 'w',
      toolSecret: 't',
      // Not the defaults (10 and 3): these come from VOICE_OUTBOUND_PER_MINUTE and VOICE_OUTBOUND_MAX_ATTEMPTS.
      outboundPerMinute: 7,
      outboundMaxAttempts: 2,
    },
  });
  c = await callers(t.app);
});
afterAll(async () => {
  await t?.close();
  await new Promise((r) => fake?.close(r));
});

const dispatcher = () => voiceRuntimeOf(t.app.deps).dispatcher;
const put = (payload: Record<string, unknown>) => c.admin({ method: 'PUT', url: '/api/settings', payload });
const open = {
  ai_enabled: true,
  ai_vacation_mode: false,
  ai_pause_holidays: false,
  ai_start_time: '00:00',
  ai_end_time: '23:59',
  ai_break_start: '',
  ai_break_end: '',
  ai_mon: true,
  ai_tue: true,
  ai_wed: true,
  ai_thu: true,
  ai_fri: true,
  ai_sat: true,
  ai_sun: true,
};

async function pendingLog(phone = '3105551234') {
  const p = await createPatient(c.reception, { phone, name: 'Paciente Saliente' });
  const [log] = await t.app.deps.db
    .insert(callLogs)
    .values({
      patientId: p.id,
      direction: 'outbound',
      channel: 'ai_voice',
      callType: 'automated_outreach',
      status: 'pending',
      explanation: 'Le llamamos por su solicitud de cita.',
    })
    .returning();
  return log!;
}
const logOf = async (id: number) =>
  (await t.app.deps.db.select().from(callLogs).where(eq(callLogs.id, id)))[0]!;
const due = (id: number) =>
  t.app.deps.db
    .update(callLogs)
    .set({ nextDispatchAt: sql`now() - interval '1 second'` })
    .where(eq(callLogs.id, id));
const clear = () =>
  t.app.deps.db.execute(
    sql`update call_logs set status = 'cancelled' where status in ('pending','in_progress')`,
  );

describe('outbound dispatcher', () => {
  it('does nothing outside the AI hours (vacation mode)', async () => {
    await clear();
    seen.length = 0;
    expect((await put({ ...open, ai_vacation_mode: true })).statusCode).toBe(200);
    const log = await pendingLog();
    expect(await dispatcher().runOnce()).toBe(0);
    expect(seen).toHaveLength(0);
    expect((await logOf(log.id)).status).toBe('pending');
  });

  it('inside the hours, places the call with the provider and records the conversation on the call log', async () => {
    await clear();
    seen.length = 0;
    expect((await put(open)).statusCode).toBe(200);
    answer = () => ({
      status: 200,
      body: { success: true, message: 'ok', conversation_id: 'conv_out_1', callSid: 'CA9' },
    });
    const log = await pendingLog('310 555 1234');
    expect(await dispatcher().runOnce()).toBe(1);
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({
      path: '/v1/convai/twilio/outbound-call',
      apiKey: 'xi_prueba',
      body: {
        agent_id: 'agent_prueba',
        agent_phone_number_id: 'phnum_prueba',
        to_number: '+573105551234',
        conversation_initiation_client_data: {
          dynamic_variables: {
            call_log_id: log.id,
            patient_name: 'Paciente Saliente',
            explanation: 'Le llamamos por su solicitud de cita.',
          },
        },
      },
    });
    expect(await logOf(log.id)).toMatchObject({
      status: 'in_progress',
      conversationId: 'conv_out_1',
      dispatchAttempts: 1,
      lastError: null,
    });
    // Nothing left: a second pass places no call.
    expect(await dispatcher().runOnce()).toBe(0);
  });

  it('retries a failed attempt with backoff and marks the log failed after the last attempt', async () => {
    await clear();
    seen.length = 0;
    answer = () => ({ status: 503, body: { message: 'sobrecargado' } });
    const log = await pendingLog();
    expect(await dispatcher().runOnce()).toBe(1);
    let now = await logOf(log.id);
    expect(now).toMatchObject({
      status: 'pending',
      dispatchAttempts: 1,
      lastError: 'El proveedor respondió 503: sobrecargado',
    });
    expect(now.nextDispatchAt!.getTime()).toBeGreaterThan(Date.now());
    // Not due yet: the backoff holds it.
    expect(await dispatcher().runOnce()).toBe(0);
    await due(log.id);
    expect(await dispatcher().runOnce()).toBe(1);
    now = await logOf(log.id);
    expect(now).toMatchObject({ status: 'failed', dispatchAttempts: 2 });
    expect(now.outcome).toContain('503');
    expect(seen).toHaveLength(2);
  });

  it('fails at once when the provider refuses the request itself (4xx)', async () => {
    await clear();
    seen.length = 0;
    answer = () => ({ status: 422, body: { message: 'número inválido' } });
    const log = await pendingLog();
    await dispatcher().runOnce();
    expect(await logOf(log.id)).toMatchObject({ status: 'failed', dispatchAttempts: 1 });
  });

  it('keeps to the per-minute cap', async () => {
    await clear();
    seen.length = 0;
    let n = 0;
    answer = () => ({ status: 200, body: { success: true, conversation_id: `conv_cap_${++n}` } });
    const logs = await Promise.all(Array.from({ length: 14 }, () => pendingLog()));
    // Earlier tests placed calls in this minute too: 7 a minute leaves at most 7 now.
    const placed = await dispatcher().runOnce();
    expect(placed).toBeLessThanOrEqual(7);
    expect(await dispatcher().runOnce()).toBe(0);
    const statuses = await Promise.all(logs.map(async (l) => (await logOf(l.id)).status));
    expect(statuses.filter((s) => s === 'pending').length).toBe(14 - placed);
  });
});

describe('VOICE_OUTBOUND_PER_MINUTE and VOICE_OUTBOUND_MAX_ATTEMPTS', () => {
  const base = { NODE_ENV: 'test' };
  it('default to 10 a minute and 3 attempts, and take whole numbers in range', () => {
    expect(loadConfig(base).voice).toMatchObject({ outboundPerMinute: 10, outboundMaxAttempts: 3 });
    const set = loadConfig({ ...base, VOICE_OUTBOUND_PER_MINUTE: '30', VOICE_OUTBOUND_MAX_ATTEMPTS: '5' });
    expect(set.voice).toMatchObject({ outboundPerMinute: 30, outboundMaxAttempts: 5 });
  });
  it.each([
    ['VOICE_OUTBOUND_PER_MINUTE', '0'],
    ['VOICE_OUTBOUND_PER_MINUTE', 'diez'],
    ['VOICE_OUTBOUND_MAX_ATTEMPTS', '1.5'],
    ['VOICE_OUTBOUND_MAX_ATTEMPTS', '11'],
  ])('refuses %s=%s', (name, value) => {
    expect(() => loadConfig({ ...base, [name]: value })).toThrow(
      new RegExp(`Configuración inválida:\\n${name}`),
    );
  });
});
