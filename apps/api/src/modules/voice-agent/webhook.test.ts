import { createHash, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { callLogs } from '../../db/schema/call-center';
import { calls } from '../../db/schema/calls';
import { auditLog } from '../../db/schema/system';
import { voiceConsultations, voiceWebhookInbox } from '../../db/schema/voice';
import { createPatient, uniqueDocument } from '../../test/factories/patients';
import {
  audioEvent,
  conversationId,
  failureEvent,
  fakeMp3,
  postWebhook,
  settle,
  transcriptionEvent,
  voiceFixture,
} from './test-factory';

const ctx = voiceFixture();
const db = () => ctx.t.app.deps.db;

async function counts() {
  const [row] = (
    await db().execute(sql`select
      (select count(*)::int from voice_webhook_inbox) as inbox,
      (select count(*)::int from voice_consultations) as consultations,
      (select count(*)::int from calls) as calls,
      (select count(*)::int from call_audio) as audio`)
  ).rows as { inbox: number; consultations: number; calls: number; audio: number }[];
  return row!;
}

const consultationOf = async (conv: string) =>
  (await db().select().from(voiceConsultations).where(eq(voiceConsultations.conversationId, conv)))[0];
const callOf = async (conv: string) =>
  (await db().select().from(calls).where(eq(calls.conversationId, conv)))[0];

describe('POST /integrations/elevenlabs/webhook — signature', () => {
  it('refuses a missing, malformed, wrong or stale signature with 401 and writes nothing', async () => {
    const before = await counts();
    const body = transcriptionEvent(conversationId());
    const now = Math.floor(Date.now() / 1000);
    for (const opts of [
      { signature: null },
      { signature: 'garbage' },
      { signature: `t=${now},v0=${'0'.repeat(64)}` },
      { secret: 'otro-secreto' },
      { t: now - 31 * 60 },
      { t: now + 31 * 60 },
    ]) {
      const res = await postWebhook(ctx, body, opts);
      expect(res.statusCode, JSON.stringify(opts)).toBe(401);
      expect(res.json().success).toBe(false);
    }
    expect(await counts()).toEqual(before);
  });

  it('accepts a signature made 29 minutes ago', async () => {
    const res = await postWebhook(ctx, transcriptionEvent(conversationId()), {
      t: Math.floor(Date.now() / 1000) - 29 * 60,
    });
    expect(res.statusCode).toBe(200);
  });

  it('checks the raw bytes: the same JSON re-spaced does not match the signature', async () => {
    const body = transcriptionEvent(conversationId());
    const { signElevenLabs } = await import('../../integrations/elevenlabs/signature');
    const sig = signElevenLabs('wsec_prueba_0123456789abcdef', JSON.stringify(body));
    const res = await ctx.t.app.inject({
      method: 'POST',
      url: '/api/integrations/elevenlabs/webhook',
      payload: JSON.stringify(body, null, 2),
      headers: { 'content-type': 'application/json', 'elevenlabs-signature': sig },
    });
    expect(res.statusCode).toBe(401);
  });

  it('answers 400 to a signed but malformed event and writes nothing', async () => {
    const before = await counts();
    for (const body of [
      '{"type":',
      { type: 'otro', data: {} },
      { type: 'post_call_transcription', data: { conversation_id: 'x' } },
      { type: 'post_call_audio', data: { conversation_id: 'x', full_audio: '***' } },
      {
        type: 'post_call_audio',
        data: { conversation_id: 'x', full_audio: Buffer.from('texto plano').toString('base64') },
      },
      [1, 2],
    ]) {
      const res = await postWebhook(ctx, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect(await counts()).toEqual(before);
  });
});

describe('post_call_transcription', () => {
  it('creates an ended call with its transcript and a consultation linked to the caller', async () => {
    const patient = await createPatient(ctx.c.reception, { name: 'Marta Llamante', phone: '3104445566' });
    const conv = conversationId();
    const res = await postWebhook(ctx, transcriptionEvent(conv, { phone: '+573104445566' }));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, received: true, duplicate: false });
    await settle(ctx);
    const call = await callOf(conv);
    expect(call).toMatchObject({
      status: 'ended',
      patientId: patient.id,
      patientName: 'Marta Llamante',
      agentName: 'Agente de voz IA',
      direction: 'inbound',
    });
    expect(call!.endedAt!.getTime() - call!.startedAt.getTime()).toBe(125_000);
    expect((call!.transcript as unknown[]).length).toBe(2);
    const c = await consultationOf(conv);
    expect(c).toMatchObject({
      callId: call!.id,
      patientId: patient.id,
      durationSecs: 125,
      outcome: 'success',
    });
    expect(c!.summary).toBe('El paciente pidió una cita de medicina general.');
    // The call API shows it ended with its transcript.
    const dto = (await ctx.c.agent({ method: 'GET', url: `/api/calls/${call!.id}` })).json().data;
    expect(dto.status).toBe('ended');
    expect(dto.conversation_id).toBe(conv);
    const audits = await db().select().from(auditLog).where(eq(auditLog.tableName, 'voice_consultations'));
    expect(
      audits.some((a) => a.recordId === String(c!.id) && a.requestId?.startsWith('Agente de voz IA')),
    ).toBe(true);
  });

  it('links the patient by the document the agent collected', async () => {
    const document = uniqueDocument();
    const patient = await createPatient(ctx.c.reception, {
      document,
      name: 'Pedro Documento',
      phone: '3150000001',
    });
    const conv = conversationId();
    await postWebhook(
      ctx,
      transcriptionEvent(conv, { phone: '+573209990000', data: { numero_documento: document } }),
    );
    await settle(ctx);
    expect((await consultationOf(conv))!.patientId).toBe(patient.id);
    expect((await consultationOf(conv))!.dataCollected).toEqual({ numero_documento: document });
  });

  it('is idempotent: a replay is 200 and changes nothing', async () => {
    const conv = conversationId();
    const body = transcriptionEvent(conv);
    expect((await postWebhook(ctx, body)).statusCode).toBe(200);
    await settle(ctx);
    const before = await counts();
    const again = await postWebhook(ctx, body);
    expect(again.statusCode).toBe(200);
    expect(again.json().duplicate).toBe(true);
    await settle(ctx);
    expect(await counts()).toEqual(before);
  });

  it('completes a call the agent handed over, without ending it for the person who took it', async () => {
    const conv = conversationId();
    const created = await ctx.c.agent({
      method: 'POST',
      url: '/api/calls',
      payload: { patient_name: 'Transferido', conversation_id: conv, agent_name: 'Ana' },
    });
    expect(created.statusCode).toBe(201);
    await postWebhook(ctx, transcriptionEvent(conv));
    await settle(ctx);
    const call = await callOf(conv);
    expect(call!.status).toBe('active');
    expect((call!.transcript as unknown[]).length).toBe(2);
    expect((await consultationOf(conv))!.callId).toBe(call!.id);
  });
});

describe('post_call_audio', () => {
  it('stores the recording on the call, served with range requests', async () => {
    const conv = conversationId();
    await postWebhook(ctx, transcriptionEvent(conv));
    const audio = fakeMp3(300_000);
    expect((await postWebhook(ctx, audioEvent(conv, audio))).statusCode).toBe(200);
    await settle(ctx);
    const call = await callOf(conv);
    const res = await ctx.c.agent({
      method: 'GET',
      url: `/api/calls/${call!.id}/audio`,
      headers: { range: 'bytes=0-9' },
    });
    expect(res.statusCode).toBe(206);
    expect(res.rawPayload).toEqual(audio.subarray(0, 10));
    const [inboxRow] = await db()
      .select({ audio: voiceWebhookInbox.audio, status: voiceWebhookInbox.status })
      .from(voiceWebhookInbox)
      .where(eq(voiceWebhookInbox.eventKey, `post_call_audio:${conv}`));
    expect(inboxRow).toEqual({ audio: null, status: 'done' });
  });

  it('a recording of several pieces (read from the spooled file) is stored whole and exact; a replay adds nothing', async () => {
    const conv = conversationId();
    await postWebhook(ctx, transcriptionEvent(conv));
    const audio = Buffer.concat([fakeMp3(16), randomBytes(3_000_000)]);
    const first = await postWebhook(ctx, audioEvent(conv, audio));
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().duplicate).toBe(false);
    const again = await postWebhook(ctx, audioEvent(conv, audio));
    expect(again.json()).toMatchObject({ received: true, duplicate: true });
    await settle(ctx);
    const call = await callOf(conv);
    const stored = await db().execute(sql`select size, sha256 from call_audio where call_id = ${call!.id}`);
    expect(stored.rows).toEqual([
      { size: audio.length, sha256: createHash('sha256').update(audio).digest('hex') },
    ]);
    const left = await db().execute(sql`select count(*)::int as n from voice_webhook_audio_chunks`);
    expect(left.rows[0]).toEqual({ n: 0 });
  });

  it('arriving before the transcription, makes a call the transcription then completes', async () => {
    const conv = conversationId();
    await postWebhook(ctx, audioEvent(conv));
    await settle(ctx);
    const first = await callOf(conv);
    expect(first).toMatchObject({ status: 'ended', patientName: 'Paciente sin identificar' });
    await postWebhook(ctx, transcriptionEvent(conv, { data: { nombre_paciente: 'Lucía Tardía' } }));
    await settle(ctx);
    const after = await callOf(conv);
    expect(after!.id).toBe(first!.id);
    expect(after!.patientName).toBe('Lucía Tardía');
    expect(after!.endedAt!.getTime() - after!.startedAt.getTime()).toBe(125_000);
    const audio = await ctx.c.agent({ method: 'GET', url: `/api/calls/${after!.id}/audio` });
    expect(audio.statusCode).toBe(200);
  });
});

describe('call_initiation_failure', () => {
  it('marks the outbound call log failed with its reason', async () => {
    const patient = await createPatient(ctx.c.reception);
    const conv = conversationId();
    const [log] = await db()
      .insert(callLogs)
      .values({
        patientId: patient.id,
        direction: 'outbound',
        channel: 'ai_voice',
        callType: 'automated_outreach',
        status: 'in_progress',
        conversationId: conv,
      })
      .returning();
    expect((await postWebhook(ctx, failureEvent(conv, 'no-answer'))).statusCode).toBe(200);
    await settle(ctx);
    const [after] = await db().select().from(callLogs).where(eq(callLogs.id, log!.id));
    expect(after).toMatchObject({ status: 'failed', lastError: 'No se pudo iniciar la llamada: no-answer' });
  });

  it('finds the call log by the call_log_id it was dialled with when there is no conversation', async () => {
    const patient = await createPatient(ctx.c.reception);
    const [log] = await db()
      .insert(callLogs)
      .values({ patientId: patient.id, direction: 'outbound', channel: 'ai_voice', status: 'pending' })
      .returning();
    expect((await postWebhook(ctx, failureEvent(null, 'busy', log!.id))).statusCode).toBe(200);
    await settle(ctx);
    const [after] = await db().select().from(callLogs).where(eq(callLogs.id, log!.id));
    expect(after!.status).toBe('failed');
  });
});
