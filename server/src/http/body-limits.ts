import type { FastifyInstance } from 'fastify';

/** JSON request bodies larger than this are refused (`请求格式错误：请求体过大`); a route needing more says so. */
export const BODY_LIMIT = 64 * 1024;

/** Calls that take no fields accept `{}` and a little slack for clients that send more. */
export const EMPTY_BODY_LIMIT = 1024;

/**
 * Each route's body limit, from what the route takes: a route that declares its own
 * `bodyLimit` keeps it (and says why next to it); a route whose body schema has fields gets
 * {@link BODY_LIMIT} (64 KB); any other (no body, or an empty object) gets
 * {@link EMPTY_BODY_LIMIT}. Register before the routes: the `onRoute` hook sets the limit as
 * each one is declared. Multipart forms are bounded by their parser's own limits.
 */
export function registerBodyLimits(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    if (route.bodyLimit !== undefined) return;
    const body = route.schema?.body as { properties?: Record<string, unknown> } | undefined;
    const takesFields = body !== undefined && Object.keys(body.properties ?? {}).length > 0;
    route.bodyLimit = takesFields ? BODY_LIMIT : EMPTY_BODY_LIMIT;
  });
}
