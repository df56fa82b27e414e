import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MANAGER_ROLES } from '@ips/shared/catalogs/roles';
import { idParam, ok, successOnly } from '@ips/shared/schemas/common';
import { createZoneBody, updateZoneBody, zoneDto } from '@ips/shared/schemas/resources-zones';
import { actorOf } from '../../lib/context';
import { createZone, deleteZone, getZone, listZones, updateZone } from './service';

/** Zones: the provider's own grouping of municipalities (analytics filter). */
const zoneRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['zones'];
  const read = 'authenticated' as const;
  const write = MANAGER_ROLES;

  app.get(
    '/zones',
    {
      config: { policy: read },
      schema: {
        tags,
        summary: 'Zonas',
        response: { 200: ok(z.array(zoneDto)).extend({ total: z.number() }) },
      },
    },
    async () => {
      const data = await listZones(app.deps.db);
      return { success: true as const, data, total: data.length };
    },
  );

  app.get(
    '/zones/:id',
    {
      config: { policy: read },
      schema: { tags, summary: 'Una zona', params: idParam, response: { 200: ok(zoneDto) } },
    },
    async (request) => ({ success: true as const, data: await getZone(app.deps.db, request.params.id) }),
  );

  app.post(
    '/zones',
    {
      config: { policy: write },
      schema: { tags, summary: 'Crear zona', body: createZoneBody, response: { 201: ok(zoneDto) } },
    },
    async (request, reply) => {
      const data = await createZone(app.deps.db, actorOf(request), request.body);
      reply.status(201);
      return { success: true as const, data, message: 'Zona creada' };
    },
  );

  app.put(
    '/zones/:id',
    {
      config: { policy: write },
      schema: {
        tags,
        summary: 'Actualizar zona',
        params: idParam,
        body: updateZoneBody,
        response: { 200: ok(zoneDto) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await updateZone(app.deps.db, actorOf(request), request.params.id, request.body),
      message: 'Zona actualizada',
    }),
  );

  app.delete(
    '/zones/:id',
    {
      config: { policy: write },
      schema: {
        tags,
        summary: 'Eliminar zona (409 si tiene municipios)',
        params: idParam,
        response: { 200: successOnly },
      },
    },
    async (request) => {
      await deleteZone(app.deps.db, actorOf(request), request.params.id);
      return { success: true as const, message: 'Zona eliminada' };
    },
  );
};

export default zoneRoutes;
