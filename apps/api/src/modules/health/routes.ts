import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { VERSION } from '../../lib/version';

const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    {
      config: { policy: 'public' },
      schema: {
        tags: ['health'],
        summary: 'Estado del servicio y de la base de datos',
        response: {
          200: z.object({
            success: z.literal(true),
            data: z.object({ status: z.literal('ok'), database: z.string(), version: z.string() }),
          }),
          503: z.object({ success: z.literal(false), message: z.string(), error: z.string() }),
        },
      },
    },
    async (_request, reply) => {
      try {
        await app.deps.database.query('select 1');
      } catch (err) {
        app.log.error({ err }, 'health: database unreachable');
        return reply.status(503).send({
          success: false as const,
          message: 'La base de datos no responde',
          error: 'Servicio no disponible',
        });
      }
      return {
        success: true as const,
        data: { status: 'ok' as const, database: app.deps.database.kind, version: VERSION },
      };
    },
  );
};

export default healthRoutes;
