import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { openEventStream } from '../../lib/sse';

/** System-wide stream the app shell keeps open (live badge, session end); features add their own streams. */
export const SYSTEM_CHANNEL = 'system';

const eventRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/events/stream',
    {
      config: { policy: 'authenticated', queryToken: true },
      schema: {
        tags: ['events'],
        summary: 'Eventos en vivo (Server-Sent Events); token en la cabecera o en ?token=',
        querystring: z.object({
          token: z.string().optional(),
          last_event_id: z.coerce.number().int().min(0).optional(),
        }),
      },
    },
    async (request, reply) => {
      await openEventStream(app, request, reply, { channels: [SYSTEM_CHANNEL] });
    },
  );
};

export default eventRoutes;
