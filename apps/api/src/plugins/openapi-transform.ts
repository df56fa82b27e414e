import { jsonSchemaTransform } from 'fastify-type-provider-zod';

type TransformInput = Parameters<typeof jsonSchemaTransform>[0];

/*
 * The OpenAPI document from the routes' zod schemas (fastify-type-provider-zod), with one correction (issue 34
 * item 16): a 204 answer has no body, so the document declares none. zod's `z.null()` would be written as JSON
 * content, which no 204 carries (RFC 9110 §15.3.5), and a checker such as Schemathesis reports the disagreement.
 */
export function openApiTransform(input: TransformInput) {
  const out = jsonSchemaTransform(input);
  const response = (out.schema as { response?: Record<string, unknown> } | undefined)?.response;
  if (response && '204' in response) {
    const r204 = response['204'] as { description?: string } | undefined;
    response['204'] = { type: 'null', description: r204?.description ?? 'Sin contenido' };
  }
  return out;
}
