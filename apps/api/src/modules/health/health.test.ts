import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, onPostgres, type TestApp } from '../../test/helpers';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t?.close());

describe('health and OpenAPI', () => {
  it('GET /api/health reports the database and the version', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      data: {
        status: 'ok',
        database: onPostgres ? 'postgres' : 'pglite',
        version: expect.stringMatching(/^\d+\.\d+\.\d+/),
      },
    });
  });

  it('GET /api/docs is an OpenAPI document built from the zod schemas', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs' })).json();
    expect(doc.openapi).toMatch(/^3\./);
    const login = doc.paths['/api/auth/login'].post;
    expect(login.requestBody.content['application/json'].schema.properties).toHaveProperty('email');
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/users', '/api/sessions/my-sessions', '/api/lookups/all']),
    );
  });
});
