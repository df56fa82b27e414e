import { Readable } from 'node:stream';
import type { FastifySchemaCompiler } from 'fastify';
import { validatorCompiler, type FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { csvBody } from '../../plugins/openapi-transform';
import { MANAGER_ROLES } from '@ips/shared/catalogs/roles';
import { ok } from '@ips/shared/schemas/common';
import { cie10Dto, cie10ImportBody, cie10ImportResult, listCie10Query } from '@ips/shared/schemas/rips';
import { actorOf } from '../../lib/context';
import { MAX_IMPORT_BYTES, uploadText } from '../../lib/csv-import/read-rows';
import { importCie10, listCie10 } from './cie10-service';

const streamOrSchema: FastifySchemaCompiler<z.ZodType> = (route) => {
  const validate = validatorCompiler(route);
  return route.httpPart === 'body'
    ? (data: unknown) => (data instanceof Readable ? { value: data } : validate(data))
    : validate;
};

/** CIE-10 diagnoses (decision 037): every signed-in role searches; admin and supervisor import. */
const cie10Routes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['rips'];
  app.get(
    '/cie10',
    {
      config: { policy: 'authenticated', rateLimit: 'search' },
      schema: {
        tags,
        summary: 'Diagnósticos CIE-10 paginados; search por código o palabras, sin tildes',
        querystring: listCie10Query,
        response: {
          200: ok(
            z.object({
              items: z.array(cie10Dto),
              pagination: z.object({
                total: z.number(),
                total_pages: z.number(),
                page: z.number(),
                limit: z.number(),
              }),
            }),
          ),
        },
      },
    },
    async (request) => ({ success: true as const, data: await listCie10(app.deps.db, request.query) }),
  );

  // Fastify refuses a second parser for one content type in the same scope: cups registers text/csv in its
  // own plugin scope, this is another.
  app.addContentTypeParser('text/csv', (_request, payload, done) => done(null, payload));
  app.post(
    '/cie10/import',
    {
      config: { policy: MANAGER_ROLES, rateLimit: 'import', documentedBody: csvBody },
      bodyLimit: MAX_IMPORT_BYTES,
      validatorCompiler: streamOrSchema as never,
      schema: {
        tags,
        summary:
          'Importar CIE-10 desde CSV (code,name): preview informa por línea; apply es todo o nada. JSON { csv, mode } o text/csv con ?mode=',
        body: cie10ImportBody,
        querystring: z.object({ mode: cie10ImportBody.shape.mode }),
        response: { 200: ok(cie10ImportResult) },
      },
    },
    async (request) => {
      const body: z.infer<typeof cie10ImportBody> | Readable = request.body;
      const input =
        body instanceof Readable
          ? { csv: uploadText(body), mode: request.query.mode }
          : { csv: body.csv, mode: body.mode };
      const data = await importCie10(app.deps.db, actorOf(request), input);
      return {
        success: true as const,
        data,
        message: data.applied
          ? `Importación aplicada: ${data.summary.create} creados, ${data.summary.update} actualizados`
          : 'Vista previa de la importación',
      };
    },
  );
};

export default cie10Routes;
