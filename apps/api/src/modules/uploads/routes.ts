import multipart from '@fastify/multipart';
import { filePart, megabytes, multipartBody } from '../../plugins/openapi-transform';
import type { FastifyPluginAsync } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '@ips/shared/errors';
import { ok } from '@ips/shared/schemas/common';
import {
  UPLOAD_MAX_BYTES,
  UPLOAD_MISSING_MESSAGE,
  UPLOAD_TOO_LARGE_MESSAGE,
  uploadDto,
} from '@ips/shared/schemas/uploads';
import { actorOf } from '../../lib/context';
import { findFile, readLimited, storeImage } from './service';

/** Room for the multipart boundaries and part headers around the file itself. */
const MULTIPART_OVERHEAD = 64 * 1024;
const NOT_MULTIPART = 'Envíe el archivo como multipart/form-data en el campo "file"';
const TOO_MANY_PARTS = 'Envíe un solo archivo, en el campo "file"';

/** POST /api/uploads: the logo (decision 027). Multipart is parsed only in this route's scope. */
const uploadRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(multipart, {
    limits: { fileSize: UPLOAD_MAX_BYTES, files: 1, fields: 5, parts: 6, fieldSize: 1024, headerPairs: 20 },
  });

  app.post(
    '/uploads',
    {
      config: {
        policy: ['admin'],
        documentedBody: multipartBody(
          filePart(`El logo: PNG, JPEG o WebP según su contenido, hasta ${megabytes(UPLOAD_MAX_BYTES)}`),
        ),
      },
      schema: {
        tags: ['settings'],
        summary:
          'Subir el logo (multipart, campo file): PNG, JPEG o WebP según su contenido, hasta 2 MB; responde su URL',
        consumes: ['multipart/form-data'],
        response: { 200: ok(uploadDto), 201: ok(uploadDto) },
      },
    },
    async (request, reply) => {
      if (!request.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA_TYPE', NOT_MULTIPART);
      // A body announced far beyond the limit is refused before a byte of it is read.
      const declared = Number(request.headers['content-length']);
      if (Number.isFinite(declared) && declared > UPLOAD_MAX_BYTES + MULTIPART_OVERHEAD)
        throw new AppError('PAYLOAD_TOO_LARGE', UPLOAD_TOO_LARGE_MESSAGE);
      let content: Buffer | null = null;
      try {
        for await (const part of request.parts()) {
          if (part.type !== 'file') continue;
          if (part.fieldname !== 'file') throw new AppError('VALIDATION', UPLOAD_MISSING_MESSAGE);
          content = await readLimited(part.file);
        }
      } catch (err) {
        if (err instanceof AppError) throw err;
        const e = err as { code?: string; statusCode?: number };
        if (e.code === 'FST_FILES_LIMIT' || e.code === 'FST_PARTS_LIMIT' || e.code === 'FST_FIELDS_LIMIT')
          throw new AppError('PAYLOAD_TOO_LARGE', TOO_MANY_PARTS);
        if (e.code === 'FST_REQ_FILE_TOO_LARGE')
          throw new AppError('PAYLOAD_TOO_LARGE', UPLOAD_TOO_LARGE_MESSAGE);
        if (typeof e.statusCode === 'number' && e.statusCode < 500)
          throw new AppError('VALIDATION', 'El contenido multipart no es válido');
        // A malformed or cut body surfaces from the parser as a plain error: the client's fault.
        if (err instanceof Error && /multipart|boundary|unexpected end|part/i.test(err.message))
          throw new AppError('VALIDATION', 'El contenido multipart no es válido');
        throw err;
      }
      if (!content) throw new AppError('VALIDATION', UPLOAD_MISSING_MESSAGE);
      const { upload, created } = await storeImage(app.deps, actorOf(request), content);
      reply.status(created ? 201 : 200);
      return { success: true as const, data: upload, message: 'Logo cargado' };
    },
  );
};

export default uploadRoutes;

/**
 * GET /uploads/<sha256>.<ext>, outside /api, from any instance: public (an <img> sends no token, and a logo is
 * shown on the sign-in screen), immutable (the name is the content's hash) and validated by ETag.
 */
export const uploadFileRoutes: FastifyPluginAsync = async (app) => {
  app.get<{ Params: { name: string } }>(
    '/uploads/:name',
    { config: { policy: 'public' }, schema: { hide: true, params: z.object({ name: z.string() }) } },
    async (request, reply) => {
      const name = request.params.name;
      const sha = /^([0-9a-f]{64})\./.exec(name)?.[1];
      const etag = sha ? `"${sha}"` : '';
      const cache = 'public, max-age=31536000, immutable';
      const match = request.headers['if-none-match'];
      // The name is the content's hash: a client holding this tag holds this very content, no read needed.
      if (sha && match && match.split(',').some((t) => t.trim().replace(/^W\//, '') === etag))
        return reply.status(304).header('etag', etag).header('cache-control', cache).send();
      const file = await findFile(app.deps, name);
      if (!file) throw new AppError('NOT_FOUND', 'Archivo no encontrado');
      return reply
        .header('content-type', file.contentType)
        .header('content-length', String(file.size))
        .header('etag', etag)
        .header('cache-control', cache)
        .header('content-security-policy', "default-src 'none'; sandbox")
        .send(file.content);
    },
  );
};
