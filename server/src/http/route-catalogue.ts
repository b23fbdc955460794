import type { FastifyInstance, FastifySchema } from 'fastify';

/** A route as declared: what the schema guard and the fuzz tests read (nothing else uses it). */
export interface CataloguedRoute {
  method: string;
  url: string;
  schema: FastifySchema | undefined;
  /** The route's body limit (`plugins/body-limits.ts`); `undefined` = the server's (`BODY_LIMIT`). */
  bodyLimit: number | undefined;
  /** `config.permission` (docs/auth.md): absent = public. */
  permission: string | null | undefined;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route in declaration order, HEAD excluded. */
    routeCatalogue: CataloguedRoute[];
  }
}

/** Call before the routes are declared: the `onRoute` hook sees each one as it is added. */
export function registerRouteCatalogue(app: FastifyInstance): void {
  app.decorate('routeCatalogue', [] as CataloguedRoute[]);
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      if (method === 'HEAD') continue;
      app.routeCatalogue.push({
        method,
        url: route.url,
        schema: route.schema,
        bodyLimit: route.bodyLimit,
        permission: route.config?.permission,
      });
    }
  });
}
