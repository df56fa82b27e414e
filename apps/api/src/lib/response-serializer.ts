import build from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

/**
 * Response serialisation. By default a route's zod response schema encodes (validates and strips) every answer
 * before JSON.stringify (fastify-type-provider-zod). A response schema wrapped in `fastResponse()` is compiled
 * once into a fast-json-stringify function instead: it writes the declared properties only, in the schema's
 * order (what zod's stripping gives), and throws on a missing required property (a 500, as zod does), but it
 * does not check values (an enum member, a literal): the handler's return type, which TypeScript checks against
 * the same schema, is the check. For a small answer it costs a sixth of the zod path (bench/framework-overhead.ts).
 *
 * Only plain schemas qualify (objects, arrays, strings, numbers, booleans, literals and enums, optional fields):
 * a union, a nullable, a format, a refinement or a transform is refused at start-up, so nothing is written
 * differently from what zod would write. In the test environment (`verify`) every answer also goes through zod,
 * and a value zod refuses or an output that differs fails the request: the suite proves the equivalence.
 */
const fast = new WeakSet<z.ZodType>();

export function fastResponse<T extends z.ZodType>(schema: T): T {
  fast.add(schema);
  return schema;
}

const PLAIN_KEYS = new Set([
  'type',
  'properties',
  'required',
  'additionalProperties',
  'items',
  'enum',
  'const',
  'description',
  'title',
]);
const PLAIN_TYPES = new Set(['object', 'array', 'string', 'number', 'integer', 'boolean']);

type JsonSchema = Record<string, unknown>;

/** Throws unless every node of the JSON schema is one fast-json-stringify writes exactly as zod would. */
export function assertPlain(schema: JsonSchema, path = '$'): void {
  for (const key of Object.keys(schema))
    if (!PLAIN_KEYS.has(key)) throw new Error(`fastResponse: ${path} usa '${key}'`);
  if (typeof schema.type !== 'string' || !PLAIN_TYPES.has(schema.type))
    throw new Error(`fastResponse: ${path} tiene el tipo ${JSON.stringify(schema.type)}`);
  if (schema.type === 'object') {
    if (schema.additionalProperties !== false)
      throw new Error(`fastResponse: ${path} admite propiedades adicionales`);
    for (const [k, v] of Object.entries((schema.properties ?? {}) as Record<string, JsonSchema>))
      assertPlain(v, `${path}.${k}`);
  }
  if (schema.type === 'array') assertPlain(schema.items as JsonSchema, `${path}[]`);
}

export function compileFast(schema: z.ZodType): (data: unknown) => string {
  const { $schema: _ignored, ...json } = z.toJSONSchema(schema, {
    io: 'output',
    unrepresentable: 'throw',
  }) as JsonSchema;
  assertPlain(json);
  return build(json as unknown as Parameters<typeof build>[0]);
}

export function responseSerializerCompiler(opts: { verify: boolean }): FastifySerializerCompiler<z.ZodType> {
  return (route) => {
    const zod = zodSerializerCompiler(route);
    if (!fast.has(route.schema)) return zod;
    const stringify = compileFast(route.schema);
    if (!opts.verify) return stringify;
    return (data) => {
      const expected = zod(data);
      const written = stringify(data);
      if (written !== expected)
        throw new Error(
          `fastResponse: ${route.method} ${route.url} escribió ${written} en lugar de ${expected}`,
        );
      return written;
    };
  };
}
