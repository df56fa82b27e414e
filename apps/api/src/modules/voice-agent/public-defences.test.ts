import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signElevenLabs } from '../../integrations/elevenlabs/signature';
import { PUBLIC_BODY_LIMIT } from '../../plugins/auth';
import { RATE_LIMITS } from '../../plugins/rate-limit';
import { buildTestApp, type TestApp } from '../../test/helpers';
import { TOOL_SECRET, WEBHOOK_SECRET, WEBHOOK_URL } from './test-factory';

/**
 * Issue 33: the routes without a session refuse what they can before reading the body, read no more than they
 * need, and an address that keeps failing their secret is limited (production limits: scale 1).
 */
let t: TestApp;
let base: string;
beforeAll(async () => {
  t = await buildTestApp({
    rateLimitScale: 1,
    voice: {
      baseUrl: 'http://127.0.0.1:9',
      webhookSecret: WEBHOOK_SECRET,
      toolSecret: TOOL_SECRET,
      outboundPerMinute: 10,
      outboundMaxAttempts: 3,
    },
  });
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => t?.close());

/**
 * Sends the headers of a `declared`-byte body and no byte of it; resolves with the answer if it comes while the
 * body is still unsent (within `waitMs`), or null when the server waits for the body.
 */
function headersOnly(headers: Record<string, string>, declared: number, waitMs = 3000) {
  return new Promise<{ status: number; body: string; connection?: string } | null>((resolve, reject) => {
    const req = httpRequest(`${base}${WEBHOOK_URL}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'content-length': String(declared), ...headers },
    });
    const timer = setTimeout(() => {
      req.destroy();
      resolve(null);
    }, waitMs);
    req.on('response', (res) => {
      let body = '';
      res.on('data', (c: Buffer) => (body += c.toString()));
      res.on('end', () => {
        clearTimeout(timer);
        req.destroy();
        resolve({ status: res.statusCode!, body, connection: res.headers.connection });
      });
    });
    req.on('error', (err) => {
      clearTimeout(timer);
      reject(err);
    });
    req.flushHeaders();
  });
}

const THIRTY_MB = 30 * 1024 * 1024;

describe('the voice webhook decides on its headers first', () => {
  const now = () => Math.floor(Date.now() / 1000);
  it.each([
    ['no signature', {}, 'Falta la firma'],
    ['a malformed signature', { 'elevenlabs-signature': 'v0=abc' }, 'Firma mal formada'],
    [
      'a stale timestamp',
      { 'elevenlabs-signature': signElevenLabs(WEBHOOK_SECRET, '{}', now() - 3 * 3600) },
      'Firma vencida',
    ],
  ])('with %s it answers 401 before a byte of a 30 MB body is sent, and closes', async (_n, h, reason) => {
    const res = await headersOnly(h as Record<string, string>, THIRTY_MB);
    expect(res).not.toBeNull();
    expect(res!.status).toBe(401);
    expect(JSON.parse(res!.body)).toMatchObject({
      success: false,
      message: `Firma del webhook rechazada: ${reason}`,
    });
    expect(res!.connection).toBe('close');
  });

  it('a well-formed signature still waits for the body it signs', async () => {
    const sig = signElevenLabs(WEBHOOK_SECRET, '{}', now());
    expect(await headersOnly({ 'elevenlabs-signature': sig }, 1024, 500)).toBeNull();
  });
});

describe('public routes read only what they need', () => {
  it('a sign-in or a voice tool call over the public cap is 413 before it is read', async () => {
    const big = JSON.stringify({ email: 'a@b.co', password: 'x'.repeat(PUBLIC_BODY_LIMIT) });
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: big,
      headers: { 'content-type': 'application/json' },
    });
    expect(login.statusCode).toBe(413);
    expect(login.json()).toMatchObject({
      success: false,
      message: 'La solicitud excede el tamaño máximo permitido',
    });
    const tool = await t.app.inject({
      method: 'POST',
      url: '/api/integrations/elevenlabs/tools/find-patient',
      headers: { authorization: `Bearer ${TOOL_SECRET}`, 'content-type': 'application/json' },
      payload: JSON.stringify({ document: '1'.repeat(PUBLIC_BODY_LIMIT) }),
      remoteAddress: '203.0.113.50',
    });
    expect(tool.statusCode).toBe(413);
  });
});

describe('an address that keeps failing a public secret is limited', () => {
  const tool = (ip: string, secret?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/integrations/elevenlabs/tools/find-patient',
      headers: secret ? { authorization: `Bearer ${secret}` } : {},
      payload: { document: '1032456789' },
      remoteAddress: ip,
    });

  it('200 calls without the secret: 30 are 401, the rest 429 with Retry-After; another address is served', async () => {
    const { burst } = RATE_LIMITS.refused;
    const statuses: number[] = [];
    let retryAfter: string | undefined;
    for (let i = 0; i < 200; i++) {
      const res = await tool('198.51.100.77', i % 2 ? 'secreto-adivinado' : undefined);
      statuses.push(res.statusCode);
      if (res.statusCode === 429) retryAfter ??= res.headers['retry-after'] as string;
    }
    expect(statuses.filter((s) => s === 401)).toHaveLength(burst);
    expect(statuses.filter((s) => s === 429)).toHaveLength(200 - burst);
    expect(Number(retryAfter)).toBeGreaterThanOrEqual(1);
    // Refused at once: the right secret from that address waits too, from another address it is served.
    expect((await tool('198.51.100.77', TOOL_SECRET)).statusCode).toBe(429);
    expect((await tool('198.51.100.78', TOOL_SECRET)).statusCode).toBe(200);
  });

  it('failed webhook signatures count the same way, and sign-in keeps its own lockout instead', async () => {
    const ip = '198.51.100.90';
    const statuses: number[] = [];
    for (let i = 0; i < RATE_LIMITS.refused.burst + 5; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: WEBHOOK_URL,
        headers: { 'content-type': 'application/json' },
        payload: '{}',
        remoteAddress: ip,
      });
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(-5)).toEqual([429, 429, 429, 429, 429]);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'nadie@test.ips.co', password: 'no-es-la-clave' },
      remoteAddress: ip,
    });
    expect(login.statusCode).toBe(401);
  });
});
