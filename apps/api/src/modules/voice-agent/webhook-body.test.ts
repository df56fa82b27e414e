import { readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { signElevenLabs } from '../../integrations/elevenlabs/signature';
import { conversationId, postWebhook, transcriptionEvent, voiceFixture, WEBHOOK_SECRET } from './test-factory';

const ctx = voiceFixture();
const spooled = () => new Set(readdirSync(tmpdir()).filter((f) => f.startsWith('ips-voice-webhook-')));

describe('POST /integrations/elevenlabs/webhook — the body is spooled while it is verified', () => {
  it('verifies a body that arrives in many small chunks', async () => {
    const raw = JSON.stringify(transcriptionEvent(conversationId()));
    const chunks = raw.match(/[\s\S]{1,7}/g)!.map((s) => Buffer.from(s));
    const res = await ctx.t.app.inject({
      method: 'POST',
      url: '/api/integrations/elevenlabs/webhook',
      payload: Readable.from(chunks),
      headers: { 'content-type': 'application/json', 'elevenlabs-signature': signElevenLabs(WEBHOOK_SECRET, raw) },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ received: true, duplicate: false });
  });

  it('leaves no temporary file behind, refused or accepted', async () => {
    const before = spooled();
    const body = transcriptionEvent(conversationId());
    expect((await postWebhook(ctx, body, { secret: 'otro-secreto' })).statusCode).toBe(401);
    expect((await postWebhook(ctx, { type: 'post_call_transcription' })).statusCode).toBe(400);
    expect((await postWebhook(ctx, body)).statusCode).toBe(200);
    // Another test file's request may hold one for a moment; one of these never goes away.
    await expect
      .poll(() => [...spooled()].filter((f) => !before.has(f)), { timeout: 2000 })
      .toEqual([]);
  });
});
