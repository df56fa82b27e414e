import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ACCESS_LOG_ROLES } from '@ips/shared/catalogs/roles';
import { accessLogQuery, accessLogResponse } from '@ips/shared/schemas/access-log';
import { listAccessLog } from './service';

/**
 * The patient access log for the administrator (Ley 1581 de 2012, decision 020). Read only: the table is
 * append-only and is its own audit trail, so there is no route that changes or deletes a row.
 */
const accessLogRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/patient-access-log',
    {
      config: { policy: ACCESS_LOG_ROLES },
      schema: {
        tags: ['access-log'],
        summary:
          'Registro de accesos a la historia de un paciente (patient_id, user_id, from, to, page, limit), el más reciente primero',
        querystring: accessLogQuery,
        response: { 200: accessLogResponse },
      },
    },
    async (request) => ({ success: true as const, ...(await listAccessLog(app.deps, request.query)) }),
  );
};

export default accessLogRoutes;
