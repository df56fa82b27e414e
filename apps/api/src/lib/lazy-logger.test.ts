import Fastify, { LogController } from 'fastify';
import { describe, expect, it } from 'vitest';
import { lazyChildLoggerFactory } from './lazy-logger';

describe("the request's logger, made when first used", () => {
  it('a request that logs nothing makes no child logger; one that logs writes with its reqId, redacted', async () => {
    const lines: string[] = [];
    let children = 0;
    const app = Fastify({
      logger: {
        level: 'info',
        stream: { write: (l: string) => void lines.push(l) },
        redact: { paths: ['*.password'], censor: '[oculto]' },
        onChild: () => children++,
      },
      childLoggerFactory: lazyChildLoggerFactory,
      logController: new LogController({ disableRequestLogging: true }),
    });
    app.get('/callado', async () => ({ ok: true }));
    app.get('/hablador', async (request) => {
      request.log.info({ datos: { password: 'secreta' } }, 'hola');
      return { ok: request.log.level };
    });
    await app.ready();

    expect((await app.inject({ method: 'GET', url: '/callado' })).statusCode).toBe(200);
    expect(children).toBe(0);

    const res = await app.inject({ method: 'GET', url: '/hablador' });
    expect(res.json()).toEqual({ ok: 'info' });
    expect(children).toBe(1);
    const line = JSON.parse(lines.find((l) => l.includes('"msg":"hola"'))!);
    expect(line.reqId).toMatch(/^req-/);
    expect(line.datos.password).toBe('[oculto]');
    expect(lines.join('')).not.toContain('secreta');
    await app.close();
  });

  it('keeps a route log level without making the child to read it', async () => {
    const lines: string[] = [];
    const app = Fastify({
      logger: { level: 'info', stream: { write: (l: string) => void lines.push(l) } },
      childLoggerFactory: lazyChildLoggerFactory,
    });
    app.get('/quieto', { logLevel: 'warn' }, async (request) => {
      request.log.info('no se escribe');
      request.log.warn('se escribe');
      return { level: request.log.level };
    });
    const res = await app.inject({ method: 'GET', url: '/quieto' });
    expect(res.json()).toEqual({ level: 'warn' });
    expect(lines.join('')).not.toContain('no se escribe');
    expect(lines.join('')).toContain('se escribe');
    await app.close();
  });
});
