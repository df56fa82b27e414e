import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { openDatabase } from '../../db/client';
import { SETTINGS_BACKSTOP_MS } from '../../lib/live-settings';
import { as, buildTestApp, loginAs, onPostgres, testConfig, type TestApp } from '../../test/helpers';

/** Polls until `check` holds; fails after `ms`, far below the settings' 30 s backstop read. */
async function within(ms: number, check: () => Promise<boolean> | boolean) {
  const deadline = Date.now() + ms;
  for (;;) {
    if (await check()) return;
    if (Date.now() > deadline) throw new Error(`not within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

describe.runIf(onPostgres)('a settings change on one instance takes effect on another (PostgreSQL)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => t?.close());

  it('the timezone and the name reach the second instance through NOTIFY, without a restart', async () => {
    expect(SETTINGS_BACKSTOP_MS).toBeGreaterThan(10_000);
    const database = await openDatabase({ databaseUrl: t.databaseUrl, dataDir: '' });
    const other = await buildApp(testConfig({ databaseUrl: t.databaseUrl }), { database });
    try {
      expect(other.deps.config.orgTimezone).toBe('America/Bogota');
      const reloads = other.deps.settings.reloads;
      const admin = as(t.app, await loginAs(t.app, 'admin@test.ips.co'));
      const res = await admin({
        method: 'PUT',
        url: '/api/settings',
        payload: { org_timezone: 'Asia/Tokyo', org_name: 'IPS Segunda Instancia' },
      });
      expect(res.statusCode).toBe(200);
      // The instance that made the change: at once.
      expect(t.app.deps.config.orgTimezone).toBe('Asia/Tokyo');
      // The other one: on the event, well before its backstop read.
      await within(2_000, () => other.deps.config.orgTimezone === 'Asia/Tokyo');
      expect(other.deps.settings.reloads).toBeGreaterThan(reloads);
      const pub = await other.inject({ method: 'GET', url: '/api/settings/public' });
      expect(pub.json().data).toMatchObject({
        org_timezone: 'Asia/Tokyo',
        org_name: 'IPS Segunda Instancia',
      });
      const onB = as(other, await loginAs(other, 'reception@test.ips.co'));
      expect((await onB({ method: 'GET', url: '/api/settings' })).json().data.org_timezone).toBe(
        'Asia/Tokyo',
      );
    } finally {
      await other.close();
    }
  });
});
