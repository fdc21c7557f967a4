import fc from 'fast-check';
import type { FieldSpec, ObjectSpec, ValueKind } from './fuzz-schema.js';

/** JSON text placed verbatim (numbers JSON.stringify cannot write, 10k-deep nesting). */
export class RawJson {
  constructor(readonly text: string) {}
}

/** An object as key/value pairs, so `__proto__` and repeated keys survive into the JSON text. */
export class Entries {
  constructor(readonly pairs: [string, unknown][]) {}
}

/** Ids and names that exist in the fuzzed database, so some inputs get past the "not found" check. */
export interface FuzzValues {
  userId: number;
  ids: number[];
  strings: string[];
}

/** How one fuzzed request is sent; built into an inject call by the test. */
export interface FuzzRequest {
  /** What kind of input this is, for the failure report. */
  kind: string;
  /** Raw query string without the `?` ('' for none). */
  query: string;
  /** Values of `:param` segments, already URL-encoded. */
  params: Record<string, string>;
  body: FuzzBody | undefined;
}

export type FuzzBody =
  | { type: 'raw'; payload: string | Buffer; contentType: string | undefined }
  | { type: 'multipart'; fields: [string, string | { file: Buffer; name: string; type: string }][] };

export const HUGE = 100_000;
const DEEP = 10_000;

// ---------------------------------------------------------------------------------------------
// Serialising
// ---------------------------------------------------------------------------------------------

export function toJsonText(value: unknown): string {
  if (value instanceof RawJson) return value.text;
  if (value instanceof Entries) {
    return `{${value.pairs.map(([k, v]) => `${JSON.stringify(k)}:${toJsonText(v)}`).join(',')}}`;
  }
  if (Array.isArray(value)) return `[${value.map((v) => (v === undefined ? 'null' : toJsonText(v))).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    return toJsonText(new Entries(Object.entries(value as Record<string, unknown>)));
  }
  // NaN and ±Infinity become null, as JSON.stringify writes them.
  return JSON.stringify(value) ?? 'null';
}

/** A value as form or query text: arrays repeat the name, objects become bracketed names. */
export function toTextPairs(name: string, value: unknown): [string, string][] {
  if (value === null || value === undefined) return [[name, '']];
  if (value instanceof RawJson) return [[name, value.text]];
  if (value instanceof Entries) return value.pairs.flatMap(([k, v]) => toTextPairs(`${name}[${k}]`, v));
  if (Array.isArray(value)) {
    return value.flatMap((v) =>
      Array.isArray(v) || v instanceof Entries ? [[name, toJsonText(v)]] : toTextPairs(name, v),
    );
  }
  if (typeof value === 'object') return toTextPairs(name, new Entries(Object.entries(value)));
  return [[name, String(value)]];
}

/**
 * encodeURIComponent, except that a lone surrogate (which it refuses) is written as the bytes
 * WTF-8 would give it: a percent-encoded sequence that is not valid UTF-8, worth sending too.
 */
export function encodeText(text: string): string {
  try {
    return encodeURIComponent(text);
  } catch {
    // a lone surrogate: encode character by character below
  }
  let out = '';
  for (const ch of text) {
    const code = ch.codePointAt(0) ?? 0;
    out +=
      code >= 0xd800 && code <= 0xdfff
        ? [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)]
            .map((b) => `%${b.toString(16).toUpperCase()}`)
            .join('')
        : encodeURIComponent(ch);
  }
  return out;
}

export const encodePairs = (pairs: [string, string][]) =>
  pairs.map(([k, v]) => `${encodeText(k)}=${encodeText(v)}`).join('&');

// ---------------------------------------------------------------------------------------------
// Values
// ---------------------------------------------------------------------------------------------

const emptyBoard = () => Array.from({ length: 9 }, () => Array.from({ length: 9 }, () => 0));
/** The same board as the API's { value, clue } cells (docs/api.md#sudoku-boards), one without a value. */
const emptyCellBoard = () =>
  emptyBoard().map((row, r) => row.map((value, c) => (r + c === 0 ? { clue: false } : { value, clue: false })));

/** Plausible values of every kind; each field keeps those its own schema accepts. */
function candidatePool(values: FuzzValues): unknown[] {
  return [
    values.userId,
    String(values.userId),
    ...values.ids,
    ...values.ids.map(String),
    ...values.strings,
    0,
    1,
    2,
    10,
    100,
    3600,
    52.52,
    13.405,
    -33.87,
    151.21,
    '1',
    '10',
    '52.52',
    '13.405',
    '-33.87',
    true,
    false,
    'true',
    'false',
    'AAPL',
    'msft',
    '^GSPC',
    'BRK-B',
    'Europe/Paris',
    'america/new_york',
    'UTC',
    'us',
    'DE',
    'en',
    'Berlin',
    'Paris, France',
    '10 Downing Street, London',
    'Fuzzed title',
    'Some longer description text',
    'fuzz@example.com',
    'countrycode:us,de',
    'circle:13.4,52.5,1000',
    'rect:13.0,52.3,13.8,52.7|countrycode:de',
    'proximity:13.4,52.5',
    emptyBoard(),
    emptyCellBoard(),
    null,
  ];
}

/** The seed's names for the acting user (docs/api.md: when present they must be the signed-in user). */
const USER_FIELDS = new Set(['user', 'userid', 'user_id']);

/**
 * Values the field's schema accepts; `text` keeps only strings (query strings and forms carry
 * text). A user field's valid value is the signed-in user, so requests get past the identity check.
 */
export function validValues(field: FieldSpec, values: FuzzValues, text: boolean): unknown[] {
  const candidates = USER_FIELDS.has(field.name) ? [values.userId, String(values.userId)] : candidatePool(values);
  const pool = [...field.values, ...candidates].filter((v) => !text || typeof v === 'string');
  const accepted = pool.filter((v) => field.schema.safeParse(v).success);
  return [...new Set(accepted.map((v) => toJsonText(v)))].map((t) => accepted.find((v) => toJsonText(v) === t));
}

const nastyStrings = fc.oneof(
  fc.constantFrom(
    '',
    ' ',
    '\t\n ',
    '\u0000',
    'a\u0000b',
    '\u202Eevil\u202C',
    'مرحبا بالعالم',
    'שלום עולם',
    '𝕳𝖊𝖑𝖑𝖔',
    '👩‍👩‍👧‍👦🏳️‍🌈',
    '\uD800',
    'x\uDFFFy',
    'e\u0301\u0301\u0301',
    '\u200B\uFEFF',
    'ﬁ',
    "' OR 1=1 --",
    '"; DROP TABLE users; --',
    '<script>alert(1)</script>',
    '\u0024{7*7}{{7*7}}',
    '../../etc/passwd',
    '%00%ff',
    'null',
    'undefined',
    '__proto__',
    'constructor',
    'toString',
    '\\',
    '\r\n\r\nX-Injected: 1',
  ),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 20 }),
  fc.constantFrom('a', '😀', '\u0000', 'é', '\u202E').map((c) => c.repeat(HUGE)),
);

const numberLikeStrings = fc.constantFrom(
  'NaN',
  'Infinity',
  '-Infinity',
  '1e999',
  '-1e999',
  '0x1F',
  '0b11',
  '1_000',
  ' 42 ',
  '42abc',
  '4 2',
  '١٢٣',
  '１２３',
  '+1',
  '-0',
  '.5',
  '5.',
  '1e3',
  '1,5',
  '00012',
  '9'.repeat(400),
  '-1',
  '1.5',
  '2147483648',
  '9007199254740993',
);

function nastyNumbers(field: FieldSpec) {
  const bounds = [field.min, field.max]
    .filter((b): b is number => b !== undefined && Number.isFinite(b))
    .flatMap((b) => [b - 1, b, b + 1, b - 0.5, b + 0.5]);
  return fc.oneof(
    fc.constantFrom(
      -1,
      0,
      0.5,
      1.5,
      -1.5,
      1e-7,
      2 ** 31,
      2 ** 53,
      2 ** 53 + 2,
      -(2 ** 53),
      Number.MAX_VALUE,
      -Number.MAX_VALUE,
      Number.MIN_VALUE,
      ...bounds,
    ),
    fc.double({ noNaN: true, noDefaultInfinity: true }),
    fc.integer(),
    fc.constantFrom(
      new RawJson('1e999'),
      new RawJson('-1e999'),
      new RawJson('-0'),
      new RawJson('1E2'),
      new RawJson('123456789012345678901234567890'),
      new RawJson('1e-400'),
      new RawJson('1.0'),
    ),
    numberLikeStrings,
  );
}

/** A JSON value of each kind the field does not accept. */
function wrongTypes(field: FieldSpec) {
  const samples: [ValueKind, unknown][] = [
    ['string', 'wrong type'],
    ['number', 12345],
    ['boolean', true],
    ['null', null],
    ['array', ['x', 1]],
    ['object', { $ne: null, $gt: '' }],
  ];
  const wrong = samples.filter(([kind]) => !field.kinds.has(kind)).map(([, v]) => v);
  return fc.constantFrom(...(wrong.length > 0 ? wrong : [{ nested: { deeper: [] } }]));
}

export const deepArray = (depth = DEEP) => new RawJson('['.repeat(depth) + ']'.repeat(depth));
export const deepObject = (depth = DEEP) => new RawJson(`${'{"a":'.repeat(depth)}0${'}'.repeat(depth)}`);
const deepValues = fc.constantFrom(deepArray(), deepObject(), new RawJson(`[${Array(HUGE).fill(0).join(',')}]`));

const junk = fc.jsonValue({ maxDepth: 3 });

/** Characters that break naive storage or display; NUL (PostgreSQL text refuses it) weighted up. */
const SPECIAL_CHARS = [
  '\u0000',
  '\u0000',
  '\u0000',
  '\u202E',
  '\uD800',
  '😀',
  '\u200B',
  '\r\n',
  "'",
  '"',
  '\\',
  '%',
  '\u0007',
  '\uFFFF',
];

/** A valid string with one special character at the start, middle or end: it passes length and shape checks. */
function decorated(valid: string[]): fc.Arbitrary<string> {
  return fc.tuple(fc.constantFrom(...valid), fc.constantFrom(...SPECIAL_CHARS), fc.nat(2)).map(([v, ch, where]) => {
    const at = where === 0 ? 0 : where === 1 ? v.length >> 1 : v.length;
    return v.slice(0, at) + ch + v.slice(at);
  });
}

/**
 * What the fuzzer tries for a field: valid values (unless `withValid` is false), valid text with a
 * special character in it, nasty values of its kind, wrong types, junk, deep nesting.
 */
export function fieldValue(
  field: FieldSpec,
  values: FuzzValues,
  text: boolean,
  withValid = true,
  depth = 0,
): fc.Arbitrary<unknown> {
  const valid = validValues(field, values, text);
  const validText = valid.filter((v): v is string => typeof v === 'string' && v.length > 0);
  const nasty: fc.Arbitrary<unknown>[] = [nastyStrings];
  if (field.kinds.has('number') || field.integer) nasty.push(nastyNumbers(field));
  if (field.values.length > 0) {
    nasty.push(
      fc
        .constantFrom(...field.values)
        .chain((v) => fc.constantFrom(String(v).toUpperCase(), ` ${String(v)} `, `${String(v)}x`, [v])),
    );
  }
  if (field.maxLength !== undefined) {
    const over = Math.min(field.maxLength + 1, HUGE);
    nasty.push(fc.constantFrom('x'.repeat(over), '😀'.repeat(over), ' '.repeat(over)));
  }
  if (field.element && depth < 3) {
    const element = fieldValue(field.element, values, text, true, depth + 1);
    nasty.push(fc.array(element, { maxLength: 12 }), fc.constant([]));
  }
  const arbitraries: fc.WeightedArbitrary<unknown>[] = [
    { weight: 3, arbitrary: fc.oneof(...nasty) },
    { weight: 2, arbitrary: wrongTypes(field) },
    { weight: 1, arbitrary: junk },
    { weight: 1, arbitrary: deepValues },
  ];
  if (validText.length > 0) arbitraries.push({ weight: 4, arbitrary: decorated(validText) });
  if (withValid && valid.length > 0) arbitraries.push({ weight: 4, arbitrary: fc.constantFrom(...valid) });
  return fc.oneof(...arbitraries);
}

const MISSING = Symbol('missing');

const extraKeys = fc.oneof(
  fc.constantFrom(
    '__proto__',
    'constructor',
    'prototype',
    'is_admin',
    'isAdmin',
    'id',
    'user_id',
    'role',
    '',
    ' ',
    '😀',
    'a.b',
    'a[b]',
    '$where',
    'hasOwnProperty',
    'x'.repeat(10_000),
  ),
  fc.string({ maxLength: 10 }),
);

/**
 * An object for the schema, plus unknown and repeated keys. Either every field is valid, nasty,
 * wrong or missing at random, or all fields but one are valid so the odd one out reaches deeper
 * checks (identity, existence, the database) instead of stopping at the first invalid field.
 */
export function objectPairs(spec: ObjectSpec, values: FuzzValues, text: boolean): fc.Arbitrary<[string, unknown][]> {
  const anyValue = spec.fields.map((field) => fc.option(fieldValue(field, values, text), { nil: MISSING, freq: 6 }));
  // The odd one out is never valid: that is what the other fields being valid is for.
  const oddValue = spec.fields.map((field) =>
    fc.option(fieldValue(field, values, text, false), { nil: MISSING, freq: 8 }),
  );
  const validValue = spec.fields.map((field, i) => {
    const valid = validValues(field, values, text);
    if (valid.length === 0) return field.required ? (anyValue[i] ?? fc.constant(MISSING)) : fc.constant(MISSING);
    return field.required ? fc.constantFrom(...valid) : fc.option(fc.constantFrom(...valid), { nil: MISSING, freq: 3 });
  });
  const allRandom = fc.tuple(...anyValue);
  const allValid = fc.tuple(...validValue);
  const oneOdd = fc
    .nat(Math.max(0, spec.fields.length - 1))
    .chain((odd) =>
      fc.tuple(...spec.fields.map((_, i) => (i === odd ? oddValue[i] : validValue[i]) ?? fc.constant(MISSING))),
    );
  const fields = fc
    .oneof({ weight: 2, arbitrary: allRandom }, { weight: 4, arbitrary: oneOdd }, { weight: 1, arbitrary: allValid })
    .map((vs) => vs.map((v, i) => [spec.fields[i]?.name ?? '', v] as const));
  const fieldNames = spec.fields.map((f) => f.name);
  const extraKey = fieldNames.length > 0 ? fc.oneof(extraKeys, fc.constantFrom(...fieldNames)) : extraKeys;
  const extras = fc.array(fc.tuple(extraKey, fc.oneof(junk, nastyStrings, wrongTypes(spec.fields[0] ?? NO_FIELD))), {
    maxLength: 3,
  });
  return fc
    .tuple(fields, fc.option(extras, { nil: [], freq: 2 }))
    .map(([present, extra]) => [
      ...present.filter(([, v]) => v !== MISSING).map(([k, v]) => [k, v] as [string, unknown]),
      ...extra,
    ]);
}

const NO_FIELD: FieldSpec = {
  name: '',
  schema: undefined as never,
  required: false,
  kinds: new Set(),
  integer: false,
  min: undefined,
  max: undefined,
  minLength: undefined,
  maxLength: undefined,
  values: [],
  element: undefined,
};

// ---------------------------------------------------------------------------------------------
// Request parts
// ---------------------------------------------------------------------------------------------

const JSON_TYPE = 'application/json';

const rawQueryFragments = fc.constantFrom(
  '%',
  '%zz',
  '%E0%A4%A',
  '&&',
  '=',
  '==x',
  'a[b]=1',
  'a[]=1&a[]=2',
  '__proto__=1',
  '__proto__[isAdmin]=1',
  'constructor[prototype][x]=1',
  '%00=%00',
  '%C0%AE%C0%AE',
  '+++',
  `q=${'%F0%9F%98%80'.repeat(1000)}`,
);

/** Query strings from the schema's fields (or unknown names), with malformed fragments now and then. */
export function queryString(spec: ObjectSpec | undefined, values: FuzzValues): fc.Arbitrary<string> {
  const pairs = spec
    ? objectPairs(spec, values, true)
    : fc.array(fc.tuple(extraKeys, fc.oneof(nastyStrings, numberLikeStrings)), { maxLength: 4 });
  // Node refuses request heads over 16 KiB (431) before the app sees them, so longer values only cost time.
  const short = ([k, v]: [string, string]): [string, string] => [k.slice(0, 2000), v.slice(0, 4000)];
  return fc
    .tuple(pairs, fc.array(rawQueryFragments, { maxLength: 2 }))
    .map(([p, raw]) =>
      [encodePairs(p.flatMap(([k, v]) => toTextPairs(k, v)).map(short)), ...raw].filter(Boolean).join('&'),
    );
}

const paramValues = fc.oneof(
  fc.constantFrom(
    '0',
    '-1',
    '1.5',
    'abc',
    '1e3',
    '0x10',
    '99999999999999999999999',
    '2147483648',
    '%00',
    '%25',
    '%E2%80%AE1',
    '%F0%9F%98%80',
    '%20',
    'null',
    '__proto__',
    'constructor',
    '%zz',
    '%',
    '1%2F2',
    '..%2F..',
  ),
  fc.string({ unit: 'binary', maxLength: 20 }).map(encodeText),
  fc.constant('9'.repeat(5000)),
);

export function pathParams(url: string, values: FuzzValues): fc.Arbitrary<Record<string, string>> {
  const names = [...url.matchAll(/:(\w+)/g)].map((m) => m[1] ?? '');
  const valid = fc.constantFrom(...values.ids.map(String));
  const one = fc.oneof({ weight: 1, arbitrary: valid }, { weight: 2, arbitrary: paramValues });
  return fc.tuple(...names.map(() => one)).map((vs) => Object.fromEntries(names.map((n, i) => [n, vs[i] ?? ''])));
}

const json = (value: unknown, contentType = JSON_TYPE): FuzzBody => ({
  type: 'raw',
  payload: toJsonText(value),
  contentType,
});

/** JSON bodies shaped like the schema's object (or like nothing when the route has none). */
export function jsonObjectBody(spec: ObjectSpec | undefined, values: FuzzValues): fc.Arbitrary<FuzzBody> {
  const pairs = spec ? objectPairs(spec, values, false) : fc.array(fc.tuple(extraKeys, junk), { maxLength: 4 });
  return pairs.map((p) => json(new Entries(p)));
}

/** Everything that is not an object: null, arrays (of the object too), scalars, 10k-deep nesting. */
export function nonObjectBody(spec: ObjectSpec | undefined, values: FuzzValues): fc.Arbitrary<FuzzBody> {
  return fc.oneof(
    fc.constantFrom(null, [], 'a string', 42, true, 0, -1).map((v) => json(v)),
    jsonObjectBody(spec, values).map((b) => ({ ...b, payload: `[${(b as { payload: string }).payload}]` }) as FuzzBody),
    fc.constantFrom(deepArray(), deepObject(), deepArray(100_000)).map((v) => json(v)),
    fc.jsonValue({ maxDepth: 4 }).map((v) => json(v)),
  );
}

const malformedJson = fc.constantFrom(
  '{',
  '{"a":',
  '{"a":1,}',
  "{'a':1}",
  '{"a":1}}',
  '{a:1}',
  '[1,2',
  'nul',
  'tru',
  'NaN',
  'undefined',
  '{"a":01}',
  '{"a":1}{"b":2}',
  '\uFEFF{}',
  '/* comment */{}',
  '{"a":"\\x41"}',
  '{"a":"\\ud800"}',
  '"\\u0000"',
  '',
  ' ',
  '\u0000',
  '{"__proto__":{"isAdmin":true}}',
  '{"constructor":{"prototype":{"isAdmin":true}}}',
  `{"a":${'['.repeat(DEEP)}}`,
);

const contentTypes = fc.constantFrom(
  JSON_TYPE,
  'application/json; charset=utf-8',
  'application/json; charset=latin1',
  'application/json; charset=utf-16',
  'APPLICATION/JSON',
  'application/json;;;',
  'text/plain',
  'text/html',
  'application/xml',
  'application/octet-stream',
  'application/x-www-form-urlencoded',
  'multipart/form-data',
  'multipart/form-data; boundary=',
  'multipart/form-data; boundary=xyz',
  'application/vnd.api+json',
  'application/jsonp',
  '*/*',
  'image/png',
  ';',
  'x'.repeat(2000),
  undefined,
);

/** Malformed JSON, random bytes, invalid UTF-8, and bodies under content types the route may not take. */
export function rawBody(spec: ObjectSpec | undefined, values: FuzzValues): fc.Arbitrary<FuzzBody> {
  const objectText = jsonObjectBody(spec, values).map((b) => String((b as { payload: string }).payload));
  return fc.oneof(
    malformedJson.map((payload) => ({ type: 'raw', payload, contentType: JSON_TYPE }) as FuzzBody),
    objectText
      .chain((text) => fc.nat(Math.max(0, text.length - 1)).map((n) => text.slice(0, n)))
      .map((payload) => ({ type: 'raw', payload, contentType: JSON_TYPE }) as FuzzBody),
    fc
      .uint8Array({ maxLength: 200 })
      .map((bytes) => ({ type: 'raw', payload: Buffer.from(bytes), contentType: JSON_TYPE }) as FuzzBody),
    fc.constant({
      type: 'raw',
      payload: Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0xc0, 0xaf, 0x22, 0x7d]),
      contentType: JSON_TYPE,
    } as FuzzBody),
    fc
      .tuple(fc.oneof(objectText, malformedJson, nastyStrings), contentTypes)
      .map(([payload, contentType]) => ({ type: 'raw', payload, contentType }) as FuzzBody),
  );
}

/** urlencoded forms of the schema's fields, and malformed urlencoded text. */
export function urlencodedBody(spec: ObjectSpec, values: FuzzValues): fc.Arbitrary<FuzzBody> {
  const type = 'application/x-www-form-urlencoded';
  return fc.oneof(
    objectPairs(spec, values, true).map(
      (p) =>
        ({
          type: 'raw',
          payload: encodePairs(p.flatMap(([k, v]) => toTextPairs(k, v))),
          contentType: type,
        }) as FuzzBody,
    ),
    fc
      .constantFrom('%', '%zz=1', 'symbol=%E0%A4%A', '&&&==&', '=AAPL', `symbol=${'A'.repeat(20_000)}`, '\u0000')
      .map((payload) => ({ type: 'raw', payload, contentType: type }) as FuzzBody),
  );
}

/** A 1×1 GIF: the smallest real image, so some uploads succeed. */
const TINY_GIF = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
const files = fc.oneof(
  fc.uint8Array({ maxLength: 300 }).map((b) => Buffer.from(b)),
  fc.constantFrom(
    TINY_GIF,
    Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('not really a png')]),
    Buffer.from('GIF89a broken'),
    Buffer.alloc(0),
    Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'),
  ),
);

/** Multipart forms: text fields (possibly repeated or too many), files where text is expected and vice versa. */
export function multipartForm(spec: ObjectSpec, values: FuzzValues): fc.Arbitrary<FuzzBody> {
  const file = fc
    .tuple(
      files,
      fc.constantFrom('image.gif', '../../x.png', '', 'a\u0000.png'),
      fc.constantFrom('image/gif', 'text/plain', ''),
    )
    .map(([bytes, name, type]) => ({ file: bytes, name, type }));
  const textFields = objectPairs(spec, values, true).map((p) => p.flatMap(([k, v]) => toTextPairs(k, v)));
  const fileFields = fc.array(
    fc.tuple(fc.oneof(fc.constant('image'), fc.constantFrom(...spec.fields.map((f) => f.name))), file),
    {
      maxLength: 2,
    },
  );
  const manyFields = fc.constant(Array.from({ length: 30 }, (_, i) => [`f${i}`, 'x'] as [string, string]));
  return fc
    .oneof(
      { weight: 4, arbitrary: fc.tuple(textFields, fileFields).map(([t, f]) => [...t, ...f]) },
      { weight: 1, arbitrary: manyFields },
    )
    .map((fields) => ({ type: 'multipart', fields }) as FuzzBody);
}

/** Multipart text that no parser should accept: wrong or missing boundaries, cut-off parts. */
export const malformedMultipart: fc.Arbitrary<FuzzBody> = fc
  .constantFrom(
    { payload: '--xyz\r\nContent-Disposition: form-data; name="symbol"\r\n\r\nAAPL', boundary: 'xyz' },
    { payload: '--abc\r\nContent-Disposition: form-data; name="symbol"\r\n\r\nAAPL\r\n--abc--', boundary: 'xyz' },
    { payload: 'garbage', boundary: 'xyz' },
    { payload: '--xyz\r\n\r\n\r\n--xyz--', boundary: 'xyz' },
    { payload: '--xyz\r\nContent-Disposition: form-data\r\n\r\nx\r\n--xyz--', boundary: 'xyz' },
    { payload: '', boundary: 'xyz' },
    { payload: '--"\r\n--"--', boundary: '"' },
  )
  .map(
    ({ payload, boundary }) =>
      ({ type: 'raw', payload, contentType: `multipart/form-data; boundary=${boundary}` }) as FuzzBody,
  );
