// buildApp: every plugin and route, no listen (tests drive it with inject()).
import Fastify, { type FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { installGuard } from './plugins/guard.js';
import { BODY_LIMITS } from './http/bodyLimits.js';
import { installRateLimits } from './plugins/rateLimit.js';
import { DAMAGED_DATABASE, installErrorHandler } from './plugins/errors.js';
import { installInputChecks } from './plugins/input.js';
import { collectRouteAccess } from './plugins/routeAccess.js';
import { MODULES } from './modules/index.js';
import { sessionUserOf } from './modules/twoFactor/index.js';
import { toApiUser } from './modules/users/index.js';
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
  installGuard(app, async (email) => {
    // Past the church's grace period without a second factor, a session opened within it ends:
    // signing in again leads to the setup (issue 22). One query with the user's row.
    const row = await sessionUserOf(database.db, email, Date.now());
    return row?.active ? toApiUser(row) : undefined;
  });
  await installRateLimits(app);
  await registerOpenApi(app);

  // Polled every few seconds by supervisors and tests: a trivial `select 1` (the database
  // answers) and nothing else. A damaged file is caught at start (quick_check) and by the first
  // request whose read meets it (plugins/errors.ts); from then on this answers 503 too.
  app.get('/api/health', { config: { access: 'public' } }, async (_request, reply) => {
    try {
      if (!database.damage) await sql`select 1`.execute(database.db);
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
