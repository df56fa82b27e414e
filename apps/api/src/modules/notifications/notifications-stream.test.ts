import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, loginAs, type TestApp } from '../../test/helpers';
import { frames, listen, openStream } from '../../test/sse-client';
import { callers } from '../../test/factories/patients';

let t: TestApp;
let base: string;
let c: Awaited<ReturnType<typeof callers>>;
beforeAll(async () => {
  t = await buildTestApp();
  c = await callers(t.app);
  base = await listen(t.app);
});
afterAll(async () => t?.close());

const stream = (token: string) => openStream(base, token, undefined, '/api/notifications/stream');

describe('GET /notifications/stream', () => {
  it('tells each user only of their own notifications, sent and marked read', async () => {
    const agent = await stream(await loginAs(t.app, 'agent@test.ips.co'));
    const doctor = await stream(await loginAs(t.app, 'doctor@test.ips.co'));
    expect(agent.status).toBe(200);
    await agent.waitFor((x) => x.includes('retry'));
    await doctor.waitFor((x) => x.includes('retry'));

    const sent = await c.supervisor({
      method: 'POST',
      url: '/api/notifications',
      payload: { title: 'Solo agentes', roles: ['agent'] },
    });
    expect(sent.statusCode, sent.body).toBe(201);
    const seen = await agent.waitFor((x) => frames(x).length >= 1);
    expect(frames(seen)[0]).toMatchObject({
      event: 'notification',
      data: { channel: 'notifications', payload: { user_ids: [t.users.agent.id] } },
    });
    // Marking all read tells the agent's other tabs too.
    await c.agent({ method: 'PUT', url: '/api/notifications/mark-all-read' });
    await agent.waitFor((x) => frames(x).length >= 2);

    // A notification for the doctor arrives after the agent's: had the agent's reached the doctor, it would be first.
    await c.admin({
      method: 'POST',
      url: '/api/notifications',
      payload: { title: 'Médicos', roles: ['doctor'] },
    });
    const doc = await doctor.waitFor((x) => frames(x).length >= 1);
    expect(frames(doc).map((f) => f.data.payload)).toEqual([{ user_ids: [t.users.doctor.id] }]);
    await agent.close();
    await doctor.close();
  });
});
