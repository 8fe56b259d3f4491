// buildApp: every plugin and route, no listen (tests drive it with inject()).
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { installGuard } from './plugins/guard.js';
import { installErrorHandler } from './plugins/errors.js';
import { collectRouteAccess } from './plugins/routeAccess.js';
import { registerOpenApi } from './plugins/openapi.js';
import { serveApp } from './plugins/spa.js';
import { authRoutes } from './modules/auth/routes.js';
import { TokenStore } from './plugins/tokens.js';
import type { Config } from './config.js';
import type { AppDatabase } from './db/index.js';
import { churchRoutes } from './modules/church/routes.js';
import { credentialsRoutes } from './modules/credentials/routes.js';
import { dashboardRoutes } from './modules/dashboard/routes.js';
import { financeRoutes } from './modules/finance/index.js';
import { lettersRoutes } from './modules/letters/routes.js';
import { membersRoutes } from './modules/members/routes.js';
import { ministryWorkersRoutes } from './modules/members/ministryWorkers.js';
import { publicRegistrationRoutes } from './modules/public/registration.js';
import { registrationsRoutes } from './modules/members/registrations.js';
import { reportsRoutes } from './modules/reports/routes.js';
import { settingsRoutes } from './modules/settings/routes.js';
import { usersRoutes } from './modules/users/routes.js';

const EXPOSED_HEADERS =
  'access-token, client, uid, expiry, token-type, Authorization, Content-Range';

export async function buildApp(config: Config, database: AppDatabase): Promise<FastifyInstance> {
  const app = Fastify({
    logger: config.log ? { level: config.log } : false,
    trustProxy: false,
    bodyLimit: 1024 * 1024,
  });
  app.decorate('config', config);
  app.decorate('database', database);
  app.decorate('tokens', new TokenStore(database.db, database.dialect, config.auth));

  collectRouteAccess(app);

  app.addHook('onSend', async (_request, reply) => {
    reply.header('Access-Control-Expose-Headers', EXPOSED_HEADERS);
    reply.header('X-Content-Type-Options', 'nosniff');
    reply.header('Referrer-Policy', 'same-origin');
  });

  // Routes declare zod schemas for params, querystring and body (fastify-type-provider-zod).
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandler(app);
  installGuard(app);
  await registerOpenApi(app);

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

  await serveApp(app, config.distDir);
  return app;
}
