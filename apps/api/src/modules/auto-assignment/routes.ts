import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { smartAssignBody, smartAssignResponse } from '@ips/shared/schemas/smart-assign';
import { actorOf } from '../../lib/context';
import { BOOKING_ROLES } from '../appointments';
import { smartAssign } from './service';

const autoAssignmentRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/auto-assignment/smart-assign',
    {
      config: { policy: BOOKING_ROLES },
      schema: {
        tags: ['appointments'],
        summary:
          'Asignación inteligente: primera hora libre (días hábiles, search_days_ahead) según preferencias; si no hay, cola de espera',
        body: smartAssignBody,
        response: { 200: smartAssignResponse },
      },
    },
    async (request) => {
      const data = await smartAssign(app.deps, actorOf(request), request.body);
      return { success: true as const, data, assignment_type: data.assignment_type, message: data.message };
    },
  );
};

export default autoAssignmentRoutes;
