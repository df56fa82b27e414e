import { Readable } from 'node:stream';
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DOCUMENT_DELETE_ROLES, DOCUMENT_READ_ROLES, DOCUMENT_WRITE_ROLES } from '@ips/shared/catalogs/roles';
import { AppError } from '@ips/shared/errors';
import { idParam, ok, successOnly } from '@ips/shared/schemas/common';
import {
  DOCUMENT_MAX_BYTES,
  DOCUMENT_MESSAGES as M,
  documentCategoryDto,
  documentDto,
  documentListQuery,
  documentUpdateBody,
  documentUploadFields,
  downloadLinkDto,
} from '@ips/shared/schemas/documents';
import { contentDisposition, parseRange } from '../../lib/http-range';
import { filePart, megabytes, multipartBody } from '../../plugins/openapi-transform';
import { readRange } from './repo';
import {
  createDownloadLink,
  deleteDocument,
  listCategories,
  listDocuments,
  openDownload,
  recordDownload,
  updateDocument,
} from './service';
import { receiveUpload } from './upload';

const tags = ['documents'];
/** Room for the multipart boundaries, the text fields and the part headers around the file itself. */
const MULTIPART_OVERHEAD = 64 * 1024;

/** Patient documents (spec part 2 §7 "Documents", decision 036). Multipart is parsed only in this scope. */
const documentRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(multipart, {
    limits: {
      fileSize: DOCUMENT_MAX_BYTES,
      files: 1,
      fields: 8,
      parts: 9,
      fieldSize: 4096,
      headerPairs: 20,
    },
  });

  app.post(
    '/documents',
    {
      config: {
        policy: DOCUMENT_WRITE_ROLES,
        rateLimit: 'upload',
        documentedBody: multipartBody(
          filePart(
            `El documento: PDF, JPEG, PNG o WebP según su contenido, hasta ${megabytes(DOCUMENT_MAX_BYTES)}; los campos de texto van antes que el archivo`,
          ),
          documentUploadFields,
        ),
      },
      schema: {
        tags,
        summary:
          'Subir un documento del paciente (multipart: file, patient_id, category, description): PDF, JPEG, PNG o WebP según su contenido, hasta 20 MB',
        consumes: ['multipart/form-data'],
        response: { 201: ok(documentDto) },
      },
    },
    async (request, reply) => {
      if (!request.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA_TYPE', M.notMultipart);
      // A body announced far beyond the limit is refused before a byte of it is read.
      const declared = Number(request.headers['content-length']);
      if (Number.isFinite(declared) && declared > DOCUMENT_MAX_BYTES + MULTIPART_OVERHEAD)
        throw new AppError('PAYLOAD_TOO_LARGE', M.tooLarge);
      const data = await receiveUpload(app.deps, request);
      reply.status(201);
      return { success: true as const, data, message: 'Documento cargado' };
    },
  );

  app.get(
    '/documents/categories',
    {
      config: { policy: DOCUMENT_READ_ROLES },
      schema: {
        tags,
        summary: 'Categorías de documentos; con patient_id, cuántos tiene el paciente en cada una',
        querystring: z.object({ patient_id: idParam.shape.id.optional() }),
        response: { 200: ok(z.array(documentCategoryDto)) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await listCategories(app.deps, request, request.query.patient_id),
    }),
  );

  app.get(
    '/documents/patient/:id',
    {
      config: { policy: DOCUMENT_READ_ROLES, rateLimit: 'directory' },
      schema: {
        tags,
        summary: 'Documentos de un paciente, los más recientes primero, paginados (?category=)',
        params: idParam,
        querystring: documentListQuery,
        response: {
          200: z.object({
            success: z.literal(true),
            data: z.array(documentDto),
            total: z.number(),
            page: z.number(),
            limit: z.number(),
          }),
        },
      },
    },
    async (request) => ({
      success: true as const,
      ...(await listDocuments(app.deps, request, request.params.id, request.query)),
    }),
  );

  app.put(
    '/documents/:id',
    {
      config: { policy: DOCUMENT_WRITE_ROLES },
      schema: {
        tags,
        summary: 'Cambiar la categoría o la descripción de un documento',
        params: idParam,
        body: documentUpdateBody,
        response: { 200: ok(documentDto) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await updateDocument(app.deps, request, request.params.id, request.body),
      message: 'Documento actualizado',
    }),
  );

  app.delete(
    '/documents/:id',
    {
      config: { policy: DOCUMENT_DELETE_ROLES },
      schema: { tags, summary: 'Eliminar un documento', params: idParam, response: { 200: successOnly } },
    },
    async (request) => {
      await deleteDocument(app.deps, request, request.params.id);
      return { success: true as const, message: 'Documento eliminado' };
    },
  );

  app.post(
    '/documents/:id/download-link',
    {
      config: { policy: DOCUMENT_READ_ROLES },
      schema: {
        tags,
        summary: 'Enlace de descarga de un documento: válido 5 minutos, solo para ese documento',
        params: idParam,
        response: { 200: ok(downloadLinkDto) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await createDownloadLink(app.deps, request, request.params.id),
    }),
  );

  /*
   * The download itself needs no session header (an <iframe>, an <img> or a plain link cannot send one): the
   * short-lived token of download-link is the authorization, checked in the service.
   */
  app.get(
    '/documents/:id/download',
    {
      config: { policy: 'public', rateLimit: 'download' },
      schema: {
        tags,
        summary:
          'Descargar un documento con el token de su enlace (no el de la sesión); admite solicitudes de rango; ?inline=1 para verlo en el navegador',
        params: idParam,
        querystring: z.object({
          token: z.string().max(2048).optional(),
          inline: z.enum(['0', '1']).optional(),
        }),
        security: [],
      },
    },
    async (request, reply) => {
      const id = request.params.id;
      const { doc, claims } = await openDownload(app.deps, request.query.token, id);
      const range = parseRange(request.headers.range, doc.size);
      reply
        .header('accept-ranges', 'bytes')
        .header('content-type', doc.contentType)
        .header('etag', `"${doc.sha256}"`)
        .header('cache-control', 'private, no-store')
        .header(
          'content-disposition',
          contentDisposition(request.query.inline === '1' ? 'inline' : 'attachment', doc.fileName),
        );
      // The browser's own PDF viewer must run in the document: no page policy of the app on the file itself.
      reply.removeHeader('content-security-policy');
      if (range.kind === 'invalid') {
        return reply
          .status(416)
          .header('content-range', `bytes */${doc.size}`)
          .type('application/json; charset=utf-8')
          .send({ success: false, message: M.rangeInvalid });
      }
      const [start, end] = range.kind === 'partial' ? [range.start, range.end] : [0, doc.size - 1];
      if (range.kind === 'partial')
        reply.status(206).header('content-range', `bytes ${start}-${end}/${doc.size}`);
      reply.header('content-length', String(end - start + 1));
      if (request.method === 'HEAD') return reply.send('');
      // A read from the first byte is one reading of the document; the ranges a viewer asks for next are not.
      if (start === 0) await recordDownload(app.deps, request, doc, claims.userId);
      // One chunk read ahead at most: the stream never holds more than a chunk or two of the file.
      return reply.send(Readable.from(readRange(app.deps.db, id, start, end), { highWaterMark: 1 }));
    },
  );
};

export default documentRoutes;
