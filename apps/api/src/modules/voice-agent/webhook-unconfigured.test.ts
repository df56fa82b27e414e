import { describe, expect, it } from 'vitest';
import { postWebhook, transcriptionEvent, voiceFixture } from './test-factory';

const ctx = voiceFixture({ webhookSecret: undefined });

describe('POST /integrations/elevenlabs/webhook without a webhook secret', () => {
  it('is 401: nothing can be verified', async () => {
    const res = await postWebhook(ctx, transcriptionEvent('conv_x'));
    expect(res.statusCode).toBe(401);
  });
});
