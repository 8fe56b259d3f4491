// buildApp: every plugin and route, no listen (tests drive it with inject()).
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { installGuard } from './plugins/guard.js';
import { BODY_LIMITS } from './http/bodyLimits.js';
import { installRateLimits } from './plugins/rateLimit.js';
import { DAMAGED_DATABASE, installErrorHandler } from './plugins/errors.js';
import { installInputChecks } from './plugins/input.js';
import { collectRouteAccess } from './plugins/routeAccess.js';
import { MODULES } from './modules/index.js';
import { registerOpenApi } from './plugins/openapi.js';
import { registerSecurityHeaders } from './plugins/security.js';
import { serveApp } from './plugins/spa.js';
import { type Clock, TokenStore } from './plugins/tokens.js';
import { type LogStream, loggerOptions } from './plugins/logging.js';
import type { Config } from './config.js';
import { type AppDatabase, isDamage } from './db/index.js';

const EXPOSED_HEADERS =
  'access-token, client, uid, expiry, token-type, Authorization, Content-Range';

export interface BuildOptions {
  /** The token store's time (tests move it instead of sleeping); Date.now by default. */
  clock?: Clock;
  /** Where the log goes when config.log is set; standard output by default. */
  logStream?: LogStream;
}

export async function buildApp(
  config: Config,
  database: AppDatabase,
  options: BuildOptions = {},
): Promise<FastifyInstance> {
  const app = Fastify({
    logger: loggerOptions(config, options.logStream),
    // Any of Fastify's trustProxy forms (TRUST_PROXY); typed boolean so the overloads stay HTTP/1.
    trustProxy: (config.trustProxy ?? false) as boolean,
    bodyLimit: BODY_LIMITS.json,
  });
  app.decorate('config', config);
  app.decorate('database', database);
  app.decorate('tokens', new TokenStore(database.db, database.dialect, config.auth, options.clock));

  collectRouteAccess(app);

  app.addHook('onSend', async (_request, reply) => {
    reply.header('Access-Control-Expose-Headers', EXPOSED_HEADERS);
  });
  // CSP, nosniff, Referrer-Policy, no framing; no-store on /api; HSTS over HTTPS.
  await registerSecurityHeaders(app);

  // Routes declare zod schemas for params, querystring and body (fastify-type-provider-zod).
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandler(app);
  installInputChecks(app);
  installGuard(app);
  await installRateLimits(app);
  await registerOpenApi(app);

  // A real read (the church row, through its table's pages), not `select 1`: a database that
  // cannot be read is not healthy. A damage met by any request also answers 503 here.
  app.get('/api/health', { config: { access: 'public' } }, async (_request, reply) => {
    try {
      if (!database.damage) {
        await database.db.selectFrom('church').select('id').where('id', '=', 1).execute();
      }
    } catch (error) {
      if (!isDamage((error as { code?: unknown }).code)) throw error;
      database.damage = (error as Error).message;
    }
    if (database.damage) {
      return reply
        .code(503)
        .send({ status: 'error', database: database.dialect.name, message: DAMAGED_DATABASE });
    }
    return { status: 'ok', database: database.dialect.name };
  });
  for (const module of MODULES) await app.register(module);

  await serveApp(app, config.distDir);
  return app;
}
