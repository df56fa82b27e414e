import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DOCUMENT_MAX_BYTES, documentUploadFields } from '@ips/shared/schemas/documents';
import { UPLOAD_MAX_BYTES } from '@ips/shared/schemas/uploads';

type TransformInput = Parameters<typeof jsonSchemaTransform>[0];
type JsonSchema = Record<string, unknown>;

const file = (description: string): JsonSchema => ({ type: 'string', format: 'binary', description });
const megabytes = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;
const inputJson = (schema: z.ZodType) =>
  z.toJSONSchema(schema, { io: 'input', target: 'openapi-3.0', unrepresentable: 'any' }) as JsonSchema;

/**
 * The request bodies Fastify does not validate with a schema (issue 34 item 16: "multipart uploads are not
 * documented"): the multipart routes read their parts as a stream in the handler, and the CSV imports take a
 * text/csv stream besides their JSON body. Giving Fastify a body schema for these would make it validate (and
 * buffer) what the handlers stream, so the document gets them here, in the transform that only writes the
 * document. The documents' text fields come from the same zod schema the handler checks them with.
 */
function streamedBodies(): Record<string, Record<string, { schema: JsonSchema }>> {
  const fields = inputJson(documentUploadFields) as { properties: JsonSchema; required?: string[] };
  const csv = { schema: { type: 'string', description: 'El archivo CSV (UTF-8), con ?mode=preview|apply' } };
  return {
    'POST /api/uploads': {
      'multipart/form-data': {
        schema: {
          type: 'object',
          properties: {
            file: file(`El logo: PNG, JPEG o WebP según su contenido, hasta ${megabytes(UPLOAD_MAX_BYTES)}`),
          },
          required: ['file'],
        },
      },
    },
    'POST /api/documents': {
      'multipart/form-data': {
        schema: {
          type: 'object',
          properties: {
            ...fields.properties,
            file: file(
              `El documento: PDF, JPEG, PNG o WebP según su contenido, hasta ${megabytes(DOCUMENT_MAX_BYTES)}; los campos de texto van antes que el archivo`,
            ),
          },
          required: [...(fields.required ?? []), 'file'],
        },
      },
    },
    'POST /api/cups/import': { 'text/csv': csv },
    'POST /api/cie10/import': { 'text/csv': csv },
  };
}
let bodies: ReturnType<typeof streamedBodies> | null = null;

/*
 * The OpenAPI document from the routes' zod schemas (fastify-type-provider-zod), with two corrections (issue 34
 * item 16): a 204 answer has no body, so the document declares none (zod's `z.null()` would be written as JSON
 * content, which no 204 carries, RFC 9110 §15.3.5); and the streamed request bodies above are declared.
 */
export function openApiTransform(input: TransformInput) {
  const out = jsonSchemaTransform(input);
  const schema = out.schema as { response?: Record<string, unknown>; body?: JsonSchema } | undefined;
  const response = schema?.response;
  if (response && '204' in response) {
    const r204 = response['204'] as { description?: string } | undefined;
    response['204'] = { type: 'null', description: r204?.description ?? 'Sin contenido' };
  }
  const method = [input.route.method].flat()[0];
  const streamed = schema && (bodies ??= streamedBodies())[`${method} ${out.url}`];
  if (schema && streamed) {
    const json = schema.body ? { 'application/json': { schema: schema.body } } : {};
    schema.body = { content: { ...json, ...streamed } };
  }
  return out;
}
