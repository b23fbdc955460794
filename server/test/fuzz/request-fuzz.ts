import fc from 'fast-check';
import type { App } from '../../src/app';
import type { CataloguedRoute } from '../../src/http/route-catalogue';

/**
 * Requests derived from a route's own schemas, then spoiled: the generator behind the fuzz
 * test (`server/test/fuzz.test.ts`, a few hundred cases per route in `npm test`) and the
 * fuzz benchmark (`npm run bench:fuzz`, 10,000 per route). A case is a request that starts
 * valid and has one part replaced by something hostile: a wrong type, a huge or odd number,
 * NUL and control characters, a long string, prototype keys, deep nesting, broken JSON.
 */

type JsonSchema = Record<string, unknown>;

export interface FuzzCase {
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string;
}

export interface FuzzTarget {
  route: CataloguedRoute;
  /** A session token for protected routes (fuzzed logged in), else anonymous. */
  token: string | null;
}

// JSON that JSON.stringify cannot write (odd numbers, nesting deeper than its stack): put
// into the text after serialising, in place of these markers.
const RAW_JSON: Record<string, string> = {
  '@@1e999@@': '1e999',
  '@@-1e999@@': '-1e999',
  '@@-0@@': '-0',
  '@@big@@': '123456789012345678901234567890',
  '@@deep@@': `${'{"a":['.repeat(5000)}1${']}'.repeat(5000)}`,
};

function nested(depth: number): unknown {
  let value: unknown = 'bottom';
  for (let i = 0; i < depth; i += 1) value = i % 2 ? [value] : { a: value };
  return value;
}

/** Values no client of the portal should send, the likeliest trouble weighted up. */
const hostile: fc.Arbitrary<unknown> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.constantFrom<unknown>(
      '\u0000',
      'a\u0000b',
      'Infinity',
      '-Infinity',
      'NaN',
      '1e999',
      '-1e999',
      '9999999999',
      '2147483648',
      '-0',
      '0x10',
      '\ud800',
      '\u0007\u001b[31m\u007f',
      `${' '.repeat(40_000)}!`,
      '%00%c0',
      '../../../../etc/passwd',
      "' OR 1=1 --",
      '1;select pg_sleep(5)',
      'updatexml(1,concat(0x7e,version()),1)',
      '<script>alert(1)</script>',
      'javascript:alert(1)',
    ),
  },
  { weight: 2, arbitrary: fc.constantFrom<unknown>(...Object.keys(RAW_JSON)) },
  {
    weight: 2,
    arbitrary: fc.constantFrom<unknown>(
      null,
      true,
      false,
      0,
      -1,
      2 ** 31,
      2 ** 53,
      -(2 ** 53),
      1e308,
      0.1,
      '',
      ' ',
      '[]',
      '{}',
      [],
      {},
    ),
  },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.constantFrom('x'.repeat(5_000), '9'.repeat(400)) },
  { weight: 1, arbitrary: fc.array(fc.jsonValue({ maxDepth: 2 }), { maxLength: 4 }) },
  {
    weight: 1,
    arbitrary: fc.dictionary(
      fc.constantFrom('__proto__', 'constructor', 'prototype', 'toString', 'a'),
      fc.jsonValue({ maxDepth: 1 }),
      { maxKeys: 3 },
    ),
  },
  { weight: 1, arbitrary: fc.constantFrom(nested(64), nested(600)) },
);

function stringOf(schema: JsonSchema): fc.Arbitrary<string> {
  const maxLength = Math.min(typeof schema.maxLength === 'number' ? schema.maxLength : 40, 64);
  const minLength = typeof schema.minLength === 'number' ? Math.min(schema.minLength, maxLength) : 0;
  if (typeof schema.pattern === 'string') {
    try {
      return fc
        .stringMatching(new RegExp(schema.pattern))
        .filter((text) => text.length >= minLength && text.length <= maxLength);
    } catch {
      // A pattern fast-check cannot read: plain text is spoiled anyway.
    }
  }
  return fc.string({ minLength, maxLength });
}

/** A value the schema accepts (or nearly: patterns and formats are best effort). */
export function valueOf(schema: unknown, depth = 0): fc.Arbitrary<unknown> {
  if (!schema || typeof schema !== 'object' || depth > 6) return fc.constant(null);
  const node = schema as JsonSchema;
  if (node.const !== undefined) return fc.constant(node.const);
  if (Array.isArray(node.enum)) return fc.constantFrom(...(node.enum as unknown[]));
  for (const key of ['anyOf', 'oneOf'] as const) {
    if (Array.isArray(node[key]))
      return fc.oneof(...(node[key] as unknown[]).map((child) => valueOf(child, depth + 1)));
  }
  const types = Array.isArray(node.type)
    ? (node.type as string[])
    : typeof node.type === 'string'
      ? [node.type]
      : ['object'];
  return fc.oneof(
    ...types.map((type): fc.Arbitrary<unknown> => {
      switch (type) {
        case 'string':
          return stringOf(node);
        case 'integer':
          return fc.integer({
            min: Math.max(Number(node.minimum ?? -1e6), -1e9),
            max: Math.min(Number(node.maximum ?? 1e6), 1e9),
          });
        case 'number':
          return fc.double({
            min: Number(node.minimum ?? -1e6),
            max: Number(node.maximum ?? 1e6),
            noNaN: true,
            noDefaultInfinity: true,
          });
        case 'boolean':
          return fc.boolean();
        case 'null':
          return fc.constant(null);
        case 'array': {
          if (Array.isArray(node.items))
            return fc.tuple(...(node.items as unknown[]).map((child) => valueOf(child, depth + 1)));
          const maxLength = Math.min(typeof node.maxItems === 'number' ? node.maxItems : 4, 4);
          return fc.array(valueOf(node.items, depth + 1), {
            minLength: Math.min(Number(node.minItems ?? 0), maxLength),
            maxLength,
          });
        }
        default: {
          const properties = (node.properties ?? {}) as Record<string, unknown>;
          const required = new Set((node.required ?? []) as string[]);
          const model = Object.fromEntries(
            Object.entries(properties).map(([name, child]) => [name, valueOf(child, depth + 1)]),
          );
          return fc.record(model, { requiredKeys: [...required].filter((name) => name in model) });
        }
      }
    }),
  );
}

/**
 * `value` with one node replaced by `replacement`: the `index`-th leaf (`leavesOnly`, where
 * the schemas check the most), else the `index`-th node of all, the root counting.
 */
function replaceNode(value: unknown, index: number, replacement: unknown, leavesOnly: boolean): unknown {
  const isContainer = (node: unknown) => node !== null && typeof node === 'object';
  const counted = (node: unknown) => !leavesOnly || !isContainer(node) || Object.keys(node as object).length === 0;
  const count = (node: unknown): number =>
    (counted(node) ? 1 : 0) +
    (isContainer(node) ? Object.values(node as object).reduce<number>((sum, child) => sum + count(child), 0) : 0);
  const total = count(value);
  if (total === 0) return replacement;
  let target = index % total;
  const walk = (node: unknown): unknown => {
    if (counted(node) && target-- === 0) return replacement;
    if (Array.isArray(node)) return node.map(walk);
    if (isContainer(node))
      return Object.fromEntries(Object.entries(node as object).map(([key, child]) => [key, walk(child)]));
    return node;
  };
  return walk(value);
}

/** A valid value with one node spoiled, an extra hostile key, or nothing but a hostile value. */
function spoiled(schema: unknown): fc.Arbitrary<unknown> {
  return fc.oneof(
    { weight: 1, arbitrary: valueOf(schema) },
    {
      weight: 6,
      arbitrary: fc
        .tuple(valueOf(schema), hostile, fc.nat())
        .map(([value, bad, index]) => replaceNode(value, index, bad, true)),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(valueOf(schema), hostile, fc.nat())
        .map(([value, bad, index]) => replaceNode(value, index, bad, false)),
    },
    {
      weight: 2,
      arbitrary: fc
        .tuple(
          valueOf(schema),
          fc.constantFrom('__proto__', 'constructor', 'x', 'pageSize', 'tableName', 'column'),
          hostile,
        )
        .map(([value, key, bad]) =>
          value && typeof value === 'object' && !Array.isArray(value) ? { ...value, [key]: bad } : value,
        ),
    },
    { weight: 1, arbitrary: hostile },
  );
}

/** Percent-encoding that takes any string (a lone surrogate becomes U+FFFD first). */
const encode = (text: string) => encodeURIComponent(Buffer.from(text, 'utf8').toString('utf8'));

function serialise(value: unknown): string {
  let text = JSON.stringify(value) ?? 'null';
  for (const [marker, raw] of Object.entries(RAW_JSON)) text = text.split(JSON.stringify(marker)).join(raw);
  return text;
}

const BROKEN_BODIES = [
  '{',
  '{"a":',
  '[1,2',
  '{"a":1}}',
  'null',
  '"text"',
  '1e999',
  '{"a":"\\u00"}',
  '\u0000',
  '{"__proto__":{"polluted":1}}',
];

/**
 * The request: method, URL with spoiled params and query, a spoiled body in one of a few
 * encodings. `valid`: the unspoiled request the schemas describe (params, query and a JSON body
 * of valid values, no odd cookie or escape) — what shows a route's handler is reached at all.
 */
export function caseOf({ route, token }: FuzzTarget, valid = false): fc.Arbitrary<FuzzCase> {
  const schema = route.schema ?? {};
  const part = valid ? valueOf : spoiled;
  const paramNames = [...route.url.matchAll(/:(\w+)/g)].map((match) => match[1]);
  const params = fc.tuple(
    ...paramNames.map((name) =>
      part((schema.params as JsonSchema | undefined)?.properties?.[name as never] ?? { type: 'string' }),
    ),
  );
  const query = schema.querystring ? part(schema.querystring) : fc.constant(undefined);
  const validBody = valueOf(schema.body ?? {}).map((value) => ({ type: 'application/json', text: serialise(value) }));
  const body = valid
    ? validBody
    : fc.oneof(
        {
          weight: 8,
          arbitrary: spoiled(schema.body ?? {}).map((value) => ({ type: 'application/json', text: serialise(value) })),
        },
        { weight: 1, arbitrary: fc.constantFrom(...BROKEN_BODIES).map((text) => ({ type: 'application/json', text })) },
        {
          weight: 1,
          arbitrary: fc.constantFrom(
            { type: 'text/plain', text: 'hello' },
            { type: 'application/x-www-form-urlencoded', text: 'a=1&b=%00' },
            {
              type: 'multipart/form-data; boundary=XX',
              text: '--XX\r\nContent-Disposition: form-data; name="Authorization"\r\n\r\nabc',
            },
            { type: 'multipart/form-data', text: '--XX\r\n' },
            { type: 'application/json; charset=latin1', text: '{}' },
          ),
        },
      );
  const cookie = valid
    ? fc.constant(undefined)
    : fc.option(
        fc.constantFrom(
          'cotton_login=%E0%A4%A',
          `cotton_login=${'a'.repeat(300)}`,
          'cotton_third_state=%zz; a=b',
          '\u0001=\u0002',
        ),
        { nil: undefined },
      );
  // Now and then an escape no URL decoder accepts.
  const brokenEscape = valid
    ? fc.constant('')
    : fc.oneof(
        { weight: 19, arbitrary: fc.constant('') },
        { weight: 1, arbitrary: fc.constantFrom('%c0', '%E0%A4%A', '%') },
      );
  return fc
    .tuple(params, query, body, cookie, brokenEscape)
    .map(([paramValues, queryValue, payload, cookieValue, escape]) => {
      let path = route.url;
      paramNames.forEach((name, index) => {
        path = path.replace(
          `:${name}`,
          encode(
            typeof paramValues[index] === 'string' ? (paramValues[index] as string) : serialise(paramValues[index]),
          ),
        );
      });
      path = path.replace('*', 'x') + escape;
      const search =
        queryValue && typeof queryValue === 'object' && !Array.isArray(queryValue)
          ? `?${Object.entries(queryValue)
              .map(([key, value]) => `${encode(key)}=${encode(typeof value === 'string' ? value : serialise(value))}`)
              .join('&')}`
          : '';
      const headers: Record<string, string> = {};
      if (token) headers.authorization = token;
      if (cookieValue) headers.cookie = cookieValue;
      if (route.method === 'GET') return { method: 'GET', url: path + search, headers };
      headers['content-type'] = payload.type;
      return { method: route.method, url: path + search, headers, payload: payload.text };
    });
}

/** Stack frames, SQL, file paths: what an answer must never show. */
const LEAK =
  /\bat\s+\S+\s+\(|node_modules|\/work\/|\.ts:\d+|\bselect\s[\s\S]{0,200}\sfrom\s|\binsert\s+into\b|\bsyntax error\b|\bstack\b|Error:|DrizzleQueryError|FST_/i;

export interface FuzzAnswer {
  statusCode: number;
  body: string;
  /** The answer's Content-Type, when it has one. */
  contentType?: string;
}

/** The one kind of file a `/rest/` call may answer (the admin lists' exports). */
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * What is wrong with an answer, or `null`: `server error` (HTTP 5xx, or the envelope's
 * `rtnCode` 500/503 — /rest failures travel as HTTP 200), `leak`, `not an envelope`.
 */
export function problemOf(url: string, answer: FuzzAnswer): string | null {
  if (answer.statusCode >= 500) return `server error: HTTP ${answer.statusCode}`;
  if (/^\{"rtnCode":"50[03]"/.test(answer.body)) return `server error: ${answer.body.slice(0, 120)}`;
  // An export's file: a zip, whose bytes are no text to search for leaks.
  if (answer.statusCode === 200 && answer.contentType === XLSX && answer.body.startsWith('PK')) return null;
  if (LEAK.test(answer.body)) return `leak: ${answer.body.slice(0, 200)}`;
  if (url === '/rest' || url.startsWith('/rest/') || url.startsWith('/rest?')) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(answer.body);
    } catch {
      return `not JSON: ${answer.body.slice(0, 120)}`;
    }
    const envelope = parsed as { rtnCode?: unknown; rtnMessage?: unknown };
    if (answer.statusCode !== 200 || typeof envelope.rtnCode !== 'string' || typeof envelope.rtnMessage !== 'string') {
      return `not an envelope (HTTP ${answer.statusCode}): ${answer.body.slice(0, 120)}`;
    }
  }
  return null;
}

/** Every route with something to spoil: not the static files (`/`, `/*`, `/plugins/:id/*`). */
export function fuzzTargets(app: App, token: string, entity?: FuzzEntity): FuzzTarget[] {
  return app.routeCatalogue
    .filter((route) => route.url !== '/' && !route.url.endsWith('*'))
    .flatMap((route) =>
      route.permission === undefined
        ? [{ route, token: null }]
        : [
            { route, token: null },
            { route, token },
            ...(entity && route.url.startsWith(ENTITY_ROUTE) ? [{ route: entityRoute(route, entity), token }] : []),
          ],
    );
}

/** A plugin entity installed for the fuzzing: its plugin, name and fields as plugin.json declares them. */
export interface FuzzEntity {
  plugin: string;
  entity: string;
  fields: Array<{ name: string; type: string; maxLength?: number }>;
}

const ENTITY_ROUTE = '/rest/pluginData/:plugin/:entity/';

/** A valid value of a declared field's kind (spoiled like any other by `spoiled`). */
function fieldSchema(field: FuzzEntity['fields'][number]): JsonSchema {
  switch (field.type) {
    case 'string':
      return { type: 'string', minLength: 1, maxLength: field.maxLength ?? 32, pattern: '^[A-Z0-9-]+$' };
    case 'integer':
      return { type: 'integer', minimum: 0, maximum: 1000 };
    case 'decimal':
      return { type: 'number', minimum: 0, maximum: 1000 };
    case 'boolean':
      return { type: 'boolean' };
    case 'date':
      return { enum: ['2026-04-01', '2026-12-31'] };
    case 'datetime':
      return { enum: ['2026-04-01 08:30:00'] };
    case 'dict':
      return { enum: ['A', 'B'] };
    case 'region':
      return { enum: ['110101'] };
    default:
      return { type: 'string', maxLength: 32 };
  }
}

/**
 * A plugin entity's route as the fuzzing sees it logged in, besides the route itself (whose
 * spoiled path mostly names no entity): the path of the installed entity, so that the cases
 * reach the handlers behind the entity's code rather than a 404, and an add's or edit's body
 * made of the entity's declared fields — the schema the route cannot declare, since it comes
 * from the plugin's data. Spoiled like every route: a part at a time.
 */
function entityRoute(route: CataloguedRoute, entity: FuzzEntity): CataloguedRoute {
  const schema = (route.schema ?? {}) as Record<string, unknown>;
  const action = route.url.slice(ENTITY_ROUTE.length);
  const values = {
    type: 'object',
    properties: Object.fromEntries(entity.fields.map((field) => [field.name, fieldSchema(field)])),
    required: entity.fields.map((field) => field.name),
  };
  const body =
    action === 'add'
      ? values
      : action === 'update'
        ? { ...values, properties: { id: { enum: ['1', '2'] }, ...values.properties } }
        : schema.body;
  const { params: _params, ...rest } = schema;
  return {
    ...route,
    url: `/rest/pluginData/${entity.plugin}/${entity.entity}/${action}`,
    schema: { ...rest, ...(body === undefined ? {} : { body }) } as CataloguedRoute['schema'],
  };
}

/** Whether `url` is a plugin entity's call (a path `entityRoute` made, or the route's own). */
export const isEntityCall = (url: string) => url.startsWith('/rest/pluginData/');

export async function send(app: App, request: FuzzCase): Promise<FuzzAnswer & { ms: number }> {
  const started = performance.now();
  const response = await app.inject({
    method: request.method as 'GET',
    url: request.url,
    headers: request.headers,
    payload: request.payload,
  });
  const contentType = response.headers['content-type'];
  return {
    statusCode: response.statusCode,
    body: response.body,
    contentType: typeof contentType === 'string' ? contentType : undefined,
    ms: performance.now() - started,
  };
}
