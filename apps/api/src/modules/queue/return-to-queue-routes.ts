import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  BOOKING_MESSAGES as M,
  cancelAndReassignBody,
  cancelAndReassignResponse,
} from '@ips/shared/schemas/appointment-booking';
import { actorOf } from '../../lib/context';
import { returnToQueue } from './return-to-queue';
import { QUEUE_ROLES } from './roles';

/** POST /appointments/cancel-and-reassign (spec §7): a queue operation on an appointment, so it lives here. */
const returnToQueueRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/appointments/cancel-and-reassign',
    {
      config: { policy: QUEUE_ROLES },
      schema: {
        tags: ['appointments'],
        summary:
          'Devolver a la cola de espera (cancela la cita; con auto_assign el cupo pasa al siguiente paciente de la especialidad)',
        body: cancelAndReassignBody,
        response: { 200: cancelAndReassignResponse },
      },
    },
    async (request) => ({
      success: true as const,
      error: null,
      data: await returnToQueue(app.deps, actorOf(request), request.body),
      message: M.returnedToQueue,
    }),
  );
};

export default returnToQueueRoutes;
