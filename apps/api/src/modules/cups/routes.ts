import { Readable } from 'node:stream';
import type { FastifySchemaCompiler } from 'fastify';
import { validatorCompiler, type FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { csvBody } from '../../plugins/openapi-transform';
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
  type CupsImportBody,
} from '@ips/shared/schemas/resources-cups';
import { importResultJson } from './import-response';
import { MAX_IMPORT_BYTES, uploadText } from '../../lib/csv-import/read-rows';
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

const importQuery = z.object({ mode: cupsImportBody.shape.mode });

/** The JSON body is checked by its schema; a text/csv upload is a stream, checked while it is read. */
const streamOrSchema: FastifySchemaCompiler<z.ZodType> = (route) => {
  const validate = validatorCompiler(route);
  return route.httpPart === 'body'
    ? (data: unknown) => (data instanceof Readable ? { value: data } : validate(data))
    : validate;
};

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

  // A text/csv upload reaches the handler as the request stream, read while it arrives (read-rows.ts).
  app.addContentTypeParser('text/csv', (_request, payload, done) => done(null, payload));

  app.post(
    '/cups/import',
    {
      config: { policy: write, rateLimit: 'import', documentedBody: csvBody },
      // The Ministry's full table is larger than the API's default 1 MB body (a text/csv upload is counted
      // while it is read: read-rows.ts).
      bodyLimit: MAX_IMPORT_BYTES,
      // Fastify types a route's compiler over the whole route schema; it is called per part, like the app's.
      validatorCompiler: streamOrSchema as never,
      schema: {
        tags,
        summary:
          'Importar CUPS desde CSV (code,name,category,price,requires_authorization): preview informa por línea; apply es todo o nada. JSON { csv, mode } o el archivo como text/csv con ?mode=',
        body: cupsImportBody,
        querystring: importQuery,
        response: { 200: ok(cupsImportResult) },
      },
    },
    async (request, reply) => {
      const body: CupsImportBody | Readable = request.body;
      const input =
        body instanceof Readable
          ? { csv: uploadText(body), mode: request.query.mode }
          : { csv: body.csv, mode: body.mode };
      const data = await importCups(app.deps.db, actorOf(request), input);
      const { create, update } = data.summary;
      const message = data.applied
        ? `Importación aplicada: ${create} creados, ${update} actualizados`
        : 'Vista previa de la importación';
      // Already the schema's answer as JSON text; a string with a JSON content type is sent as it is.
      const json = await importResultJson(data, message);
      return reply.type('application/json; charset=utf-8').send(json as never);
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
