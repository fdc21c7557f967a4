import type { FastifyInstance, FastifySchema, HTTPMethods } from 'fastify';

/** One registered route: what the security tests sweep and what `/api/docs` describes. */
export interface RouteEntry {
  method: HTTPMethods;
  url: string;
  schema: FastifySchema | undefined;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route registered after `recordRoutes`, in registration order (HEAD twins of GET routes omitted). */
    routeTable: readonly RouteEntry[];
  }
}

/**
 * Records each route as it is registered, so tests can check every route of the running app
 * (a route added later is swept automatically, or fails a test that lists them).
 */
export function recordRoutes(app: FastifyInstance) {
  const routes: RouteEntry[] = [];
  app.decorate('routeTable', routes);
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      if (method === 'HEAD') continue; // Fastify's automatic twin of each GET.
      routes.push({ method: method as HTTPMethods, url: route.url, schema: route.schema });
    }
  });
}
