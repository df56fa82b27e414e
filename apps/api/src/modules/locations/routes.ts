import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MANAGER_ROLES } from '@ips/shared/catalogs/roles';
import { idParam, ok, successOnly } from '@ips/shared/schemas/common';
import { idName } from '@ips/shared/schemas/resources-common';
import {
  createLocationBody,
  listLocationsQuery,
  locationDto,
  locationMetricsDto,
  locationMetricsQuery,
  locationSpecialtiesBody,
  updateLocationBody,
} from '@ips/shared/schemas/resources-locations';
import { actorOf } from '../../lib/context';
import { getLocationMetrics } from './metrics';
import {
  createLocation,
  deleteLocation,
  getLocation,
  listLocations,
  setLocationSpecialties,
  updateLocation,
} from './service';

/** Locations (sedes): every signed-in role reads, admin and supervisor write. */
const locationRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['locations'];
  const read = 'authenticated' as const;
  const write = MANAGER_ROLES;

  app.get(
    '/locations',
    {
      config: { policy: read },
      schema: {
        tags,
        summary: 'Sedes con su tipo, municipio, zona y especialidades',
        querystring: listLocationsQuery,
        response: { 200: ok(z.array(locationDto)).extend({ total: z.number() }) },
      },
    },
    async (request) => {
      const data = await listLocations(app.deps.db, request.query);
      return { success: true as const, data, total: data.length };
    },
  );

  app.get(
    '/locations/:id',
    {
      config: { policy: read },
      schema: { tags, summary: 'Una sede', params: idParam, response: { 200: ok(locationDto) } },
    },
    async (request) => ({ success: true as const, data: await getLocation(app.deps.db, request.params.id) }),
  );

  app.get(
    '/locations/:id/specialties',
    {
      config: { policy: read },
      schema: {
        tags,
        summary: 'Especialidades de una sede',
        params: idParam,
        response: { 200: ok(z.array(idName)) },
      },
    },
    async (request) => ({
      success: true as const,
      data: (await getLocation(app.deps.db, request.params.id)).specialties,
    }),
  );

  app.get(
    '/locations/:id/metrics',
    {
      config: { policy: read, rateLimit: 'report' },
      schema: {
        tags,
        summary: 'Capacidad, ocupación (fracción 0–1) y citas de la sede en un mes (por defecto el actual)',
        params: idParam,
        querystring: locationMetricsQuery,
        response: { 200: ok(locationMetricsDto) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await getLocationMetrics(app.deps, request.params.id, request.query),
    }),
  );

  app.post(
    '/locations',
    {
      config: { policy: write },
      schema: { tags, summary: 'Crear sede', body: createLocationBody, response: { 201: ok(locationDto) } },
    },
    async (request, reply) => {
      const data = await createLocation(app.deps.db, actorOf(request), request.body);
      reply.status(201);
      return { success: true as const, data, message: 'Sede creada' };
    },
  );

  app.put(
    '/locations/:id',
    {
      config: { policy: write },
      schema: {
        tags,
        summary: 'Actualizar sede',
        params: idParam,
        body: updateLocationBody,
        response: { 200: ok(locationDto) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await updateLocation(app.deps.db, actorOf(request), request.params.id, request.body),
      message: 'Sede actualizada',
    }),
  );

  app.put(
    '/locations/:id/specialties',
    {
      config: { policy: write },
      schema: {
        tags,
        summary: 'Reemplazar las especialidades de una sede',
        params: idParam,
        body: locationSpecialtiesBody,
        response: { 200: ok(z.array(idName)) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await setLocationSpecialties(
        app.deps.db,
        actorOf(request),
        request.params.id,
        request.body.specialty_ids,
      ),
      message: 'Especialidades de la sede actualizadas',
    }),
  );

  app.delete(
    '/locations/:id',
    {
      config: { policy: write },
      schema: { tags, summary: 'Eliminar sede', params: idParam, response: { 200: successOnly } },
    },
    async (request) => {
      await deleteLocation(app.deps.db, actorOf(request), request.params.id);
      return { success: true as const, message: 'Sede eliminada' };
    },
  );
};

export default locationRoutes;
