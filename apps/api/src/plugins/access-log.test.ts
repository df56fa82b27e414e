import Fastify, { LogController } from 'fastify';
import { describe, expect, it } from 'vitest';
import { AppError } from '@ips/shared/errors';
import { lazyChildLoggerFactory } from '../lib/lazy-logger';
import accessLog, { serializeRequest } from './access-log';
import errorsPlugin from './errors';

/** An app logging as app.ts does, plus the line pino wrote before (through request.log) for comparison. */
async function start(level = 'info', withOldLine = true) {
  const lines: string[] = [];
  const destination = { write: (l: string) => void lines.push(l) };
  const app = Fastify({
    logger: {
      level,
      stream: destination,
      redact: { paths: ['*.password', '*.token'], censor: '[oculto]' },
      serializers: { req: serializeRequest as (req: unknown) => Record<string, unknown> },
    },
    childLoggerFactory: lazyChildLoggerFactory,
    logController: new LogController({ disableRequestLogging: true }),
  });
  await app.register(errorsPlugin);
  await app.register(accessLog, { destination });
  if (withOldLine)
    app.addHook('onResponse', (request, reply, done) => {
      request.log.info(
        { req: request, res: { statusCode: reply.statusCode }, responseTime: reply.elapsedTime },
        'old line',
      );
      done();
    });
  app.get('/api/x', async () => ({ ok: true }));
  app.get('/api/no', async () => {
    throw new AppError('UNAUTHORIZED');
  });
  app.get('/api/quiet', { logLevel: 'warn' }, async () => ({ ok: true }));
  await app.ready();
  const parsed = () => lines.map((l) => JSON.parse(l) as Record<string, unknown>);
  return { app, lines, parsed };
}

describe('the access line', () => {
  it('is the line pino wrote, field for field and in the same order, one per request', async () => {
    const { app, parsed } = await start();
    await app.inject({ method: 'GET', url: '/api/x?documento=1098765432&token=abc' });
    await app.inject({ method: 'GET', url: '/api/no' });
    await app.inject({ method: 'GET', url: '/api/nada' });
    await app.inject({ method: 'GET', url: '/api/comillas"y\\barra', remoteAddress: '2001:db8::1' });
    const all = parsed();
    const access = all.filter((l) => l.msg === 'request completed');
    const old = all.filter((l) => l.msg === 'old line');
    expect(access).toHaveLength(4);
    expect(old).toHaveLength(4);
    access.forEach((line, i) => {
      const before = old[i]!;
      expect(Object.keys(line)).toEqual(Object.keys(before));
      const { time: _t1, responseTime: r1, msg: _m1, ...rest } = line;
      const { time: _t2, responseTime: r2, msg: _m2, ...restBefore } = before;
      expect(rest).toEqual(restBefore);
      expect(typeof r1).toBe('number');
      expect(typeof r2).toBe('number');
    });
    expect(access.map((l) => (l.res as { statusCode: number }).statusCode)).toEqual([200, 401, 404, 404]);
    expect(access[3]!.req).toMatchObject({ url: '/api/comillas%22y/barra', remoteAddress: '2001:db8::1' });
    expect((access[0]!.req as { url: string }).url).toBe('/api/x?documento=…&token=…');
    await app.close();
  });

  it('follows the log level: none when the app logs at warn; a route level of its own is kept', async () => {
    const quiet = await start('warn', false);
    await quiet.app.inject({ method: 'GET', url: '/api/x' });
    expect(quiet.lines).toEqual([]);
    await quiet.app.close();

    const { app, parsed } = await start('info', false);
    await app.inject({ method: 'GET', url: '/api/quiet' });
    await app.inject({ method: 'GET', url: '/api/x' });
    expect(parsed().map((l) => (l.req as { url: string }).url)).toEqual(['/api/x']);
    await app.close();
  });
});
