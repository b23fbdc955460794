import type { Static, TSchema } from 'typebox';

/**
 * A call of the portal's API, declared once (docs/architecture.md "Calls"): its method, path,
 * permission code, request schema and answer schema. The server registers its route from
 * the declaration (`route()`, server/src/http/call-route.ts); the browser sends it through
 * the SDK's request client with the same object stripped of its schemas
 * (`@cotton/sdk/calls`, generated from the contracts by `npm run calls:update`).
 */
export interface CallDeclaration {
  readonly method: 'GET' | 'POST';
  /** The path, `/rest/…` for envelope calls. */
  readonly path: `/${string}`;
  /** A permission code the caller must hold; `null`: any logged-in user; absent: public. */
  readonly permission?: string | null;
  /** The JSON body's schema (POST). */
  readonly body?: TSchema;
  /** The query string's schema. */
  readonly query?: TSchema;
  /** The path parameters' schema (`/file/preview/:id`; the browser fills them with `callPath`). */
  readonly params?: TSchema;
  /** The request headers' schema (a token the call carries in a header of its own). */
  readonly headers?: TSchema;
  /** The envelope's `dataSet` schema; absent when the call answers a file or a page. */
  readonly answer?: TSchema;
  /**
   * The whole answer's schema, for the few calls that answer without the envelope (the login
   * page's jeecg-shaped answers); never with `answer`.
   */
  readonly response?: TSchema;
  /** `download`: answers a file (an envelope only when refused); `upload`: a multipart body. */
  readonly kind?: 'download' | 'upload';
}

/** Marks a call declaration, for `npm run calls:update` (sdk/calls.mjs). */
export const CALL_MARK = Symbol.for('cotton.call');
/** Marks a set of permission codes, for `npm run calls:update`. */
export const CODES_MARK = Symbol.for('cotton.codes');

function mark<T extends object>(value: T, brand: symbol): T {
  Object.defineProperty(value, brand, { value: true });
  return Object.freeze(value);
}

/** Declares a call (frozen: a route shared by the server and the browser is never mutated). */
export function defineCall<const C extends CallDeclaration>(call: C): C {
  return mark(call, CALL_MARK);
}

/**
 * A feature's permission codes: the ones its calls check and the ones checked elsewhere (a
 * menu's buttons, a service's own test). The browser gets them in `@cotton/sdk/calls` too.
 */
export function defineCodes<const C extends Record<string, string>>(codes: C): C {
  return mark(codes, CODES_MARK);
}

/** `Static<S>` when `S` is a schema, `Otherwise` when the call has none. */
export type StaticOf<S, Otherwise> = S extends TSchema ? Static<S> : Otherwise;

/** What a call's body, query and answer are, for the client's types. */
export interface CallTypes<C extends CallDeclaration> {
  body: StaticOf<C['body'], undefined>;
  query: StaticOf<C['query'], undefined>;
  answer: StaticOf<C['answer'], void>;
}

declare const callTypes: unique symbol;

/**
 * A call as the browser holds it (`@cotton/sdk/calls`): method, path, permission and kind,
 * with the declaration's types but none of its schemas (no TypeBox reaches a bundle).
 */
export interface BrowserCall<C extends CallDeclaration = CallDeclaration> {
  readonly method: C['method'];
  readonly path: C['path'];
  readonly permission?: C['permission'];
  readonly kind?: C['kind'];
  /** Types only: never present at runtime. */
  readonly [callTypes]?: CallTypes<C>;
}

/** A path's part before its first parameter: `/file/preview/` of `/file/preview/:id`. */
export function pathHead(call: Pick<CallDeclaration, 'path'>): string {
  const at = call.path.indexOf(':');
  return at === -1 ? call.path : call.path.slice(0, at);
}

/** A feature's calls as the browser holds them. */
export type BrowserCalls<G extends Record<string, CallDeclaration>> = { readonly [K in keyof G]: BrowserCall<G[K]> };

/** The body a browser call sends. */
export type BodyOf<C> = C extends BrowserCall<infer D> ? CallTypes<D>['body'] : never;
/** The query a browser call sends. */
export type QueryOf<C> = C extends BrowserCall<infer D> ? CallTypes<D>['query'] : never;
/** The `dataSet` a browser call resolves. */
export type AnswerOf<C> = C extends BrowserCall<infer D> ? CallTypes<D>['answer'] : never;
