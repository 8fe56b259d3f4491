// The built app (dist/): assets with long caching (pre-compressed by the build), index.html for
// every other GET (and HEAD) outside /api, so history-mode paths open their screen on reload.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { failureBody } from './errors.js';

/** The app's page: never cached, so a new build is picked up at once. */
function sendIndex(reply: FastifyReply) {
  return reply.header('Cache-Control', 'no-cache').sendFile('index.html', { cacheControl: false });
}

/** Serves dist/ when it holds a build; every unknown path gets a Portuguese 404 or the app. */
export async function serveApp(app: FastifyInstance, distDir: string | null) {
  const servesApp = Boolean(distDir && existsSync(join(distDir, 'index.html')));
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0];
    const isApi = path === '/api' || path.startsWith('/api/');
    // A missing asset (a path with an extension) is a 404 too, never the app's index.html.
    const looksLikeFile = /\.[a-z0-9]+$/i.test(path);
    const reads = request.method === 'GET' || request.method === 'HEAD';
    if (isApi || looksLikeFile || !reads || !servesApp) {
      return reply.code(404).send(failureBody(request, 'Recurso não encontrado.'));
    }
    return sendIndex(reply);
  });
  if (servesApp && distDir) {
    await app.register(fastifyStatic, {
      root: distDir,
      wildcard: true,
      index: false,
      // The .br and .gz the build wrote (vite.config.ts), when the browser accepts them.
      preCompressed: true,
      cacheControl: false,
      setHeaders(reply, path) {
        reply.header(
          'Cache-Control',
          path.startsWith(join(distDir, 'assets'))
            ? 'public, max-age=31536000, immutable'
            : 'no-cache',
        );
      },
    });
    app.get('/', { config: { access: 'public' } }, (_request, reply) => sendIndex(reply));
  }
}
