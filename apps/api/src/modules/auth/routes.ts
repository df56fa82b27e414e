import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { loginBody, loginData, meData } from '@ips/shared/schemas/auth';
import { ok, successOnly } from '@ips/shared/schemas/common';
import type { Role } from '@ips/shared/catalogs/roles';
import { fastResponse } from '../../lib/response-serializer';
import { login, logout } from './service';

const authRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/auth/login',
    {
      // Per address, all accounts (decision 019); the lock per account and address is in the service.
      config: { policy: 'public', rateLimit: 'login' },
      schema: {
        tags: ['auth'],
        summary: 'Iniciar sesión',
        body: loginBody,
        response: { 200: ok(loginData) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await login(app.deps, request.body, {
        ip: request.ip ?? null,
        userAgent: request.headers['user-agent'] ?? null,
      }),
    }),
  );

  app.get(
    '/auth/me',
    {
      config: { policy: 'authenticated' },
      // Called on every page load and session check: written by the fast serializer (lib/response-serializer.ts).
      schema: { tags: ['auth'], summary: 'Usuario actual', response: { 200: fastResponse(ok(meData)) } },
    },
    // Not async: the answer is at hand, and a plain return spares the handler's promise.
    (request) => {
      const u = request.user!;
      return {
        success: true as const,
        data: {
          user: {
            id: u.id,
            name: u.name,
            email: u.email,
            role: u.role as Role,
            must_change_password: u.mustChangePassword,
          },
          session: { id: u.sessionId, expires_at: u.sessionExpiresAt.toISOString() },
        },
      };
    },
  );

  app.post(
    '/auth/logout',
    {
      config: { policy: 'authenticated' },
      schema: { tags: ['auth'], summary: 'Cerrar sesión', response: { 200: successOnly } },
    },
    async (request) => {
      await logout(app.deps, request.user!);
      return { success: true as const, message: 'Ha cerrado sesión exitosamente' };
    },
  );
};

export default authRoutes;
