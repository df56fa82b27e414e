import { describe, expect, it } from 'vitest';
import { createPatient } from '../../test/factories/patients';
import {
  audioEvent,
  conversationId,
  postWebhook,
  settle,
  transcriptionEvent,
  voiceFixture,
} from './test-factory';

const ctx = voiceFixture();

describe('GET /consultations/elevenlabs', () => {
  it('pages newest first with an opaque cursor, every consultation once', async () => {
    const convs = [conversationId(), conversationId(), conversationId(), conversationId(), conversationId()];
    for (const [i, conv] of convs.entries()) {
      const ev = transcriptionEvent(conv);
      ev.data.metadata.start_time_unix_secs -= (convs.length - i) * 60;
      await postWebhook(ctx, ev);
    }
    await settle(ctx);
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const url: string = `/api/consultations/elevenlabs?page_size=2${cursor ? `&cursor=${cursor}` : ''}`;
      const res = await ctx.c.reception({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.page_size).toBe(2);
      seen.push(...body.data.map((d: { conversation_id: string }) => d.conversation_id));
      cursor = body.next_cursor;
      pages++;
    } while (cursor && pages < 10);
    expect(seen).toEqual([...convs].reverse());
    expect(pages).toBe(3);
  });

  it('refuses a bad cursor and a page size out of range with 400, and doctors with 403', async () => {
    expect(
      (await ctx.c.agent({ method: 'GET', url: '/api/consultations/elevenlabs?cursor=bm9wZQ' })).statusCode,
    ).toBe(400);
    const big = await ctx.c.agent({ method: 'GET', url: '/api/consultations/elevenlabs?page_size=500' });
    expect(big.statusCode).toBe(400);
    expect(big.json().message).toContain('page_size');
    expect((await ctx.c.doctor({ method: 'GET', url: '/api/consultations/elevenlabs' })).statusCode).toBe(
      403,
    );
  });
});

describe('GET /consultations/elevenlabs/{id}', () => {
  it('has the transcript, the data collected, the patient and the audio link', async () => {
    const patient = await createPatient(ctx.c.reception, { name: 'Rosa Detalle', phone: '3117778899' });
    const conv = conversationId();
    await postWebhook(ctx, transcriptionEvent(conv, { phone: '+573117778899', data: { motivo: 'Control' } }));
    await postWebhook(ctx, audioEvent(conv));
    await settle(ctx);
    const byConv = await ctx.c.agent({ method: 'GET', url: `/api/consultations/elevenlabs/${conv}` });
    expect(byConv.statusCode).toBe(200);
    const d = byConv.json().data;
    expect(d).toMatchObject({
      conversation_id: conv,
      patient_id: patient.id,
      patient_name: 'Rosa Detalle',
      duration_secs: 125,
      outcome: 'success',
      data_collected: { motivo: 'Control' },
      appointment: null,
      queue_entry: null,
    });
    expect(d.transcript).toHaveLength(2);
    expect(d.audio_url).toBe(`/api/calls/${d.call_id}/audio`);
    const byId = await ctx.c.agent({ method: 'GET', url: `/api/consultations/elevenlabs/${d.id}` });
    expect(byId.json().data.conversation_id).toBe(conv);
  });

  it('is 404 for an unknown consultation', async () => {
    const res = await ctx.c.agent({ method: 'GET', url: '/api/consultations/elevenlabs/999999' });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Consulta no encontrada');
  });
});

describe('GET /integrations/elevenlabs/status', () => {
  it('says what is configured and when the last webhook came, without any secret; admins only', async () => {
    const res = await ctx.c.admin({ method: 'GET', url: '/api/integrations/elevenlabs/status' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      provider: 'elevenlabs',
      webhook_configured: true,
      outbound_configured: false,
      tools_configured: true,
    });
    expect(res.json().data.last_webhook_at).not.toBeNull();
    expect(res.body).not.toContain('wsec_prueba');
    expect(res.body).not.toContain('tool_secret_prueba');
    expect(
      (await ctx.c.supervisor({ method: 'GET', url: '/api/integrations/elevenlabs/status' })).statusCode,
    ).toBe(403);
  });
});
