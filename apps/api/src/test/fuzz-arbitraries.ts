import fc from 'fast-check';

/** Values that have broken parsers, validators and SQL before: the edges of every type. */
const nastyStrings = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  'null',
  'undefined',
  '0',
  '-1',
  '1e400',
  'NaN',
  'Infinity',
  '2026-02-30',
  '0000-00-00',
  '9999-12-31',
  '24:61',
  '23:59:60',
  "' OR 1=1 --",
  '<script>alert(1)</script>',
  '😀'.repeat(40),
  'á'.repeat(300),
  'x'.repeat(6000),
  '../../etc/passwd',
  '%00',
  '{{7*7}}',
  '\ud800',
  'Ñandú Pérez',
  '  relleno  ',
  'true',
  '[]',
  '{}',
  '1,5',
  '1.000.000',
  '+57 (300) 123-4567',
  'CC',
  'Activo',
  'active',
];
const nastyNumbers = [
  0,
  -1,
  1,
  2147483647,
  2147483648,
  -2147483649,
  1e308,
  -1e308,
  0.5,
  1.5,
  Number.MAX_SAFE_INTEGER + 2,
  1e-9,
];

export const nastyString = fc.oneof(
  fc.constantFrom(...nastyStrings),
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 20 }),
);

export const nastyValue: fc.Arbitrary<unknown> = fc.oneof(
  nastyString,
  fc.constantFrom(...nastyNumbers),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.constantFrom(null, true, false),
  fc.constant([]),
  fc.constant({}),
  fc.array(fc.oneof(fc.integer(), nastyString), { maxLength: 4 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.integer(), { maxKeys: 3 }),
);

/** Keys of the object a zod schema validates, looking through optional/default/pipe wrappers. */
export function objectKeys(schema: unknown, depth = 0): string[] {
  const def = (schema as { _zod?: { def?: Record<string, unknown> } } | undefined)?._zod?.def;
  if (!def || depth > 6) return [];
  switch (def.type) {
    case 'object':
      return Object.keys((def.shape as Record<string, unknown>) ?? {});
    case 'pipe':
      return [...new Set([...objectKeys(def.in, depth + 1), ...objectKeys(def.out, depth + 1)])];
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'catch':
      return objectKeys(def.innerType, depth + 1);
    case 'union':
      return [...new Set((def.options as unknown[]).flatMap((o) => objectKeys(o, depth + 1)))];
    default:
      return [];
  }
}

/** A JSON body: the schema's own keys with edge values, or something else entirely. */
export function bodyArbitrary(schema: unknown): fc.Arbitrary<unknown> {
  const keys = objectKeys(schema);
  const shaped = keys.length
    ? fc.record(Object.fromEntries(keys.map((k) => [k, nastyValue])), { requiredKeys: [] })
    : fc.constant({});
  return fc.oneof(
    { weight: 6, arbitrary: shaped },
    { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 2 }) },
    { weight: 1, arbitrary: fc.constant(null) },
  );
}

/** A query string over the schema's keys (plus a stray one) with edge strings. */
export function queryArbitrary(schema: unknown): fc.Arbitrary<Record<string, string>> {
  const keys = [...objectKeys(schema), 'x'];
  return fc
    .record(Object.fromEntries(keys.map((k) => [k, nastyString.map(String)])), { requiredKeys: [] })
    .map((q) =>
      Object.fromEntries(Object.entries(q).filter((e): e is [string, string] => e[1] !== undefined)),
    );
}
