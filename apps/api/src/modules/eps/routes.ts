import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MANAGER_ROLES } from '@ips/shared/catalogs/roles';
import { idParam, ok, successOnly } from '@ips/shared/schemas/common';
import { createEpsBody, epsDto, listEpsQuery, updateEpsBody } from '@ips/shared/schemas/resources-eps';
import { actorOf } from '../../lib/context';
import { createEps, deleteEps, getEps, listEps, updateEps } from './service';

/** Health insurers (EPS): every signed-in role reads, admin and supervisor write. */
const epsRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['eps'];
  const read = 'authenticated' as const;
  const write = MANAGER_ROLES;

  app.get(
    '/eps',
    {
      config: { policy: read },
      schema: {
        tags,
        summary: 'EPS (activas e inactivas)',
        querystring: listEpsQuery,
        response: { 200: ok(z.array(epsDto)).extend({ total: z.number() }) },
      },
    },
    async (request) => {
      const data = await listEps(app.deps.db, request.query);
      return { success: true as const, data, total: data.length };
    },
  );

  app.get(
    '/eps/:id',
    {
      config: { policy: read },
      schema: { tags, summary: 'Una EPS', params: idParam, response: { 200: ok(epsDto) } },
    },
    async (request) => ({ success: true as const, data: await getEps(app.deps.db, request.params.id) }),
  );

  app.post(
    '/eps',
    {
      config: { policy: write },
      schema: {
        tags,
        summary: 'Crear EPS (el código se guarda en mayúsculas)',
        body: createEpsBody,
        response: { 201: ok(epsDto) },
      },
    },
    async (request, reply) => {
      const data = await createEps(app.deps.db, actorOf(request), request.body);
      reply.status(201);
      return { success: true as const, data, message: 'EPS creada' };
    },
  );

  app.put(
    '/eps/:id',
    {
      config: { policy: write },
      schema: {
        tags,
        summary: 'Actualizar EPS (estado, convenio y su fecha)',
        params: idParam,
        body: updateEpsBody,
        response: { 200: ok(epsDto) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await updateEps(app.deps.db, actorOf(request), request.params.id, request.body),
      message: 'EPS actualizada',
    }),
  );

  app.delete(
    '/eps/:id',
    {
      config: { policy: write },
      schema: { tags, summary: 'Eliminar EPS', params: idParam, response: { 200: successOnly } },
    },
    async (request) => {
      await deleteEps(app.deps.db, actorOf(request), request.params.id);
      return { success: true as const, message: 'EPS eliminada' };
    },
  );
};

export default epsRoutes;
