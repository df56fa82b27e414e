import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import errorsPlugin, { toErrorResponse } from './errors';
import { as, buildTestApp, loginAs, type TestApp } from '../test/helpers';

let t: TestApp;
let admin: ReturnType<typeof as>;
beforeAll(async () => {
  t = await buildTestApp();
  admin = as(t.app, await loginAs(t.app, 'admin@test.ips.co'));
});
afterAll(async () => t?.close());

describe('one error vocabulary', () => {
  it('malformed JSON → 400 in Spanish', async () => {
    const res = await admin({
      method: 'POST',
      url: '/api/users',
      headers: { 'content-type': 'application/json' },
      payload: '{"name": ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      success: false,
      message: 'El cuerpo de la solicitud no es JSON válido',
      error: 'Datos inválidos',
    });
  });

  it('a content type other than JSON → 415', async () => {
    const res = await admin({
      method: 'POST',
      url: '/api/users',
      headers: { 'content-type': 'text/plain' },
      payload: 'hola',
    });
    expect(res.statusCode).toBe(415);
    expect(res.json().error).toBe('Tipo de contenido no soportado');
  });

  it('an oversized body → 413', async () => {
    const big = JSON.stringify({ name: 'x'.repeat(1024 * 1024 + 10) });
    const res = await admin({
      method: 'POST',
      url: '/api/users',
      headers: { 'content-type': 'application/json' },
      payload: big,
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().success).toBe(false);
  });

  it('an unknown route → 404 JSON', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/no-existe?x=1' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({
      success: false,
      message: 'Ruta no encontrada: GET /api/no-existe',
      error: 'No encontrado',
    });
  });

  it('an unknown method on an existing path → 405 with Allow; an unknown path stays 404', async () => {
    for (const method of ['TRACE', 'PATCH'] as const) {
      const res = await t.app.inject({ method, url: '/api/patients?page=1' });
      expect(res.statusCode, method).toBe(405);
      expect(res.headers.allow).toBe('GET, HEAD, POST');
      expect(res.json()).toEqual({
        success: false,
        message: `Método no permitido: ${method} /api/patients. Métodos aceptados: GET, HEAD, POST`,
        error: 'Método no permitido',
      });
    }
    // A path with a parameter: the methods of its pattern.
    const byId = await t.app.inject({ method: 'PATCH', url: '/api/eps/12' });
    expect(byId.statusCode).toBe(405);
    expect(byId.headers.allow).toBe('DELETE, GET, HEAD, PUT');
    const unknown = await t.app.inject({ method: 'TRACE', url: '/api/no-existe' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.headers.allow).toBeUndefined();
  });

  it('a role without rights → 403 with the spec text', async () => {
    const agent = as(t.app, await loginAs(t.app, 'agent@test.ips.co'));
    const res = await agent({ method: 'GET', url: '/api/users' });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({
      success: false,
      message: 'No tienes permisos para realizar esta acción',
      error: 'Acceso denegado',
    });
  });

  it('authentication is checked before the body: anonymous garbage gets 401, not 400', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/users',
      headers: { 'content-type': 'application/json' },
      payload: '{',
    });
    expect(res.statusCode).toBe(401);
  });

  it('a bad path parameter → 400 with the field', async () => {
    const res = await admin({ method: 'GET', url: '/api/users/abc' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.id).toEqual(['El identificador debe ser un número']);
  });

  it('an unexpected failure → 500 without internals, with the request id logged and returned', async () => {
    const lines: string[] = [];
    const bare = Fastify({
      logger: { level: 'error', stream: { write: (l: string) => void lines.push(l) } },
    });
    await bare.register(errorsPlugin);
    bare.get('/boom', async () => {
      throw new Error('secreto interno: tabla x');
    });
    const res = await bare.inject({ method: 'GET', url: '/boom' });
    expect(res.statusCode).toBe(500);
    const body = res.json();
    expect(body).toEqual({
      success: false,
      message: 'Ha ocurrido un error inesperado',
      error: 'Error del servidor',
      request_id: expect.any(String),
    });
    expect(res.body).not.toMatch(/secreto|stack|at /);
    expect(lines.join('')).toContain(body.request_id);
    expect(lines.join('')).toContain('secreto interno');
    await bare.close();
  });

  it('maps database constraint errors to 409/400, never 500', () => {
    const wrap = (code: string) => ({ message: 'Failed query', cause: { code, message: 'x' } });
    expect(toErrorResponse(wrap('23505'))?.[0]).toBe(409);
    expect(toErrorResponse(wrap('23P01'))?.[0]).toBe(409);
    expect(toErrorResponse(wrap('40001'))?.[0]).toBe(409);
    expect(toErrorResponse(wrap('22P02'))?.[0]).toBe(400);
    expect(toErrorResponse(new Error('x'))).toBeNull();
  });
});

describe('every response carries a request id', () => {
  it('echoes a well-formed x-request-id', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-request-id': 'abc-12345678' },
    });
    expect(res.headers['x-request-id']).toBe('abc-12345678');
  });
});

describe('errors raised before routing', () => {
  it('a path parameter over the router limit → 414 in the error shape', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/users/${'9'.repeat(500)}` });
    expect(res.statusCode).toBe(414);
    expect(res.json()).toEqual({
      success: false,
      message: 'La dirección solicitada es demasiado larga',
      error: 'URI demasiado larga',
    });
  });
});
