import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MANAGER_ROLES } from '@ips/shared/catalogs/roles';
import { idParam, ok, successOnly } from '@ips/shared/schemas/common';
import {
  epsAuthorizationBatchBody,
  epsAuthorizationBatchResult,
  epsAuthorizationDto,
  epsLocationParams,
  listEpsAuthorizationsQuery,
} from '@ips/shared/schemas/resources-eps-authorizations';
import { actorOf } from '../../lib/context';
import { authorizedSpecialties, deleteAuthorization, listAuthorizations, saveBatch } from './service';

/**
 * Which EPS is authorized for which specialty at which location. The old screens called these routes
 * without a token; here they need a session like every other route.
 */
const epsAuthorizationRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['eps-authorizations'];
  const read = 'authenticated' as const;
  const write = MANAGER_ROLES;
  const list = ok(z.array(epsAuthorizationDto)).extend({ total: z.number() });

  app.get(
    '/eps-authorizations',
    {
      config: { policy: read },
      schema: {
        tags,
        summary: 'Autorizaciones EPS por especialidad y sede',
        querystring: listEpsAuthorizationsQuery,
        response: { 200: list },
      },
    },
    async (request) => {
      const data = await listAuthorizations(app.deps, request.query);
      return { success: true as const, data, total: data.length };
    },
  );

  app.get(
    '/eps-authorizations/eps/:epsId/location/:locationId/specialties',
    {
      config: { policy: read },
      schema: {
        tags,
        summary: 'Especialidades autorizadas de una EPS en una sede',
        params: epsLocationParams,
        response: { 200: list },
      },
    },
    async (request) => {
      const data = await authorizedSpecialties(app.deps, request.params.epsId, request.params.locationId);
      return { success: true as const, data, total: data.length };
    },
  );

  app.post(
    '/eps-authorizations/batch',
    {
      config: { policy: write },
      schema: {
        tags,
        summary: 'Crear o actualizar autorizaciones (una por EPS, especialidad y sede); solo EPS activas',
        body: epsAuthorizationBatchBody,
        response: { 200: ok(epsAuthorizationBatchResult) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await saveBatch(app.deps, actorOf(request), request.body),
      message: 'Autorizaciones guardadas',
    }),
  );

  app.delete(
    '/eps-authorizations/:id',
    {
      config: { policy: write },
      schema: { tags, summary: 'Eliminar autorización', params: idParam, response: { 200: successOnly } },
    },
    async (request) => {
      await deleteAuthorization(app.deps.db, actorOf(request), request.params.id);
      return { success: true as const, message: 'Autorización eliminada' };
    },
  );
};

export default epsAuthorizationRoutes;
