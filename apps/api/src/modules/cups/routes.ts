import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MANAGER_ROLES } from '@ips/shared/catalogs/roles';
import { idParam, ok, successOnly } from '@ips/shared/schemas/common';
import {
  createCupsBody,
  cupsDto,
  cupsImportBody,
  cupsImportResult,
  cupsPageDto,
  cupsStatsDto,
  listCupsQuery,
  updateCupsBody,
} from '@ips/shared/schemas/resources-cups';
import { actorOf } from '../../lib/context';
import {
  createCups,
  cupsStats,
  deleteCups,
  getCups,
  importCups,
  listCategories,
  listCups,
  updateCups,
} from './service';

/** Procedure codes (CUPS): every signed-in role reads, admin and supervisor write and import. */
const cupsRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['cups'];
  const read = 'authenticated' as const;
  const write = MANAGER_ROLES;

  app.get(
    '/cups',
    {
      config: { policy: read },
      schema: {
        tags,
        summary: 'Códigos CUPS paginados; search busca por código o nombre',
        querystring: listCupsQuery,
        response: { 200: ok(cupsPageDto) },
      },
    },
    async (request) => ({ success: true as const, data: await listCups(app.deps.db, request.query) }),
  );

  app.get(
    '/cups/categories',
    {
      config: { policy: read },
      schema: { tags, summary: 'Categorías CUPS en uso', response: { 200: ok(z.array(z.string())) } },
    },
    async () => ({ success: true as const, data: await listCategories(app.deps.db) }),
  );

  app.get(
    '/cups/stats/summary',
    {
      config: { policy: read, rateLimit: 'report' },
      schema: { tags, summary: 'Resumen del catálogo CUPS', response: { 200: ok(cupsStatsDto) } },
    },
    async () => ({ success: true as const, data: await cupsStats(app.deps.db) }),
  );

  app.get(
    '/cups/:id',
    {
      config: { policy: read },
      schema: { tags, summary: 'Un código CUPS', params: idParam, response: { 200: ok(cupsDto) } },
    },
    async (request) => ({ success: true as const, data: await getCups(app.deps.db, request.params.id) }),
  );

  app.post(
    '/cups',
    {
      config: { policy: write },
      schema: { tags, summary: 'Crear código CUPS', body: createCupsBody, response: { 201: ok(cupsDto) } },
    },
    async (request, reply) => {
      const data = await createCups(app.deps.db, actorOf(request), request.body);
      reply.status(201);
      return { success: true as const, data, message: 'Código CUPS creado' };
    },
  );

  app.post(
    '/cups/import',
    {
      config: { policy: write, rateLimit: 'import' },
      // The Ministry's full table is larger than the API's default 1 MB body.
      bodyLimit: 12 * 1024 * 1024,
      schema: {
        tags,
        summary:
          'Importar CUPS desde CSV (code,name,category,price,requires_authorization): preview informa por línea; apply es todo o nada',
        body: cupsImportBody,
        response: { 200: ok(cupsImportResult) },
      },
    },
    async (request) => {
      const data = await importCups(app.deps.db, actorOf(request), request.body);
      const { create, update } = data.summary;
      const message = data.applied
        ? `Importación aplicada: ${create} creados, ${update} actualizados`
        : 'Vista previa de la importación';
      return { success: true as const, data, message };
    },
  );

  app.put(
    '/cups/:id',
    {
      config: { policy: write },
      schema: {
        tags,
        summary: 'Actualizar código CUPS (el código no se modifica)',
        params: idParam,
        body: updateCupsBody,
        response: { 200: ok(cupsDto) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await updateCups(app.deps.db, actorOf(request), request.params.id, request.body),
      message: 'Código CUPS actualizado',
    }),
  );

  app.delete(
    '/cups/:id',
    {
      config: { policy: write },
      schema: { tags, summary: 'Eliminar código CUPS', params: idParam, response: { 200: successOnly } },
    },
    async (request) => {
      await deleteCups(app.deps.db, actorOf(request), request.params.id);
      return { success: true as const, message: 'Código CUPS eliminado' };
    },
  );
};

export default cupsRoutes;
