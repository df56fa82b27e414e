import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParam, ok, successOnly } from '@ips/shared/schemas/common';
import { listLockedQuery, lockedAccountDto } from '@ips/shared/schemas/login-locks';
import { actorOf } from '../../lib/context';
import { listLockedAccounts, unlockUser } from './locks-service';

/** Accounts locked by failed sign-ins and their unlock (decision 019); the rules live in locks-service. */
const unlockRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['users'];
  const policy = ['admin'] as const;

  app.get(
    '/users/locked',
    {
      config: { policy },
      schema: {
        tags,
        summary: 'Cuentas bloqueadas por intentos fallidos de ingreso',
        querystring: listLockedQuery,
        response: {
          200: ok(z.array(lockedAccountDto)).extend({
            total: z.number(),
            page: z.number(),
            limit: z.number(),
          }),
        },
      },
    },
    async (request) => ({
      success: true as const,
      ...(await listLockedAccounts(app.deps, request.query.page, request.query.limit)),
    }),
  );

  app.post(
    '/users/:id/unlock',
    {
      config: { policy },
      schema: { tags, summary: 'Desbloquear una cuenta', params: idParam, response: { 200: successOnly } },
    },
    async (request) => {
      await unlockUser(app.deps, actorOf(request), request.params.id);
      return { success: true as const, message: 'Cuenta desbloqueada' };
    },
  );
};

export default unlockRoutes;
