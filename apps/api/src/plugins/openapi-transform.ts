import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';

type TransformInput = Parameters<typeof jsonSchemaTransform>[0];
type JsonSchema = Record<string, unknown>;

/** A request body the route reads itself, by content type, as the document states it. */
export type DocumentedBody = Record<string, { schema: JsonSchema }>;

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The request body of a route that streams it (multipart parts, a text/csv stream) and so gives Fastify no body
     * schema to validate and buffer: the document states it from here (issue 34 item 16).
     */
    documentedBody?: DocumentedBody;
  }
}

/** A size limit as the document states it. */
export const megabytes = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;

/** A file part of a multipart body. */
export const filePart = (description: string): JsonSchema => ({
  type: 'string',
  format: 'binary',
  description,
});

/** A multipart/form-data body: the text fields of a zod schema (as a client sends them), then the file part. */
export function multipartBody(file: JsonSchema, fields?: z.ZodType): DocumentedBody {
  const text = fields
    ? (z.toJSONSchema(fields, { io: 'input', target: 'openapi-3.0', unrepresentable: 'any' }) as {
        properties?: JsonSchema;
        required?: string[];
      })
    : {};
  return {
    'multipart/form-data': {
      schema: {
        type: 'object',
        properties: { ...text.properties, file },
        required: [...(text.required ?? []), 'file'],
      },
    },
  };
}

/** A CSV import's text/csv body (besides its JSON one). */
export const csvBody: DocumentedBody = {
  'text/csv': { schema: { type: 'string', description: 'El archivo CSV (UTF-8), con ?mode=preview|apply' } },
};

/*
 * The OpenAPI document from the routes' zod schemas (fastify-type-provider-zod), with two corrections (issue 34
 * item 16): a 204 answer has no body, so the document declares none (zod's `z.null()` would be written as JSON
 * content, which no 204 carries, RFC 9110 §15.3.5); and a route's streamed request body (`config.documentedBody`)
 * is declared beside its JSON one, if any.
 */
export function openApiTransform(input: TransformInput) {
  const out = jsonSchemaTransform(input);
  const schema = out.schema as { response?: Record<string, unknown>; body?: JsonSchema } | undefined;
  const response = schema?.response;
  if (response && '204' in response) {
    const r204 = response['204'] as { description?: string } | undefined;
    response['204'] = { type: 'null', description: r204?.description ?? 'Sin contenido' };
  }
  const streamed = input.route.config?.documentedBody;
  if (schema && streamed) {
    const json = schema.body ? { 'application/json': { schema: schema.body } } : {};
    schema.body = { content: { ...json, ...streamed } };
  }
  return out;
}
