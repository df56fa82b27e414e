import { beforeAll, describe, expect, it } from 'vitest';
import { loginAs } from '../../test/helpers';
import { frames, listen, openStream } from '../../test/sse-client';
import { callsFixture, registerCall } from './test-factory';

const ctx = callsFixture();
let base: string;
beforeAll(async () => {
  base = await listen(ctx.t.app);
});

const callsStream = (token: string, last?: number) => openStream(base, token, last, '/api/calls/stream');

describe('GET /calls/stream', () => {
  it('carries every change of a call, and a reconnect with Last-Event-ID replays what was missed', async () => {
    const token = await loginAs(ctx.t.app, 'reception@test.ips.co');
    const s1 = await callsStream(token);
    expect(s1.status).toBe(200);
    await s1.waitFor((x) => x.includes('retry'));
    const call = await registerCall(ctx.c.agent);
    await ctx.c.agent({
      method: 'POST',
      url: `/api/calls/${call.id}/attend`,
      payload: { agent_name: 'Ana' },
    });
    const seen = await s1.waitFor((x) => frames(x).length >= 2);
    expect(frames(seen).map((f) => [f.event, f.data.payload.id, f.data.payload.status])).toEqual([
      ['created', call.id, 'waiting'],
      ['attended', call.id, 'active'],
    ]);
    const lastId = frames(seen).at(-1)!.id;
    await s1.close();

    await ctx.c.agent({ method: 'POST', url: `/api/calls/${call.id}/hold` });
    await ctx.c.agent({ method: 'POST', url: `/api/calls/${call.id}/end`, payload: { outcome: 'x' } });
    const s2 = await callsStream(token, lastId);
    const replayed = await s2.waitFor((x) => frames(x).length >= 2);
    expect(frames(replayed).map((f) => f.event)).toEqual(['held', 'ended']);
    await s2.close();
  });

  it('is refused to doctors', async () => {
    const token = await loginAs(ctx.t.app, 'doctor@test.ips.co');
    const s = await callsStream(token);
    expect(s.status).toBe(403);
    await s.close();
  });
});
