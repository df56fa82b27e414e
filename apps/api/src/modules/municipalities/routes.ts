import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MANAGER_ROLES } from '@ips/shared/catalogs/roles';
import { idParam, ok, successOnly } from '@ips/shared/schemas/common';
import {
  createMunicipalityBody,
  listMunicipalitiesQuery,
  municipalityDto,
  updateMunicipalityBody,
} from '@ips/shared/schemas/resources-municipalities';
import { actorOf } from '../../lib/context';
import {
  createMunicipality,
  deleteMunicipality,
  getMunicipality,
  listMunicipalities,
  updateMunicipality,
} from './service';

/** Municipalities (DIVIPOLA catalogue, editable): every signed-in role reads, admin and supervisor write. */
const municipalityRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['municipalities'];
  const read = 'authenticated' as const;
  const write = MANAGER_ROLES;

  app.get(
    '/municipalities',
    {
      config: { policy: read },
      schema: {
        tags,
        summary:
          'Municipios, opcionalmente de una zona (zone_id), por nombre o código (q) o por departamento',
        querystring: listMunicipalitiesQuery,
        response: { 200: ok(z.array(municipalityDto)).extend({ total: z.number() }) },
      },
    },
    async (request) => {
      const data = await listMunicipalities(app.deps.db, request.query);
      return { success: true as const, data, total: data.length };
    },
  );

  app.get(
    '/municipalities/:id',
    {
      config: { policy: read },
      schema: { tags, summary: 'Un municipio', params: idParam, response: { 200: ok(municipalityDto) } },
    },
    async (request) => ({
      success: true as const,
      data: await getMunicipality(app.deps.db, request.params.id),
    }),
  );

  app.post(
    '/municipalities',
    {
      config: { policy: write },
      schema: {
        tags,
        summary: 'Crear municipio',
        body: createMunicipalityBody,
        response: { 201: ok(municipalityDto) },
      },
    },
    async (request, reply) => {
      const data = await createMunicipality(app.deps.db, actorOf(request), request.body);
      reply.status(201);
      return { success: true as const, data, message: 'Municipio creado' };
    },
  );

  app.put(
    '/municipalities/:id',
    {
      config: { policy: write },
      schema: {
        tags,
        summary: 'Renombrar o mover un municipio a otra zona',
        params: idParam,
        body: updateMunicipalityBody,
        response: { 200: ok(municipalityDto) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await updateMunicipality(app.deps.db, actorOf(request), request.params.id, request.body),
      message: 'Municipio actualizado',
    }),
  );

  app.delete(
    '/municipalities/:id',
    {
      config: { policy: write },
      schema: {
        tags,
        summary: 'Eliminar municipio (409 si tiene sedes)',
        params: idParam,
        response: { 200: successOnly },
      },
    },
    async (request) => {
      await deleteMunicipality(app.deps.db, actorOf(request), request.params.id);
      return { success: true as const, message: 'Municipio eliminado' };
    },
  );
};

export default municipalityRoutes;
