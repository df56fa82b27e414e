import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MANAGER_ROLES } from '@ips/shared/catalogs/roles';
import { idParam, ok } from '@ips/shared/schemas/common';
import { autocompleteQuery } from '@ips/shared/schemas/resources-common';
import {
  createServiceBody,
  listServicesQuery,
  serviceDto,
  updateServiceBody,
} from '@ips/shared/schemas/resources-services';
import { actorOf } from '../../lib/context';
import {
  createService,
  deleteService,
  getService,
  listServices,
  searchServices,
  updateService,
} from './service';

/** Billable services: every signed-in role reads, admin and supervisor write. */
const serviceRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['services'];
  const read = 'authenticated' as const;
  const write = MANAGER_ROLES;
  const list = ok(z.array(serviceDto)).extend({ total: z.number() });

  app.get(
    '/services',
    {
      config: { policy: read },
      schema: { tags, summary: 'Servicios', querystring: listServicesQuery, response: { 200: list } },
    },
    async (request) => {
      const data = await listServices(app.deps.db, request.query);
      return { success: true as const, data, total: data.length };
    },
  );

  app.get(
    '/services/search/q',
    {
      config: { policy: read },
      schema: {
        tags,
        summary: 'Buscar servicios activos (desde 2 caracteres)',
        querystring: autocompleteQuery,
        response: { 200: list },
      },
    },
    async (request) => {
      const data = await searchServices(app.deps.db, request.query.q, request.query.limit);
      return { success: true as const, data, total: data.length };
    },
  );

  app.get(
    '/services/:id',
    {
      config: { policy: read },
      schema: { tags, summary: 'Un servicio', params: idParam, response: { 200: ok(serviceDto) } },
    },
    async (request) => ({ success: true as const, data: await getService(app.deps.db, request.params.id) }),
  );

  app.post(
    '/services',
    {
      config: { policy: write },
      schema: {
        tags,
        summary: 'Crear servicio (activo, precio 0 y COP por defecto)',
        body: createServiceBody,
        response: { 201: ok(serviceDto) },
      },
    },
    async (request, reply) => {
      const data = await createService(app.deps.db, actorOf(request), request.body);
      reply.status(201);
      return { success: true as const, data, message: 'Servicio creado' };
    },
  );

  app.put(
    '/services/:id',
    {
      config: { policy: write },
      schema: {
        tags,
        summary: 'Actualizar servicio (también activar o desactivar)',
        params: idParam,
        body: updateServiceBody,
        response: { 200: ok(serviceDto) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await updateService(app.deps.db, actorOf(request), request.params.id, request.body),
      message: 'Servicio actualizado',
    }),
  );

  app.delete(
    '/services/:id',
    {
      config: { policy: write },
      schema: { tags, summary: 'Eliminar servicio: 204 sin cuerpo; 409 si está en uso', params: idParam },
    },
    async (request, reply) => {
      await deleteService(app.deps.db, actorOf(request), request.params.id);
      return reply.status(204).send();
    },
  );
};

export default serviceRoutes;
