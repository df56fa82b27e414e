import { existsSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { signElevenLabs } from '../../integrations/elevenlabs/signature';
import {
  audioEvent,
  conversationId,
  fakeMp3,
  postWebhook,
  transcriptionEvent,
  voiceFixture,
  WEBHOOK_SECRET,
} from './test-factory';
import type { WebhookVerdict } from './provider';
import { spoolBody, SPILL_BYTES } from './webhook-body';

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
      headers: {
        'content-type': 'application/json',
        'elevenlabs-signature': signElevenLabs(WEBHOOK_SECRET, raw),
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ received: true, duplicate: false });
  });

  it('leaves no temporary file behind, refused or accepted', async () => {
    const before = spooled();
    // A recording larger than what is kept in memory goes through a file.
    const body = audioEvent(conversationId(), fakeMp3(SPILL_BYTES * 2));
    expect((await postWebhook(ctx, body, { secret: 'otro-secreto' })).statusCode).toBe(401);
    expect((await postWebhook(ctx, { ...body, data: { conversation_id: 'x' } })).statusCode).toBe(400);
    expect((await postWebhook(ctx, body)).statusCode).toBe(200);
    expect((await postWebhook(ctx, transcriptionEvent(conversationId()))).statusCode).toBe(200);
    // Another test file's request may hold one for a moment; one of these never goes away.
    await expect.poll(() => [...spooled()].filter((f) => !before.has(f)), { timeout: 2000 }).toEqual([]);
  });
});

describe('spoolBody', () => {
  const counting = () => {
    let seen = 0;
    return {
      rejected: null,
      update: (c: Buffer) => void (seen += c.length),
      verdict: (): WebhookVerdict => (seen > 0 ? { ok: true } : { ok: false, reason: 'vacío' }),
      seen: () => seen,
    };
  };
  const chunks = (n: number) => Array.from({ length: n }, (_, i) => Buffer.alloc(64 * 1024, i));

  it('keeps a small body in memory and spills a large one to a file it removes on discard', async () => {
    const small = counting();
    const s = await spoolBody(Readable.from(chunks(2)), small, 10 * SPILL_BYTES);
    expect(s.file).toBeNull();
    expect((await s.read()).equals(Buffer.concat(chunks(2)))).toBe(true);

    const large = counting();
    const l = await spoolBody(Readable.from(chunks(20)), large, 10 * SPILL_BYTES);
    expect(large.seen()).toBe(20 * 64 * 1024);
    expect(l.file && existsSync(l.file)).toBe(true);
    expect((await l.read()).equals(Buffer.concat(chunks(20)))).toBe(true);
    await l.discard();
    expect(existsSync(l.file!)).toBe(false);
  });

  it('refuses a body past the limit with 413 and leaves no file', async () => {
    const before = spooled();
    await expect(spoolBody(Readable.from(chunks(20)), counting(), 8 * 64 * 1024)).rejects.toMatchObject({
      code: 'PAYLOAD_TOO_LARGE',
    });
    await expect.poll(() => [...spooled()].filter((f) => !before.has(f)), { timeout: 2000 }).toEqual([]);
  });
});
