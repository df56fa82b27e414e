import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MANAGER_ROLES } from '@ips/shared/catalogs/roles';
import { idParam, ok, successOnly } from '@ips/shared/schemas/common';
import {
  createLocationTypeBody,
  listLocationTypesQuery,
  locationTypeDto,
  updateLocationTypeBody,
} from '@ips/shared/schemas/resources-location-types';
import { actorOf } from '../../lib/context';
import {
  createLocationType,
  deleteLocationType,
  getLocationType,
  listLocationTypes,
  updateLocationType,
} from './service';

/** Location types ('Tipos de Sede'): every signed-in role reads, admin and supervisor write. */
const locationTypeRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['location-types'];
  const read = 'authenticated' as const;
  const write = MANAGER_ROLES;

  app.get(
    '/location-types',
    {
      config: { policy: read },
      schema: {
        tags,
        summary: 'Tipos de sede',
        querystring: listLocationTypesQuery,
        response: { 200: ok(z.array(locationTypeDto)).extend({ total: z.number() }) },
      },
    },
    async (request) => {
      const data = await listLocationTypes(app.deps.db, request.query);
      return { success: true as const, data, total: data.length };
    },
  );

  app.get(
    '/location-types/:id',
    {
      config: { policy: read },
      schema: { tags, summary: 'Un tipo de sede', params: idParam, response: { 200: ok(locationTypeDto) } },
    },
    async (request) => ({
      success: true as const,
      data: await getLocationType(app.deps.db, request.params.id),
    }),
  );

  app.post(
    '/location-types',
    {
      config: { policy: write },
      schema: {
        tags,
        summary: 'Crear tipo de sede',
        body: createLocationTypeBody,
        response: { 201: ok(locationTypeDto) },
      },
    },
    async (request, reply) => {
      const data = await createLocationType(app.deps.db, actorOf(request), request.body);
      reply.status(201);
      return { success: true as const, data, message: 'Tipo de sede creado' };
    },
  );

  app.put(
    '/location-types/:id',
    {
      config: { policy: write },
      schema: {
        tags,
        summary: 'Renombrar, activar o desactivar un tipo de sede',
        params: idParam,
        body: updateLocationTypeBody,
        response: { 200: ok(locationTypeDto) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await updateLocationType(app.deps.db, actorOf(request), request.params.id, request.body),
      message: 'Tipo de sede actualizado',
    }),
  );

  app.delete(
    '/location-types/:id',
    {
      config: { policy: write },
      schema: {
        tags,
        summary: 'Eliminar tipo de sede (409 si alguna sede lo usa)',
        params: idParam,
        response: { 200: successOnly },
      },
    },
    async (request) => {
      await deleteLocationType(app.deps.db, actorOf(request), request.params.id);
      return { success: true as const, message: 'Tipo de sede eliminado' };
    },
  );
};

export default locationTypeRoutes;
