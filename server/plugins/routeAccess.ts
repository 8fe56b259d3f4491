// Every /api route declares who may call it (config.access): one without it would be open to
// anyone, so the server refuses to start. The list feeds the role-matrix tests.
import type { FastifyInstance } from 'fastify';
import type { ApiRoute } from '../types.js';

export function collectRouteAccess(app: FastifyInstance) {
  const apiRoutes: ApiRoute[] = [];
  app.decorate('apiRoutes', apiRoutes);
  app.addHook('onRoute', (route) => {
    const isApi = route.url.startsWith('/api/') || route.url === '/api';
    if (!isApi) return;
    const access = route.config?.access;
    if (access === undefined) {
      throw new Error(`A rota ${route.method} ${route.url} não declara o acesso (config.access).`);
    }
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD') apiRoutes.push({ method, url: route.url, access });
    }
  });
}
