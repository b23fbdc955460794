import { checkSync } from 'recheck';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BODY_LIMIT, EMPTY_BODY_LIMIT } from '../src/http/body-limits';
import type { CataloguedRoute } from '../src/http/route-catalogue';
import { startTestServer, type TestServer } from './helpers';

// Every request schema of every route the app declares (read from the app itself, so a new
// route is checked without editing this file): each string has a length limit, each
// pattern runs in linear time (recheck finds polynomial and exponential backtracking), each
// number has both bounds. These are what keep one request from holding the server.

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

type JsonSchema = Record<string, unknown>;
const PARTS = ['body', 'querystring', 'params', 'headers'] as const;

/** Every problem of `schema` at `path`. */
function problems(schema: unknown, path: string, found: string[], seen = new Set<unknown>()): string[] {
  if (!schema || typeof schema !== 'object' || seen.has(schema)) return found;
  seen.add(schema);
  const node = schema as JsonSchema;
  const types = new Set(Array.isArray(node.type) ? (node.type as string[]) : node.type ? [node.type as string] : []);
  const closed = node.enum !== undefined || node.const !== undefined;
  if (types.has('string') && !closed) {
    if (typeof node.maxLength !== 'number') found.push(`${path}: string without maxLength`);
    if (typeof node.pattern === 'string') {
      // A fixed seed: where recheck cannot build the automaton (a look-ahead) it fuzzes, and
      // a random seed made the verdict change from run to run.
      const result = checkSync(node.pattern, 'u', { randomSeed: 20_261_129 });
      if (result.status !== 'safe')
        found.push(
          `${path}: pattern ${node.pattern} is ${result.status}${'complexity' in result && result.complexity ? ` (${result.complexity.type})` : ''}`,
        );
    }
  }
  if ((types.has('integer') || types.has('number')) && !closed) {
    if (node.maximum === undefined && node.exclusiveMaximum === undefined)
      found.push(`${path}: number without maximum`);
    if (node.minimum === undefined && node.exclusiveMinimum === undefined)
      found.push(`${path}: number without minimum`);
  }
  const tuple = Array.isArray(node.items) && node.additionalItems === false;
  if (types.has('array') && typeof node.maxItems !== 'number' && !tuple) found.push(`${path}: array without maxItems`);
  if (Array.isArray(node.items))
    for (const [index, child] of node.items.entries()) problems(child, `${path}[${index}]`, found, seen);
  for (const [name, child] of Object.entries((node.properties ?? {}) as JsonSchema))
    problems(child, `${path}.${name}`, found, seen);
  for (const key of ['items', 'additionalProperties', 'not'])
    if (!Array.isArray(node[key])) problems(node[key], `${path}[${key}]`, found, seen);
  for (const key of ['anyOf', 'oneOf', 'allOf']) {
    for (const [index, child] of ((node[key] ?? []) as unknown[]).entries())
      problems(child, `${path}<${key} ${index}>`, found, seen);
  }
  for (const child of Object.values((node.patternProperties ?? {}) as JsonSchema))
    problems(child, `${path}[patternProperties]`, found, seen);
  return found;
}

function routeProblems(route: CataloguedRoute): string[] {
  const found: string[] = [];
  for (const part of PARTS) problems(route.schema?.[part], `${route.method} ${route.url} ${part}`, found);
  return found;
}

describe('request schemas of every route', () => {
  it('the app declares its routes to the catalogue', () => {
    const urls = server.app.routeCatalogue.map((route) => `${route.method} ${route.url}`);
    expect(urls).toContain('POST /rest/anon/queryFactoryAppointmentList');
    expect(urls).toContain('POST /rest/esQuery/esqueryWareHouseData/1');
    expect(urls).toContain('POST /callback');
  });

  // recheck analyses every pattern of every route: CPU only, ~15 s on a slow two-core machine
  // by itself and past the default 30 s when the machine is shared.
  it('bound every string, pattern and number', { timeout: 240_000 }, () => {
    expect(server.app.routeCatalogue.flatMap(routeProblems)).toEqual([]);
  });

  it('cap each body to what the route takes: 1 KB without fields, 64 KB with', () => {
    const limits = server.app.routeCatalogue.map((route) => {
      const body = route.schema?.body as { properties?: Record<string, unknown> } | undefined;
      const takesFields = Object.keys(body?.properties ?? {}).length > 0;
      return [`${route.method} ${route.url}`, route.bodyLimit === (takesFields ? BODY_LIMIT : EMPTY_BODY_LIMIT)];
    });
    expect(limits.filter(([, fits]) => !fits)).toEqual([]);
    expect(server.app.routeCatalogue.find((route) => route.url === '/rest/anon/portalConfig')?.bodyLimit).toBe(
      EMPTY_BODY_LIMIT,
    );
  });

  it('refuse a body over the route’s limit with the envelope', async () => {
    const padded = JSON.stringify({ padding: 'x'.repeat(EMPTY_BODY_LIMIT) });
    const empty = await server.post('/rest/anon/portalConfig', padded);
    expect(empty.envelope).toMatchObject({ rtnCode: '400', rtnMessage: '请求格式错误：请求体过大' });
    const search = await server.post(
      '/rest/anon/queryWhsPage',
      JSON.stringify({ searchParam: { warehouseName: 'x'.repeat(BODY_LIMIT) } }),
    );
    expect(search.envelope).toMatchObject({ rtnCode: '400', rtnMessage: '请求格式错误：请求体过大' });
    const fits = await server.post('/rest/anon/queryWhsPage', {
      searchParam: {},
      pageParameter: { pageNum: 1, pageSize: 10 },
      padding: 'x'.repeat(2000),
    });
    expect(fits.envelope.rtnMessage).not.toContain('请求体过大');
  });

  it('are themselves checked: the guard finds an unbounded string, a backtracking pattern, an unbounded number', () => {
    const route: CataloguedRoute = {
      method: 'POST',
      url: '/example',
      bodyLimit: undefined,
      permission: undefined,
      schema: {
        body: {
          type: 'object',
          properties: {
            name: { type: 'string' },
            code: { type: 'string', maxLength: 8, pattern: '^\\s*[A-Z]{0,4}\\s*$' },
            count: { type: 'integer', minimum: 0 },
            kind: { type: 'string', enum: ['a', 'b'] },
          },
        },
      },
    };
    expect(routeProblems(route)).toEqual([
      'POST /example body.name: string without maxLength',
      'POST /example body.code: pattern ^\\s*[A-Z]{0,4}\\s*$ is vulnerable (polynomial)',
      'POST /example body.count: number without maximum',
    ]);
  });
});
