import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/helpers';

const ALLOWED = 'https://agenda.ips.co';
let t: TestApp;
let behindProxy: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ corsOrigin: ALLOWED });
  behindProxy = await buildTestApp({ trustProxy: ['10.0.0.0/8'] });
});
afterAll(async () => {
  await t?.close();
  await behindProxy?.close();
});

const preflight = (app: TestApp['app'], origin: string, method: string, headers = 'authorization') =>
  app.inject({
    method: 'OPTIONS',
    url: '/api/patients/1',
    headers: {
      origin,
      'access-control-request-method': method,
      'access-control-request-headers': headers,
    },
  });

describe('hardening', () => {
  it('sends security headers; over plain HTTP no HSTS and no upgrade-insecure-requests', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toMatch(/default-src 'self'/);
    expect(csp).toMatch(/img-src 'self' data: blob: https:/);
    expect(csp).not.toMatch(/upgrade-insecure-requests/);
    expect(res.headers['strict-transport-security']).toBeUndefined();
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(res.headers['x-powered-by']).toBeUndefined();
  });

  it('adds HSTS and the upgrade directive when the request came over HTTPS through a trusted proxy', async () => {
    const viaProxy = await behindProxy.app.inject({
      method: 'GET',
      url: '/api/health',
      remoteAddress: '10.0.0.2',
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(viaProxy.headers['strict-transport-security']).toMatch(/max-age=\d+/);
    expect(String(viaProxy.headers['content-security-policy'])).toMatch(/upgrade-insecure-requests/);
    expect(String(viaProxy.headers['content-security-policy'])).toMatch(/default-src 'self'/);

    // The same claim from a client that is not a trusted proxy changes nothing.
    const spoofed = await behindProxy.app.inject({
      method: 'GET',
      url: '/api/health',
      remoteAddress: '192.0.2.10',
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(spoofed.headers['strict-transport-security']).toBeUndefined();
    expect(String(spoofed.headers['content-security-policy'])).not.toMatch(/upgrade-insecure-requests/);
  });
});

describe('CORS', () => {
  it('lets the configured origin use every method and header the API uses', async () => {
    for (const method of ['GET', 'POST', 'PUT', 'PATCH', 'DELETE']) {
      const res = await preflight(t.app, ALLOWED, method, 'authorization,content-type,idempotency-key');
      expect(res.statusCode, method).toBe(204);
      expect(res.headers['access-control-allow-origin']).toBe(ALLOWED);
      const methods = String(res.headers['access-control-allow-methods']).split(',');
      expect(methods.map((m) => m.trim())).toContain(method);
      const allowed = String(res.headers['access-control-allow-headers']).toLowerCase();
      for (const h of ['authorization', 'content-type', 'idempotency-key', 'last-event-id', 'x-request-id'])
        expect(allowed).toContain(h);
      expect(Number(res.headers['access-control-max-age'])).toBeGreaterThan(0);
    }
    const real = await t.app.inject({ method: 'GET', url: '/api/health', headers: { origin: ALLOWED } });
    expect(real.headers['access-control-allow-origin']).toBe(ALLOWED);
    expect(String(real.headers['access-control-expose-headers'])).toMatch(/x-request-id/);
    expect(String(real.headers['access-control-expose-headers'])).toMatch(/retry-after/);
  });

  it('allows nothing to a foreign origin', async () => {
    // Without Access-Control-Allow-Origin the browser refuses the request whatever else the answer says.
    const res = await preflight(t.app, 'https://malicioso.example', 'DELETE');
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
    const get = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { origin: 'https://malicioso.example' },
    });
    expect(get.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('allows no origin at all without CORS_ORIGIN', async () => {
    const res = await preflight(behindProxy.app, ALLOWED, 'DELETE');
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
    expect(res.headers['access-control-allow-methods']).toBeUndefined();
  });
});
