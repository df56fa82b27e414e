import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, buildTestApp, loginAs, type TestApp } from '../test/helpers';
import { RATE_LIMITS, TokenBuckets } from './rate-limit';

describe('TokenBuckets', () => {
  it('lets a burst through, then refills at the sustained rate and says how long to wait', () => {
    let now = 0;
    const b = new TokenBuckets(1, () => now);
    const { burst, perMinute } = RATE_LIMITS.search;
    for (let i = 0; i < burst; i++) expect(b.take('search', 'u1')).toBe(0);
    const wait = b.take('search', 'u1');
    expect(wait).toBe(Math.ceil(60 / perMinute));
    // Other users and other groups have their own buckets.
    expect(b.take('search', 'u2')).toBe(0);
    expect(b.take('report', 'u1')).toBe(0);
    expect(b.take('search', 'u1')).toBe(wait);
    now += wait * 1000;
    expect(b.take('search', 'u1')).toBe(0);
  });

  it('a receptionist typing fast is never refused', () => {
    let now = 0;
    const b = new TokenBuckets(1, () => now);
    const type = (requests: number, everyMs: number) => {
      let refused = 0;
      for (let i = 0; i < requests; i++) {
        if (b.take('search', 'u1') > 0) refused++;
        now += everyMs;
      }
      return refused;
    };
    // Three long names at 10 keystrokes a second with no debounce at all, one request per keystroke, a few
    // seconds apart.
    for (let n = 0; n < 3; n++) {
      expect(type(40, 100)).toBe(0);
      now += 5_000;
    }
    // Then ten minutes of searching without pause through the web's 300 ms debounce (at most ~3 a second).
    now += 60_000;
    expect(type(2000, 300)).toBe(0);
  });

  it('forgets buckets that have refilled', () => {
    let now = 0;
    const b = new TokenBuckets(1, () => now);
    b.take('export', 'u1');
    b.take('search', 'u2');
    b.sweep();
    expect(b.size).toBe(2);
    now += 60_000;
    b.sweep();
    expect(b.size).toBe(0);
  });

  it('scales the limits', () => {
    const b = new TokenBuckets(0.5, () => 0);
    for (let i = 0; i < RATE_LIMITS.export.burst / 2; i++) expect(b.take('export', 'u1')).toBe(0);
    expect(b.take('export', 'u1')).toBeGreaterThan(0);
  });
});

/**
 * Sends requests until the first 429: at least `burst` must pass first (more may, as the bucket refills while
 * this machine answers them), and one must be refused well before twice the burst.
 */
async function untilLimited(call: ReturnType<typeof as>, urls: string[], burst: number) {
  for (let i = 0; i < burst * 2; i++) {
    const res = await call({ method: 'GET', url: urls[i % urls.length]! });
    if (res.statusCode === 429) {
      expect(i, 'respondidas antes del primer 429').toBeGreaterThanOrEqual(burst);
      return res;
    }
    expect(res.statusCode, `solicitud ${i + 1}: ${res.body}`).toBe(200);
  }
  throw new Error(`ninguna de ${burst * 2} solicitudes recibió 429`);
}

describe('rate limits on the API (production limits)', () => {
  let t: TestApp;
  let reception: ReturnType<typeof as>;
  let admin: ReturnType<typeof as>;
  beforeAll(async () => {
    t = await buildTestApp({ rateLimitScale: 1 });
    reception = as(t.app, await loginAs(t.app, t.users.reception.email));
    admin = as(t.app, await loginAs(t.app, t.users.admin.email));
  });
  afterAll(async () => t?.close());

  it('quick search: a burst of typing passes, past it 429 with the Spanish error shape and Retry-After', async () => {
    const urls = ['/api/patients/search/quicksearch?query=ma', '/api/patients-v2/search?q=mar'];
    const limited = await untilLimited(reception, urls, RATE_LIMITS.search.burst);
    expect(limited.headers['content-type']).toMatch(/application\/json/);
    const retryAfter = Number(limited.headers['retry-after']);
    expect(Number.isInteger(retryAfter) && retryAfter >= 1 && retryAfter <= 60).toBe(true);
    expect(limited.json()).toEqual({
      success: false,
      error: 'Demasiadas solicitudes',
      message: expect.stringMatching(/^Demasiadas solicitudes\. Espere \d+ segundos? e intente de nuevo\.$/),
    });

    // Per user: another user is not affected, nor are the other routes of the same user.
    expect((await admin({ method: 'GET', url: urls[0]! })).statusCode).toBe(200);
    expect((await reception({ method: 'GET', url: '/api/patients-v2?page=1&limit=5' })).statusCode).toBe(200);
    expect((await reception({ method: 'GET', url: '/api/patients/1' })).statusCode).toBe(404);
  });

  it('the daily export allows a few files, then 429', async () => {
    const url = '/api/availabilities/daily-export';
    const limited = await untilLimited(admin, [url], RATE_LIMITS.export.burst);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThanOrEqual(1);
  });

  it('the directory (with a search) has its own, larger allowance', async () => {
    const url = '/api/patients?page=1&limit=5&search=ana';
    await untilLimited(admin, [url], RATE_LIMITS.directory.burst);
  });

  it('bulk lists of a thousand rows share the directory allowance', async () => {
    const urls = ['/api/appointments?limit=1000', '/api/queue?limit=1000', '/api/availabilities?limit=1000'];
    await untilLimited(reception, urls, RATE_LIMITS.directory.burst);
  });

  it('the CUPS import allows a few previews, then 429', async () => {
    const preview = () =>
      admin({ method: 'POST', url: '/api/cups/import', payload: { csv: 'code,name\n890201,Consulta' } });
    for (let i = 0; i < RATE_LIMITS.import.burst; i++) expect((await preview()).statusCode).toBe(200);
    const limited = await preview();
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThanOrEqual(1);
  });

  it('a request without a valid token is refused before it counts', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/patients-v2/statistics' });
    expect(res.statusCode).toBe(401);
    expect(res.headers['retry-after']).toBeUndefined();
  });

  it('every limited route is an expensive read, or sign-in (per address)', () => {
    const limited = t.app.routePolicies
      .filter((r) => r.rateLimit)
      .map((r) => `${r.method} ${r.url} ${r.rateLimit}`)
      .sort();
    expect(limited).toEqual(
      [
        'GET /api/appointments directory',
        'GET /api/appointments/summary report',
        'GET /api/availabilities directory',
        'GET /api/call-logs directory',
        'GET /api/queue directory',
        'GET /api/transfers directory',
        'POST /api/cups/import import',
        'POST /api/cie10/import import',
        'GET /api/cie10 search',
        'POST /api/rips/packages export',
        'GET /api/rips/packages/:id/download export',
        'POST /api/integrations/elevenlabs/conversation-start voiceTool',
        'POST /api/integrations/elevenlabs/tools/book voiceTool',
        'POST /api/integrations/elevenlabs/tools/cancel voiceTool',
        'POST /api/integrations/elevenlabs/tools/find-patient voiceTool',
        'POST /api/integrations/elevenlabs/tools/free-slots voiceTool',
        'POST /api/integrations/elevenlabs/tools/hand-over voiceTool',
        'POST /api/integrations/elevenlabs/tools/upcoming-appointments voiceTool',
        'POST /api/integrations/elevenlabs/tools/waiting-list voiceTool',
        'POST /api/integrations/elevenlabs/webhook webhook',
        'GET /api/availabilities/daily-export export',
        'GET /api/availabilities/distributions/stats report',
        'GET /api/cups/stats/summary report',
        'GET /api/enhanced-patients directory',
        'GET /api/locations/:id/metrics report',
        'GET /api/patients directory',
        'GET /api/patients-v2 directory',
        'GET /api/patients-v2/search search',
        'GET /api/patients-v2/stats/demographics report',
        'GET /api/patients-v2/statistics report',
        'GET /api/patients-v2/summary report',
        'GET /api/patients/search/quicksearch search',
        'POST /api/auth/login login',
        'GET /api/appointment-billing directory',
        'GET /api/appointment-billing/summary report',
        'GET /api/appointment-billing/metrics report',
        'GET /api/appointment-billing/export.csv export',
        'GET /api/audit directory',
        'GET /api/audit/summary report',
        'GET /api/audit/export.csv export',
        'GET /api/calls directory',
        'GET /api/consultations/elevenlabs directory',
        'GET /api/calls/history directory',
        'GET /api/calls/history/export.csv export',
        'GET /api/metrics/financial report',
        'GET /api/analytics/locations report',
        'GET /api/analytics/oportunidad report',
        'GET /api/analytics/oportunidad/export export',
        'GET /api/analytics/oportunidad/indicators directory',
        'GET /api/analytics/oportunidad/appointments report',
        'GET /api/analytics/overview report',
        'GET /api/analytics/performance report',
        'GET /api/analytics/specialties report',
        'GET /api/metrics/appointments report',
        'GET /api/metrics/dashboard report',
        'GET /api/metrics/doctors report',
        'GET /api/metrics/export/:kind export',
        'GET /api/metrics/patients report',
        'GET /api/metrics/system report',
        'GET /api/agenda-templates directory',
        'GET /api/agenda-templates/analytics report',
        'POST /api/agenda-templates/generate-schedule generate',
        'POST /api/agenda-templates/generate-bulk generate',
        'GET /api/availability-templates directory',
        'GET /api/availability-templates/analytics report',
        'POST /api/availability-templates/generate-schedule generate',
        'POST /api/availability-templates/generate-bulk generate',
        'POST /api/documents upload',
        'GET /api/documents/patient/:id directory',
        'GET /api/documents/:id/download download',
      ].sort(),
    );
  });
});
