import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/helpers';
import { addressKey, RATE_LIMITS } from './rate-limit';

describe('addressKey', () => {
  it('keeps IPv4, unwraps IPv4-mapped IPv6 and groups IPv6 by its /64', () => {
    expect(addressKey('203.0.113.7')).toBe('203.0.113.7');
    expect(addressKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(addressKey('2001:db8:1:2:3:4:5:6')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:0DB8:0001:0002:ffff::1')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(addressKey('::1')).toBe('0:0:0:0::/64');
    expect(addressKey('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
  });
});

/** Production limits: the login screen's routes, per address, all accounts together. */
describe('per-address limit on the routes without sign-in', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ rateLimitScale: 1 });
  });
  afterAll(async () => t?.close());

  const login = (email: string, ip: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password: 'no-es-la-clave' },
      remoteAddress: ip,
    });

  it('200 sign-ins against 200 accounts from one address: past the burst 429 with Retry-After', async () => {
    const { burst } = RATE_LIMITS.login;
    const all = await Promise.all(
      Array.from({ length: 200 }, (_, i) => login(`cuenta${i}@test.ips.co`, '198.51.100.1')),
    );
    const evaluated = all.filter((r) => r.statusCode === 401).length;
    const limited = all.filter((r) => r.statusCode === 429);
    expect(evaluated).toBeGreaterThanOrEqual(burst);
    expect(evaluated).toBeLessThanOrEqual(burst + 1);
    expect(limited.length + evaluated).toBe(200);
    const retryAfter = Number(limited[0]!.headers['retry-after']);
    expect(Number.isInteger(retryAfter) && retryAfter >= 1 && retryAfter <= 60).toBe(true);
    expect(limited[0]!.json()).toEqual({
      success: false,
      error: 'Demasiadas solicitudes',
      message: expect.stringMatching(/^Demasiadas solicitudes\. Espere \d+ segundos? e intente de nuevo\.$/),
    });
    // Another address is not affected; one in the same IPv6 /64 shares its allowance.
    expect((await login('otra@test.ips.co', '198.51.100.2')).statusCode).toBe(401);
    await Promise.all(Array.from({ length: burst }, () => login('v6@test.ips.co', '2001:db8:5:6::1')));
    expect((await login('v6@test.ips.co', '2001:db8:5:6::abcd')).statusCode).toBe(429);
  });

  it('the other public routes are limited per address too; the health check is not', async () => {
    const { burst, perMinute } = RATE_LIMITS.public;
    const get = (url: string) => t.app.inject({ method: 'GET', url, remoteAddress: '198.51.100.9' });
    const urls = ['/api/settings/public', '/api/docs'];
    const started = Date.now();
    const answers = await Promise.all(Array.from({ length: burst + 20 }, (_, i) => get(urls[i % 2]!)));
    // The allowance refills while the requests are answered (each /api/docs builds the whole OpenAPI document,
    // seconds in all on a loaded machine): those tokens are admitted too.
    const refilled = Math.ceil(((Date.now() - started) * perMinute) / 60_000);
    const refused = answers.filter((r) => r.statusCode === 429);
    expect(refused.length).toBeLessThanOrEqual(20);
    expect(refused.length).toBeGreaterThanOrEqual(Math.min(19, 20 - refilled));
    expect(Number(refused[0]!.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    // Both routes count against the same allowance of the address.
    const refusedUrls = new Set(answers.map((r, i) => (r.statusCode === 429 ? urls[i % 2] : null)));
    expect(refusedUrls).toEqual(new Set([null, ...urls]));
    const health = await Promise.all(Array.from({ length: burst * 2 }, () => get('/api/health')));
    expect(health.every((r) => r.statusCode === 200)).toBe(true);
  });
});
