import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { meData } from '@ips/shared/schemas/auth';
import { ok } from '@ips/shared/schemas/common';
import { compileFast, fastResponse, responseSerializerCompiler } from './response-serializer';

const route = (schema: z.ZodType) => ({ schema, method: 'GET', url: '/x', httpStatus: '200' });
const me = {
  success: true as const,
  data: {
    user: {
      id: 7,
      name: 'Ana "la" Pérez\\',
      email: 'ana@ips.co',
      role: 'agent',
      must_change_password: false,
    },
    session: { id: '00000000-0000-4000-8000-000000000000', expires_at: '2026-11-24T03:55:52.693Z' },
  },
};

describe('fastResponse', () => {
  const schema = ok(meData);
  const fast = compileFast(schema);
  const zod = zodSerializerCompiler(route(schema));

  it('writes what zod writes, escaping included', () => {
    expect(fast(me)).toBe(zod(me));
    const withMessage = { ...me, message: 'línea\nnueva' };
    expect(fast(withMessage)).toBe(zod(withMessage));
  });

  it('writes only the declared properties, as zod strips them', () => {
    const leaky = {
      ...me,
      data: { ...me.data, user: { ...me.data.user, password_hash: '$argon2id$…' }, token: 'x' },
    };
    expect(fast(leaky)).not.toMatch(/password_hash|argon2|token/);
    expect(fast(leaky)).toBe(zod(leaky));
  });

  it('refuses an answer without a required property (a 500), as zod does', () => {
    const missing = { success: true, data: { user: me.data.user } };
    expect(() => fast(missing)).toThrow();
    expect(() => zod(missing)).toThrow();
  });

  it('takes only plain schemas: anything fast-json-stringify would write differently is refused at start-up', () => {
    expect(() => compileFast(z.object({ a: z.string().nullable() }))).toThrow(/fastResponse/);
    expect(() => compileFast(z.object({ a: z.union([z.string(), z.number()]) }))).toThrow(/fastResponse/);
    expect(() => compileFast(z.object({ a: z.string().email() }))).toThrow(/fastResponse/);
    expect(() => compileFast(z.object({ a: z.date() }))).toThrow();
    expect(() => compileFast(z.object({ a: z.string().transform((x) => x.length) }))).toThrow();
    expect(() => compileFast(z.object({ a: z.string() }).passthrough())).toThrow(/fastResponse/);
    expect(() => compileFast(z.object({ a: z.array(z.object({ b: z.number() })) }))).not.toThrow();
  });

  it('the app uses it only for the schemas marked, and in tests checks every answer against zod', () => {
    const plain = ok(meData);
    const marked = fastResponse(ok(meData));
    const prod = responseSerializerCompiler({ verify: false });
    const test = responseSerializerCompiler({ verify: true });
    expect(prod(route(plain))(me)).toBe(zod(me));
    expect(prod(route(marked))(me)).toBe(zod(me));
    // A value zod refuses (a role that does not exist) passes the fast writer alone, never the test build.
    const badRole = { ...me, data: { ...me.data, user: { ...me.data.user, role: 'root' } } };
    expect(() => test(route(marked))(badRole)).toThrow();
    expect(() => prod(route(plain))(badRole)).toThrow();
  });
});
