import { describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import authPlugin, { isAllowed } from './auth';

describe('route policies', () => {
  it('a /api route without a declared policy cannot be registered', async () => {
    const app = Fastify();
    await app.register(authPlugin, {
      resolveSession: async () => {
        throw new Error('no se llama al registrar rutas');
      },
    });
    await expect(
      app.register(async (api) => {
        api.get('/api/sin-politica', async () => ({}));
      }),
    ).rejects.toThrow(/no declara config.policy/);
    await app.close();
  });

  it('policies admit exactly what they name', () => {
    const user = {
      id: 1,
      name: 'x',
      email: 'x',
      role: 'agent' as const,
      sessionId: 's',
      sessionExpiresAt: new Date(),
      mustChangePassword: false,
    };
    expect(isAllowed('public', null)).toBe(true);
    expect(isAllowed('authenticated', null)).toBe(false);
    expect(isAllowed('authenticated', user)).toBe(true);
    expect(isAllowed(['admin', 'supervisor'], user)).toBe(false);
    expect(isAllowed(['agent'], user)).toBe(true);
  });
});
