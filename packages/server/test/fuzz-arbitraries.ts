import fc from 'fast-check';

// Inputs for the route fuzzer (fuzz.test.ts): values shaped by a route's JSON schema (what
// z.toJSONSchema makes of its zod schema), mixed with hostile values at every level.

/** The parts of a JSON schema that z.toJSONSchema writes for this server's route schemas. */
export interface JsonSchema {
  type?: string | string[];
  enum?: unknown[];
  anyOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
}

/** Values a property of this name should often get (real ids, a registered email...). */
export type Hints = Record<string, fc.Arbitrary<unknown>>;

// ---- Hostile values ----

export const SQL_PAYLOADS = [
  "' OR 1=1 --",
  "' OR '1'='1",
  '1; DROP TABLE account',
  "1'; DROP TABLE tienda; --",
  '" OR ""="',
  "'); DELETE FROM producto; --",
  '1 UNION SELECT password_hash FROM account',
  "admin'--",
  '%27%20OR%201%3D1',
  '\\',
  "'",
  '"',
  '`',
  ';',
];

export const SCRIPT_PAYLOADS = [
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '"><svg onload=alert(1)>',
  'javascript:alert(1)',
  '</textarea><script>alert(document.cookie)</script>',
  '{{constructor.constructor("alert(1)")()}}',
  '${7*7}',
  '<!--',
  ']]>',
];

/** Texts that are odd as Unicode: direction marks, combining runs, lone surrogates, BOM... */
export const UNICODE_EDGES = [
  '\u202egnp.exe',
  '\u200f\u05e9\u05dc\u05d5\u05dd \u0645\u0631\u062d\u0628\u0627',
  'Z\u0351\u0364\u0336\u0301\u0300\u0327\u0328a\u0300\u0301\u0302\u0303l\u0334g\u0335o',
  'e\u0301',
  '\ud800',
  '\udfff',
  'a\ud83d',
  '\udc00\ud800',
  '\ufeffBOM',
  '\u200b\u200c\u200d\u2060',
  '\u2028\u2029',
  '\uffff\ufffe',
  '\u0001\u0007\u001b[31m',
  '👨‍👩‍👧‍👦🇲🇽🌮',
  '＜script＞',
  'İıßǅﬀ',
  '١٢٣',
  '１２３',
  '\t\n\r ',
  ' ',
  '',
  'N/A',
  'null',
  'undefined',
  '[object Object]',
  '__proto__',
  '%s%s%s%n',
  '../../etc/passwd',
  '..\\..\\windows\\win.ini',
];

export const NUMBER_EDGES: unknown[] = [
  Number.MAX_SAFE_INTEGER,
  Number.MIN_SAFE_INTEGER,
  Number.MAX_VALUE,
  Number.MIN_VALUE,
  -0,
  0,
  -1,
  1.5,
  0.1,
  1.005,
  99_999.999,
  1e308,
  -1e308,
  1e21,
  1e-7,
  2 ** 31 - 1,
  2 ** 31,
  2 ** 32,
  2 ** 53,
  2 ** 63,
  'NaN',
  'Infinity',
  '-Infinity',
  '1e309',
  '0x10',
  '1_000',
  ' 7 ',
  '7\n',
  '+7',
  '007',
  '1e3',
  '12.',
  '.5',
  '-0',
  '9007199254740993',
];

export const WRONG_TYPES: unknown[] = [
  true,
  false,
  null,
  {},
  [],
  [1],
  ['a', 'b'],
  { $gt: '' },
  { length: 5 },
  { toString: 'x' },
  [[[]]],
];

/** Path segments aimed at the router, the static file plugins and the id parsers. */
export const PATH_SEGMENTS = [
  '..',
  '.',
  '..%2F..%2F..%2Fetc%2Fpasswd',
  '%2e%2e%2f%2e%2e%2fpackage.json',
  '..%5C..%5Cwindows%5Cwin.ini',
  '....%2F%2F....%2F%2Fetc%2Fpasswd',
  '%252e%252e%252f',
  '%00',
  'a%00.png',
  '%ff',
  '%c0%ae%c0%ae%2f',
  '%ED%A0%80',
  '%',
  '%zz',
  '.env',
  '.git%2Fconfig',
  '~root',
  'con',
  '-1',
  '0',
  '1.5',
  '1e3',
  '0x10',
  '99999999999999999999',
  '2147483648',
  '%20',
  '%3Cscript%3E',
  '%27%20OR%201%3D1%20--',
];

/** Whole bodies sent as they are: malformed JSON, duplicated keys, numbers JSON.stringify can't write. */
export const RAW_BODIES = [
  '{"id": ',
  '{',
  '}',
  '[',
  '"hola"',
  'null',
  'true',
  '0',
  '[1,2,3]',
  '{"id": 1e400}',
  '{"id": -1e400, "tiendaId": 1e-400}',
  '{"id": 123456789012345678901234567890}',
  '{"productoId": 1, "productoId": "x"}',
  '{"__proto__": {"role": "ADMIN"}, "constructor": {"prototype": {"isAdmin": true}}}',
  '{"a": "\\ud800"}',
  '{"a": "\\u0000"}',
  '{"a": "\\x41"}',
  "{'a': 1}",
  '{"a": NaN}',
  '{"a": Infinity}',
  '{"a": 01}',
  '{"a": 1,}',
  '\ufeff{}',
  '/* */{}',
  '{"a":1}{"b":2}',
  '['.repeat(3000) + ']'.repeat(3000),
  '{"a":'.repeat(3000) + '1' + '}'.repeat(3000),
];

/** A long run of one character: up to ~1 MB of JSON, around the server's body limit. */
const hugeString = fc
  .tuple(
    fc.constantFrom('a', 'ñ', '🌮', '\u202e', 'e\u0301', '<', "'", '\ud800', ' ', '0'),
    fc.integer({ min: 100_000, max: 150_000 }),
  )
  .map(([unit, n]) => unit.repeat(n));

export const hostileString: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...SQL_PAYLOADS, ...SCRIPT_PAYLOADS) },
  { weight: 3, arbitrary: fc.constantFrom(...UNICODE_EDGES) },
  { weight: 1, arbitrary: hugeString },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 200 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'grapheme', maxLength: 60 }) },
  {
    weight: 1,
    arbitrary: fc
      .tuple(
        fc.constantFrom('Taco ', 'Calle ', '', 'Ana '),
        fc.constantFrom(...SQL_PAYLOADS, ...SCRIPT_PAYLOADS, ...UNICODE_EDGES),
      )
      .map(([a, b]) => a + b),
  },
);

/** Arrays or objects nested this deep, around a small value. */
const deepValue = fc
  .tuple(fc.integer({ min: 20, max: 2_000 }), fc.boolean())
  .map(([depth, asArray]) => {
    let value: unknown = 1;
    for (let i = 0; i < depth; i += 1) value = asArray ? [value] : { a: value };
    return value;
  });

export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 5, arbitrary: hostileString },
  { weight: 3, arbitrary: fc.constantFrom(...NUMBER_EDGES) },
  { weight: 2, arbitrary: fc.constantFrom(...WRONG_TYPES) },
  { weight: 1, arbitrary: deepValue },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
);

/** Keys a client might add beside the schema's own. */
const extraKey = fc.oneof(
  fc.constantFrom('__proto__', 'constructor', 'prototype', 'role', 'tiendaId', 'id', 'deleted'),
  fc.string({ maxLength: 20 }),
);

// ---- From a JSON schema ----

/** Marks a property left out of the object. */
const ABSENT = Symbol('absent');

function typeArbitrary(type: string, schema: JsonSchema, hints: Hints, depth: number) {
  switch (type) {
    case 'string': {
      if (schema.pattern) return fc.stringMatching(new RegExp(schema.pattern));
      const minLength = schema.minLength ?? 0;
      const maxLength = Math.min(schema.maxLength ?? 60, 120);
      return fc.oneof(
        fc.string({ minLength, maxLength }),
        fc.string({ minLength, maxLength, unit: 'grapheme' }),
        fc.string({ minLength, maxLength: maxLength + 1, unit: 'binary' }),
      );
    }
    case 'integer': {
      const min =
        schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : schema.minimum;
      const max =
        schema.exclusiveMaximum !== undefined ? schema.exclusiveMaximum - 1 : schema.maximum;
      const lo = min ?? -(2 ** 31);
      const hi = max ?? 2 ** 31;
      return fc.oneof(
        { weight: 4, arbitrary: fc.integer({ min: lo, max: Math.min(hi, lo + 50) }) },
        { weight: 2, arbitrary: fc.integer({ min: lo, max: hi }) },
        { weight: 1, arbitrary: fc.constantFrom(lo - 1, hi + 1, lo, hi) },
      );
    }
    case 'number':
      return fc.oneof(
        fc.integer({ min: -10, max: 100_000 }),
        fc.integer({ min: 0, max: 10_000_000 }).map((c) => c / 100),
        fc.double({ noNaN: true, noDefaultInfinity: true }),
      );
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return fc.array(schema.items ? fromSchema(schema.items, hints, depth + 1) : fc.jsonValue(), {
        maxLength: Math.min((schema.maxItems ?? 8) + 2, 12),
      });
    case 'object':
      return objectArbitrary(schema, hints, depth);
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

/** A value the schema describes, without hostile mixing at this level. */
function fromSchema(schema: JsonSchema, hints: Hints, depth: number): fc.Arbitrary<unknown> {
  if (schema.anyOf) return fc.oneof(...schema.anyOf.map((s) => fromSchema(s, hints, depth)));
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  if (types.length === 0)
    return schema.properties
      ? objectArbitrary(schema, hints, depth)
      : fc.jsonValue({ maxDepth: 2 });
  return fc.oneof(...types.map((t) => typeArbitrary(t, schema, hints, depth)));
}

/** A property's value: from its schema, from the hints for its name, or hostile. */
function leafArbitrary(name: string, schema: JsonSchema, hints: Hints, depth: number) {
  const own = fromSchema(schema, hints, depth + 1);
  const hinted = hints[name];
  return fc.oneof(
    { weight: 4, arbitrary: own },
    { weight: hinted ? 4 : 0, arbitrary: hinted ?? own },
    { weight: 2, arbitrary: hostileValue },
  );
}

/**
 * An object of the schema's properties, in one of two moods: near-valid (each property from its
 * hint, the odd one hostile: gets past validation to the handler and the database) or mixed
 * (any property hostile or missing, extra keys beside them: exercises validation).
 */
function objectArbitrary(schema: JsonSchema, hints: Hints, depth: number) {
  const properties = Object.entries(schema.properties ?? {});
  const required = new Set(schema.required ?? []);
  const absent = fc.constant<typeof ABSENT>(ABSENT);
  const nearValid = properties.map(([name, propertySchema]) => {
    const good = hints[name] ?? fromSchema(propertySchema, hints, depth + 1);
    return fc
      .oneof(
        { weight: 16, arbitrary: good },
        { weight: 1, arbitrary: leafArbitrary(name, propertySchema, hints, depth) },
        { weight: required.has(name) ? 0 : 2, arbitrary: absent },
      )
      .map((value) => [name, value] as const);
  });
  const mixed = properties.map(([name, propertySchema]) =>
    fc
      .oneof(
        {
          weight: required.has(name) ? 12 : 5,
          arbitrary: leafArbitrary(name, propertySchema, hints, depth),
        },
        { weight: 1, arbitrary: absent },
      )
      .map((value) => [name, value] as const),
  );
  const noExtras = fc.constant<[string, unknown][]>([]);
  const extras = fc.oneof(
    { weight: 4, arbitrary: noExtras },
    { weight: 1, arbitrary: fc.array(fc.tuple(extraKey, hostileValue), { maxLength: 3 }) },
  );
  return fc
    .oneof(fc.tuple(fc.tuple(...nearValid), noExtras), fc.tuple(fc.tuple(...mixed), extras))
    .map(([own, extra]) => {
      const object: Record<string, unknown> = {};
      // defineProperty: a '__proto__' key must become an own key that JSON.stringify writes.
      const set = (key: string, value: unknown) =>
        Object.defineProperty(object, key, {
          value,
          enumerable: true,
          writable: true,
          configurable: true,
        });
      for (const [key, value] of extra) set(key, value);
      for (const [key, value] of own) if (value !== ABSENT) set(key, value);
      return object;
    });
}

/** A value for a whole schema (a body, a query or params object), hostile at every level. */
export function arbitraryFor(schema: JsonSchema, hints: Hints): fc.Arbitrary<unknown> {
  return fromSchema(schema, hints, 0);
}

/** A path segment from a param's schema or hints, percent-encoded, or a hostile raw segment. */
export function segmentArbitrary(
  schema: JsonSchema | undefined,
  hints: Hints,
  name: string,
): fc.Arbitrary<string> {
  const valued = schema ? leafArbitrary(name, schema, hints, 0) : hostileValue;
  // Kept well under Node's 16 KB request-head limit, even when each character takes 12 bytes.
  const text = (v: unknown) =>
    (typeof v === 'string' ? v : (JSON.stringify(v) ?? 'x')).slice(0, 300);
  return fc.oneof(
    { weight: 4, arbitrary: valued.map((v) => percentEncode(text(v))) },
    { weight: 2, arbitrary: fc.constantFrom(...PATH_SEGMENTS) },
  );
}

/**
 * encodeURIComponent, except that a lone surrogate (which it refuses) goes out as the bytes
 * its code unit would have in UTF-8, an invalid sequence the server must refuse cleanly.
 */
export function percentEncode(text: string): string {
  let out = '';
  for (const char of text) {
    const unit = char.charCodeAt(0);
    if (char.length === 1 && unit >= 0xd800 && unit <= 0xdfff) {
      for (const byte of [0xe0 | (unit >> 12), 0x80 | ((unit >> 6) & 0x3f), 0x80 | (unit & 0x3f)]) {
        out += `%${byte.toString(16).toUpperCase()}`;
      }
    } else {
      out += encodeURIComponent(char);
    }
  }
  return out;
}

/** A header value node's HTTP client will send: printable Latin-1 only, at most 2,000 bytes. */
export function headerSafe(text: string): string {
  return text.replace(/[^\t\x20-\x7e\x80-\xff]/g, '?').slice(0, 2_000);
}

/**
 * Every string inside a value (keys too), for telling an echo of the input from a leak: numbers
 * as text as well unless `numbers` is false; nothing deeper than `maxDepth` (default 50).
 */
export function stringsIn(
  value: unknown,
  options: { numbers?: boolean; maxDepth?: number } = {},
): string[] {
  const { numbers = true, maxDepth = 50 } = options;
  const out: string[] = [];
  const walk = (item: unknown, depth: number): void => {
    if (depth > maxDepth) return;
    if (typeof item === 'string') out.push(item);
    else if (typeof item === 'number') {
      if (numbers) out.push(String(item));
    } else if (Array.isArray(item)) for (const element of item) walk(element, depth + 1);
    else if (item && typeof item === 'object') {
      for (const [key, child] of Object.entries(item)) {
        out.push(key);
        walk(child, depth + 1);
      }
    }
  };
  walk(value, 0);
  return out;
}
