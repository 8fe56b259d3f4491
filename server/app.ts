// buildApp: every plugin and route, no listen (tests drive it with inject()).
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyError, type FastifyInstance, type FastifyReply } from 'fastify';
import { sql } from 'kysely';
import { installGuard } from './auth/guard.js';
import { authRoutes } from './auth/routes.js';
import { TokenStore } from './auth/tokens.js';
import type { ApiRoute } from './types.js';
import type { Config } from './config.js';
import type { AppDatabase } from './db/index.js';
import { ApiError } from './http/errors.js';
import { churchRoutes } from './resources/church.js';
import { credentialsRoutes } from './resources/credentials/routes.js';
import { dashboardRoutes } from './resources/dashboard.js';
import { financeRoutes } from './resources/finance/index.js';
import { lettersRoutes } from './resources/letters/routes.js';
import { membersRoutes } from './resources/members/routes.js';
import { ministryWorkersRoutes } from './resources/ministryWorkers.js';
import { publicRegistrationRoutes } from './resources/publicRegistration.js';
import { registrationsRoutes } from './resources/registrations.js';
import { reportsRoutes } from './resources/reports/routes.js';
import { settingsRoutes } from './resources/settings.js';
import { usersRoutes } from './resources/users.js';

const EXPOSED_HEADERS =
  'access-token, client, uid, expiry, token-type, Authorization, Content-Range';

const FRAMEWORK_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'O corpo da requisição não é um JSON válido.',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'O corpo da requisição está vazio.',
  FST_ERR_CTP_BODY_TOO_LARGE: 'O conteúdo enviado é grande demais.',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Tipo de conteúdo não suportado: envie JSON.',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'Tamanho do conteúdo inválido.',
};

/** The app's page: never cached, so a new build is picked up at once. */
function sendIndex(reply: FastifyReply) {
  return reply.header('Cache-Control', 'no-cache').sendFile('index.html', { cacheControl: false });
}

function errorHandling(app: FastifyInstance, servesApp: boolean) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof ApiError) {
      return reply.code(error.statusCode).send({
        success: false,
        message: error.message,
        ...(error.fieldErrors ? { errors: error.fieldErrors } : {}),
      });
    }
    const status = error.statusCode ?? 500;
    if (status < 500) {
      const message =
        FRAMEWORK_MESSAGES[error.code] ??
        (error.validation ? 'Dados inválidos na requisição.' : 'Requisição inválida.');
      return reply.code(status).send({ success: false, message });
    }
    request.log.error(error);
    return reply
      .code(500)
      .send({ success: false, message: 'Erro interno do servidor. Tente novamente mais tarde.' });
  });

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0];
    const isApi = path === '/api' || path.startsWith('/api/');
    // A missing asset (a path with an extension) is a 404 too, never the app's index.html.
    const looksLikeFile = /\.[a-z0-9]+$/i.test(path);
    if (isApi || looksLikeFile || request.method !== 'GET' || !servesApp) {
      return reply.code(404).send({ success: false, message: 'Recurso não encontrado.' });
    }
    return sendIndex(reply);
  });
}

export async function buildApp(config: Config, database: AppDatabase): Promise<FastifyInstance> {
  const app = Fastify({
    logger: config.log ? { level: config.log } : false,
    trustProxy: false,
    bodyLimit: 1024 * 1024,
  });
  app.decorate('config', config);
  app.decorate('database', database);
  app.decorate('tokens', new TokenStore(database.db, database.dialect, config.auth));

  // An /api route without a declared access would be open to anyone: refuse to start.
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

  app.addHook('onSend', async (_request, reply) => {
    reply.header('Access-Control-Expose-Headers', EXPOSED_HEADERS);
    reply.header('X-Content-Type-Options', 'nosniff');
    reply.header('Referrer-Policy', 'same-origin');
  });

  const servesApp = Boolean(config.distDir && existsSync(join(config.distDir, 'index.html')));
  errorHandling(app, servesApp);
  installGuard(app);

  app.get('/api/health', { config: { access: 'public' } }, async () => {
    await sql`select 1`.execute(database.db);
    return { status: 'ok', database: database.dialect.name };
  });
  await app.register(authRoutes);
  await app.register(usersRoutes);
  await app.register(churchRoutes);
  await app.register(dashboardRoutes);
  await app.register(membersRoutes);
  await app.register(ministryWorkersRoutes);
  await app.register(settingsRoutes);
  await app.register(credentialsRoutes);
  await app.register(lettersRoutes);
  await app.register(reportsRoutes);
  await app.register(publicRegistrationRoutes);
  await app.register(registrationsRoutes);
  await app.register(financeRoutes);

  if (servesApp && config.distDir) {
    await app.register(fastifyStatic, {
      root: config.distDir,
      wildcard: true,
      index: false,
      // The .br and .gz the build wrote (vite.config.ts), when the browser accepts them.
      preCompressed: true,
      cacheControl: false,
      setHeaders(res, path) {
        res.setHeader(
          'Cache-Control',
          path.startsWith(join(config.distDir!, 'assets'))
            ? 'public, max-age=31536000, immutable'
            : 'no-cache',
        );
      },
    });
    app.get('/', { config: { access: 'public' } }, (_request, reply) => sendIndex(reply));
  }
  return app;
}
