import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/helpers';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ corsOrigin: 'https://agenda.ips.co' });
});
afterAll(async () => t?.close());

describe('hardening', () => {
  it('sends security headers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.headers['content-security-policy']).toMatch(/default-src 'self'/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['strict-transport-security']).toBeDefined();
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(res.headers['x-powered-by']).toBeUndefined();
  });

  it('allows CORS only for the configured origin', async () => {
    const good = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/health',
      headers: { origin: 'https://agenda.ips.co', 'access-control-request-method': 'GET' },
    });
    expect(good.headers['access-control-allow-origin']).toBe('https://agenda.ips.co');
    const bad = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { origin: 'https://malicioso.example' },
    });
    expect(bad.headers['access-control-allow-origin']).toBeUndefined();
  });
});
