import { Envelope, type CallDeclaration, type StaticOf } from '@cotton/sdk/contracts';
import type {
  FastifyContextConfig,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifySchema,
  RouteShorthandOptions,
} from 'fastify';
import type { Static, TSchema } from 'typebox';
import { ok } from './envelope';

/** The request a call's handler receives: its body and query typed by the declaration. */
export type CallRequest<C extends CallDeclaration> = FastifyRequest<{
  Body: StaticOf<C['body'], unknown>;
  Querystring: StaticOf<C['query'], unknown>;
  Params: StaticOf<C['params'], unknown>;
  Headers: StaticOf<C['headers'], unknown>;
}>;

/**
 * What a call's handler resolves: the `dataSet` of an envelope call (the route wraps it in
 * the envelope), or whatever a file or page call sends (usually the reply).
 */
export type CallResult<C extends CallDeclaration> = C['answer'] extends TSchema
  ? Static<C['answer']>
  : C['response'] extends TSchema
    ? Static<C['response']>
    : unknown;

/**
 * A call's handler: resolves the `dataSet` (wrapped in the envelope here), or the reply when it
 * sent the answer itself (a cached public answer, a file).
 */
export type CallHandler<C extends CallDeclaration> = (
  request: CallRequest<C>,
  reply: FastifyReply,
) => Promise<CallResult<C> | FastifyReply> | CallResult<C> | FastifyReply;

/**
 * A route's own options beyond the declaration: its body limit, its hooks, and the
 * configuration the log hooks read (`operationLog`, `loginLog`). Never the permission, the
 * method, the path or the schema: those are the call's.
 */
export interface CallRouteOptions {
  bodyLimit?: number;
  config?: Omit<FastifyContextConfig, 'permission'>;
  onRequest?: RouteShorthandOptions['onRequest'];
  preValidation?: RouteShorthandOptions['preValidation'];
  preHandler?: RouteShorthandOptions['preHandler'];
}

/**
 * The route's schema from the declaration: body, query, path parameters and headers, and the
 * envelope around the answer (or the answer as it is, for a call without the envelope).
 */
function schemaOf(call: CallDeclaration): FastifySchema {
  const schema: FastifySchema = {};
  if (call.body && call.kind !== 'upload') schema.body = call.body;
  if (call.query) schema.querystring = call.query;
  if (call.params) schema.params = call.params;
  if (call.headers) schema.headers = call.headers;
  if (call.answer) schema.response = { 200: Envelope(call.answer) };
  else if (call.response) schema.response = { 200: call.response };
  return schema;
}

/**
 * Registers the route of a declared call (sdk/src/contracts/call.ts): the method, the path,
 * the permission (`config.permission`, checked by auth/authenticate.ts), the request schema
 * and, for an envelope call, the answer's schema and the envelope around what the handler
 * resolves. A module's routes file is then one `route(app, call, handler)` per call.
 */
export function route<C extends CallDeclaration>(app: FastifyInstance, call: C, handler: CallHandler<C>): void;
export function route<C extends CallDeclaration>(
  app: FastifyInstance,
  call: C,
  options: CallRouteOptions,
  handler: CallHandler<C>,
): void;
export function route<C extends CallDeclaration>(
  app: FastifyInstance,
  call: C,
  ...args: [CallHandler<C>] | [CallRouteOptions, CallHandler<C>]
): void {
  const [options, handler] = args.length === 1 ? [{} as CallRouteOptions, args[0]] : args;
  const config: FastifyContextConfig = { ...options.config };
  if (call.permission !== undefined) config.permission = call.permission;
  const wrap = call.answer !== undefined;
  app.route({
    method: call.method,
    url: call.path,
    schema: schemaOf(call),
    config,
    ...(options.bodyLimit !== undefined ? { bodyLimit: options.bodyLimit } : {}),
    ...(options.onRequest ? { onRequest: options.onRequest } : {}),
    ...(options.preValidation ? { preValidation: options.preValidation } : {}),
    ...(options.preHandler ? { preHandler: options.preHandler } : {}),
    handler: async (request, reply) => {
      const result = await handler(request as CallRequest<C>, reply);
      if (result === reply || reply.sent) return reply;
      return wrap ? ok(result) : result;
    },
  });
}
