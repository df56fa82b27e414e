import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { openEventStream } from '../../lib/sse';

/** System-wide stream the app shell keeps open (live badge, session end); features add their own streams. */
export const SYSTEM_CHANNEL = 'system';

/**
 * What every signed-in screen may follow live: payloads carry ids only (the screens refetch through their
 * role-checked routes), so no channel here leaks data. Transfers are not here: /transfers/stream filters them
 * per agent. Sessions are handled by the stream itself.
 */
export const SHARED_CHANNELS = [
  SYSTEM_CHANNEL,
  'agendas',
  'appointments',
  'patients',
  'holidays',
  'queue',
  'settings',
];

const eventRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/events/stream',
    {
      config: { policy: 'authenticated', queryToken: true },
      schema: {
        tags: ['events'],
        summary:
          'Eventos en vivo (Server-Sent Events) de sistema, agendas, citas, pacientes, festivos y cola; token en la cabecera o en ?token=; Last-Event-ID reanuda sin pérdidas',
        querystring: z.object({
          token: z.string().optional(),
          last_event_id: z.coerce.number().int().min(0).optional(),
        }),
      },
    },
    async (request, reply) => {
      await openEventStream(app, request, reply, { channels: SHARED_CHANNELS });
    },
  );
};

export default eventRoutes;
