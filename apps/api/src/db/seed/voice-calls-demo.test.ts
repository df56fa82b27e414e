import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localDate, parseLocalDateTime } from '@ips/shared/format';
import { addDays, isoWeekday } from '@ips/shared/scheduling/calendar-days';
import { as, buildTestApp, loginAs, type TestApp } from '../../test/helpers';
import { seedCallsDemo } from './calls-demo';
import { seedVoiceDemo } from './voice-demo';

/*
 * Issue 34 items 3 and 4: the demo's voice-agent conversations (Consultas IA with transcript, the call's webhook
 * data and a playable recording), and a demo started again on a later day gets that day's calls.
 */
let t: TestApp;
let admin: Awaited<ReturnType<typeof as>>;
beforeAll(async () => {
  t = await buildTestApp({ demoMode: true });
  admin = as(t.app, await loginAs(t.app, 'admin@test.ips.co'));
});
afterAll(async () => t?.close());

describe('demo voice agent', () => {
  it('lists consultations with transcript, their calls with webhook data and a WAV recording', async () => {
    const list = await admin({ method: 'GET', url: '/api/consultations/elevenlabs' });
    expect(list.statusCode).toBe(200);
    const items = list.json().data as { id: number }[];
    expect(items.length).toBeGreaterThanOrEqual(3);
    const one = await admin({ method: 'GET', url: `/api/consultations/elevenlabs/${items[0]!.id}` });
    expect(one.statusCode).toBe(200);
    const c = one.json().data as { transcript: { role: string; message: string }[]; call_id: number };
    expect(c.transcript.length).toBeGreaterThan(2);
    expect(c.transcript.map((x) => x.role)).toContain('user');
    const call = await admin({ method: 'GET', url: `/api/calls/${c.call_id}` });
    expect(call.statusCode).toBe(200);
    const body = JSON.stringify(call.json().data);
    expect(body).toContain('call_duration_secs');
    const audio = await admin({ method: 'GET', url: `/api/calls/${c.call_id}/audio` });
    expect(audio.statusCode).toBe(200);
    expect(audio.headers['content-type']).toContain('audio/wav');
    expect(audio.rawPayload.subarray(0, 4).toString('latin1')).toBe('RIFF');
    expect(audio.rawPayload.length).toBeGreaterThan(16_000);
    expect(await seedVoiceDemo(t.app.deps.db)).toBe(0);
  });
});

describe('demo calls on a later start', () => {
  it('adds the calls since the last one up to now, once', async () => {
    const tz = t.app.deps.config.orgTimezone;
    const q = (text: string) => t.app.deps.database.query<{ at: Date | string }>(text);
    const [last] = await q('select max(started_at) at from calls');
    // The next weekday at noon: a working day with calls until then.
    let day = addDays(localDate(new Date(), tz), 1);
    while (isoWeekday(day) > 5) day = addDays(day, 1);
    const later = parseLocalDateTime(`${day} 12:00`, tz)!;
    const added = await seedCallsDemo(t.app.deps.db, tz, later);
    expect(added).toBeGreaterThan(5);
    const rows = await t.app.deps.database.query<{ s: Date | string; e: Date | string }>(
      `select started_at s, ended_at e from calls where started_at > $1`,
      [new Date(last!.at).toISOString()],
    );
    expect(rows.length).toBeGreaterThanOrEqual(added);
    expect(rows.every((r) => new Date(r.e) <= later)).toBe(true);
    expect(rows.some((r) => localDate(new Date(r.s), tz) === day)).toBe(true);
    expect(await seedCallsDemo(t.app.deps.db, tz, later)).toBe(0);
  });
});
