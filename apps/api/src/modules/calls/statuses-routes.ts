import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CALL_CENTER_ROLES, CALL_READ_ROLES } from '@ips/shared/catalogs/roles';
import { idParam, ok, successOnly } from '@ips/shared/schemas/common';
import {
  CALL_STATUS_CATALOG_MESSAGES as M,
  callStatusCatalogBody,
  callStatusCatalogDto,
  callStatusCatalogUpdate,
} from '@ips/shared/schemas/calls';
import { queryFlag } from '@ips/shared/schemas/resources-common';
import { actorOf } from '../../lib/context';
import { registerConstraintMessage } from '../../plugins/errors';
import { createCallStatus, deleteCallStatus, listCallStatuses, updateCallStatus } from './statuses-service';

/** GET/POST /call-statuses, PUT/DELETE /call-statuses/{id} (spec part 2 §7): the call center's catalogue. */
const callStatusRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['call-statuses'];
  registerConstraintMessage('call_statuses_name_key', 'CONFLICT', M.duplicate);
  const one = ok(callStatusCatalogDto);

  app.get(
    '/call-statuses',
    {
      config: { policy: CALL_READ_ROLES },
      schema: {
        tags,
        summary: 'Estados de llamada (active=true: solo los activos), con cuántos registros los usan',
        querystring: z.object({ active: queryFlag }),
        response: { 200: ok(z.array(callStatusCatalogDto)) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await listCallStatuses(app.deps, request.query.active === true),
    }),
  );

  app.post(
    '/call-statuses',
    {
      config: { policy: CALL_CENTER_ROLES },
      schema: {
        tags,
        summary: 'Crear un estado de llamada',
        body: callStatusCatalogBody,
        response: { 201: one },
      },
    },
    async (request, reply) => {
      reply.status(201);
      return {
        success: true as const,
        data: await createCallStatus(app.deps, actorOf(request), request.body),
        message: M.created,
      };
    },
  );

  app.put(
    '/call-statuses/:id',
    {
      config: { policy: CALL_CENTER_ROLES },
      schema: {
        tags,
        summary: 'Editar un estado de llamada (nombre, color, activo)',
        params: idParam,
        body: callStatusCatalogUpdate,
        response: { 200: one },
      },
    },
    async (request) => ({
      success: true as const,
      data: await updateCallStatus(app.deps, actorOf(request), request.params.id, request.body),
      message: M.updated,
    }),
  );

  app.delete(
    '/call-statuses/:id',
    {
      config: { policy: CALL_CENTER_ROLES },
      schema: {
        tags,
        summary: 'Eliminar un estado de llamada que ningún registro usa (en uso: 409)',
        params: idParam,
        response: { 200: successOnly },
      },
    },
    async (request) => {
      await deleteCallStatus(app.deps, actorOf(request), request.params.id);
      return { success: true as const, message: M.deleted };
    },
  );
};

export default callStatusRoutes;
