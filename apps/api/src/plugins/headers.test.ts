import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import helmet from 'helmet';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, buildTestApp, loginAs, type TestApp } from '../test/helpers';
import { listen } from '../test/sse-client';
import { HELMET_OVER_HTTP, HELMET_OVER_HTTPS } from './security-headers';

const ALLOWED = 'https://agenda.ips.co';
let t: TestApp;
let behindProxy: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ corsOrigin: ALLOWED });
  // Per-user limits at their real size here (the 429 below).
  behindProxy = await buildTestApp({ trustProxy: ['10.0.0.0/8'], rateLimitScale: 1 });
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

/** What helmet itself sets on a real Node response with these options. */
function helmetOnARealResponse(options: Parameters<typeof helmet>[0]): Record<string, string> {
  const res = new ServerResponse(new IncomingMessage(new Socket()));
  res.setHeader('X-Powered-By', 'algo');
  helmet(options)(res.req, res, () => {});
  return Object.fromEntries(Object.entries(res.getHeaders()).map(([k, v]) => [k, String(v)]));
}

function expectSecurityHeaders(headers: Record<string, unknown>, overHttps = false) {
  const expected = helmetOnARealResponse(overHttps ? HELMET_OVER_HTTPS : HELMET_OVER_HTTP);
  expect(Object.keys(expected).length).toBeGreaterThanOrEqual(11);
  for (const [name, value] of Object.entries(expected)) expect(headers[name], name).toBe(value);
  expect(headers['x-powered-by']).toBeUndefined();
  if (!overHttps) expect(headers['strict-transport-security']).toBeUndefined();
}

describe("security headers: helmet's, computed once, on every answer", () => {
  it('are exactly the headers helmet sets on a real response, over HTTP and over HTTPS', async () => {
    expectSecurityHeaders((await t.app.inject({ method: 'GET', url: '/api/health' })).headers);
    const https = await behindProxy.app.inject({
      method: 'GET',
      url: '/api/health',
      remoteAddress: '10.0.0.2',
      headers: { 'x-forwarded-proto': 'https' },
    });
    expectSecurityHeaders(https.headers, true);
  });

  it('go with the request id on refusals and errors, including those raised before routing', async () => {
    const answers = [
      await t.app.inject({ method: 'GET', url: '/api/auth/me' }), // 401
      await t.app.inject({ method: 'GET', url: '/api/no-existe' }), // 404
      await t.app.inject({ method: 'GET', url: '/api/%E0%A4%A' }), // 400, a malformed URL
      await t.app.inject({ method: 'GET', url: `/api/users/${'9'.repeat(500)}` }), // 414
      await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        headers: { 'content-type': 'application/json' },
        payload: '{',
      }), // 400
    ];
    expect(answers.map((a) => a.statusCode)).toEqual([401, 404, 400, 414, 400]);
    for (const a of answers) {
      expectSecurityHeaders(a.headers);
      expect(a.headers['x-request-id'], String(a.statusCode)).toMatch(/^[\w.-]{8,64}$/);
    }
  });

  it('go with a 429 and its Retry-After', async () => {
    const admin = as(behindProxy.app, await loginAs(behindProxy.app, 'admin@test.ips.co'));
    let res;
    for (let i = 0; i < 20; i++) {
      res = await admin({ method: 'GET', url: '/api/availabilities/daily-export' });
      if (res.statusCode === 429) break;
    }
    expect(res!.statusCode).toBe(429);
    expect(Number(res!.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expectSecurityHeaders(res!.headers);
    expect(res!.headers['x-request-id']).toBeTruthy();
  });

  it('go with an event stream, which writes its own head, with the request id and CORS', async () => {
    const base = await listen(t.app);
    const token = await loginAs(t.app, 'agent@test.ips.co');
    const controller = new AbortController();
    const res = await fetch(`${base}/api/events/stream?token=${token}`, {
      headers: { origin: ALLOWED, 'x-request-id': 'flujo-12345678' },
      signal: controller.signal,
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/text\/event-stream/);
    expectSecurityHeaders(Object.fromEntries(res.headers));
    expect(res.headers.get('x-request-id')).toBe('flujo-12345678');
    expect(res.headers.get('access-control-allow-origin')).toBe(ALLOWED);
    controller.abort();
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
