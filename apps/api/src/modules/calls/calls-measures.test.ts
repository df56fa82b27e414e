import { describe, expect, it } from 'vitest';
import { SERVICE_LEVEL_SETTING } from '@ips/shared/schemas/calls';
import { calls } from '../../db/schema/calls';
import { callsFixture, handMade } from './test-factory';

const ctx = callsFixture();

/*
 * A hand-made hour of calls (seconds before now). Worked out by hand:
 *  #1 answered after 10 s, ended 100 s after the answer       → answered, within 20 s, handle 100
 *  #2 answered after 30 s, ended 200 s after the answer       → answered, not within 20 s (within 30), handle 200
 *  #3 answered after exactly 20 s, still active               → answered, within (≤ 20), no handle time yet
 *  #4 unanswered, hung up after 40 s                          → abandoned
 *  #5 unanswered, hung up after 3 s                           → short abandon (misdial): left out
 *  #6 waiting for 50 s, unanswered                            → offered, not decided yet
 *  #7 answered after 4 s, on hold for the last 70 s           → answered, within; longest current wait 70
 *  #8 two hours ago                                           → outside the 1-hour window
 * offered 7; answered 4 (#1 #2 #3 #7); within 20 s: 3 (#1 #3 #7); abandoned 1 (#4); short 1 (#5)
 * service level = 3 / (4 + 1) = 0.6; with a 30 s threshold 4 / 5 = 0.8
 * ASA = (10 + 30 + 20 + 4) / 4 = 16 s; AHT = (100 + 200) / 2 = 150 s; abandonment = 1 / 5 = 0.2
 * ended in the window: #1 (110 s), #2 (230 s), #4 (40 s), #5 (3 s) → 4 calls, 383 s, average 95.75 → 96
 */
async function seed(now: Date) {
  await ctx.t.app.deps.db
    .insert(calls)
    .values([
      handMade(now, { status: 'ended', started: 600, answered: 590, ended: 490 }),
      handMade(now, { status: 'ended', started: 1000, answered: 970, ended: 770 }),
      handMade(now, { status: 'active', started: 400, answered: 380 }),
      handMade(now, { status: 'ended', started: 800, ended: 760 }),
      handMade(now, { status: 'ended', started: 200, ended: 197 }),
      handMade(now, { status: 'waiting', started: 50, waitingSince: 50 }),
      handMade(now, { status: 'waiting', started: 300, answered: 296, waitingSince: 70 }),
      handMade(now, { status: 'ended', started: 7200, answered: 7100, ended: 7000 }),
    ]);
}

describe('the call-center measures', () => {
  it('match the hand-worked figures in /calls/stats', async () => {
    await seed(new Date());
    const res = await ctx.c.supervisor({ method: 'GET', url: '/api/calls/stats?hours=1' });
    expect(res.statusCode, res.body).toBe(200);
    const s = res.json().data;
    expect(s).toMatchObject({
      hours: 1,
      active_calls: 1,
      waiting_calls: 2,
      completed_calls: 4,
      call_ended: 4,
      total: 7,
      total_duration: 383,
      avg_duration: 96,
    });
    const { longest_current_wait, ...m } = s.measures;
    expect(m).toEqual({
      threshold_seconds: 20,
      offered: 7,
      answered: 4,
      answered_within_threshold: 3,
      abandoned: 1,
      short_abandoned: 1,
      service_level: 0.6,
      average_speed_of_answer: 16,
      average_handle_time: 150,
      abandonment_rate: 0.2,
    });
    expect(longest_current_wait).toBeGreaterThanOrEqual(70);
    expect(longest_current_wait).toBeLessThanOrEqual(75);
  });

  it('the threshold comes from the setting cc_service_level_threshold_seconds', async () => {
    const put = (value: number) =>
      ctx.c.admin({ method: 'PUT', url: '/api/settings', payload: { [SERVICE_LEVEL_SETTING]: value } });
    expect((await put(30)).statusCode).toBe(200);
    const res = await ctx.c.agent({ method: 'GET', url: '/api/calls/stats?hours=1' });
    expect(res.json().data.measures).toMatchObject({
      threshold_seconds: 30,
      answered_within_threshold: 4,
      service_level: 0.8,
    });
    expect((await put(20)).statusCode).toBe(200);
  });

  it('the dashboard carries the live lists (longest wait first) and the measures', async () => {
    const res = await ctx.c.reception({ method: 'GET', url: '/api/calls/dashboard' });
    expect(res.statusCode, res.body).toBe(200);
    const d = res.json().data;
    expect(d.stats).toMatchObject({ active: 1, waiting: 2 });
    expect(d.active).toHaveLength(1);
    // #7 has waited 70 s since its hold, #6 50 s: the longest wait comes first.
    expect(d.waiting.map((c: { current_wait: number }) => c.current_wait)).toEqual([
      expect.any(Number),
      expect.any(Number),
    ]);
    expect(d.waiting[0].current_wait).toBeGreaterThan(d.waiting[1].current_wait);
    expect(d.stats.measures.longest_current_wait).toBe(d.waiting[0].current_wait);
    expect(d.active[0].current_duration).toBeGreaterThanOrEqual(380);
  });

  it('the monitor: cards, active calls, the last five completed', async () => {
    const res = await ctx.c.agent({ method: 'GET', url: '/api/calls/status' });
    expect(res.statusCode, res.body).toBe(200);
    const d = res.json().data;
    expect(d.active_calls).toHaveLength(1);
    expect(d.completed_calls.length).toBeLessThanOrEqual(5);
    expect(d.completed_calls.map((c: { status: string }) => c.status)).toEqual(
      d.completed_calls.map(() => 'ended'),
    );
    expect(d.stats.active_calls).toBe(1);
    expect(typeof d.last_updated).toBe('string');
  });

  it('refuses an hours value out of range', async () => {
    const res = await ctx.c.agent({ method: 'GET', url: '/api/calls/stats?hours=0' });
    expect(res.statusCode).toBe(400);
  });
});
