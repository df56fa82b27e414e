import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParam, ok } from '@ips/shared/schemas/common';
import {
  activeSessionDto,
  revokeSessionsQuery,
  sessionDto,
  sessionIdParam,
} from '@ips/shared/schemas/sessions';
import { activeSessions, endOwnSession, endOwnSessions, endUserSessions, mySessions } from './service';

const ended = ok(z.object({ ended: z.number() }));

const sessionRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['sessions'];

  app.get(
    '/sessions/my-sessions',
    {
      config: { policy: 'authenticated' },
      schema: { tags, summary: 'Mis sesiones activas', response: { 200: ok(z.array(sessionDto)) } },
    },
    async (request) => ({ success: true as const, data: await mySessions(app.deps, request.user!) }),
  );

  app.delete(
    '/sessions/:id',
    {
      config: { policy: 'authenticated' },
      schema: {
        tags,
        summary: 'Cerrar una de mis sesiones',
        params: sessionIdParam,
        response: { 200: ended },
      },
    },
    async (request) => {
      await endOwnSession(app.deps, request.user!, request.params.id, String(request.id));
      return { success: true as const, data: { ended: 1 }, message: 'Sesión cerrada' };
    },
  );

  app.delete(
    '/sessions',
    {
      config: { policy: 'authenticated' },
      schema: {
        tags,
        summary: 'Cerrar mis sesiones',
        querystring: revokeSessionsQuery,
        response: { 200: ended },
      },
    },
    async (request) => {
      const n = await endOwnSessions(
        app.deps,
        request.user!,
        request.query.exclude_current,
        String(request.id),
      );
      return { success: true as const, data: { ended: n }, message: `${n} sesión(es) cerrada(s)` };
    },
  );

  app.get(
    '/sessions/active',
    {
      config: { policy: ['admin'] },
      schema: {
        tags,
        summary: 'Sesiones activas de todos los usuarios',
        response: { 200: ok(z.array(activeSessionDto)) },
      },
    },
    async () => ({ success: true as const, data: await activeSessions(app.deps) }),
  );

  app.delete(
    '/sessions/user/:id',
    {
      config: { policy: ['admin'] },
      schema: {
        tags,
        summary: 'Forzar el cierre de las sesiones de un usuario',
        params: idParam,
        response: { 200: ended },
      },
    },
    async (request) => {
      const n = await endUserSessions(app.deps, request.user!, request.params.id, String(request.id));
      return { success: true as const, data: { ended: n }, message: `${n} sesión(es) cerrada(s)` };
    },
  );
};

export default sessionRoutes;
