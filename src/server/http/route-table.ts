import type { FastifyInstance } from 'fastify';

export type RouteEntry = {
  method: string;
  url: string;
  /** The route's validation schemas (zod), for tests that generate requests from them. */
  schema?: { body?: unknown; querystring?: unknown; params?: unknown };
};

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route registered on the app (HEAD twins left out), for the role matrix test. */
    routeTable(): RouteEntry[];
  }
}

/** Must run before any route is registered: it records routes as they are added. */
export function installRouteTable(app: FastifyInstance): void {
  const routes: RouteEntry[] = [];
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      if (method === 'HEAD') continue;
      routes.push({ method, url: route.url, schema: route.schema });
    }
  });
  app.decorate('routeTable', () => [...routes]);
}
