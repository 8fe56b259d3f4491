// The church singleton (row id 1).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ADMIN_ONLY } from '../../../domain/access.js';
import { churchSchema } from '../../../domain/church.js';
import { resourceByApi } from '../../../domain/resources.js';
import { BODY_LIMITS } from '../../http/bodyLimits.js';
import { changesOf } from '../../http/schemas.js';
import { ensureChurchWide } from '../../http/scope.js';
import { limitPublicReads } from '../../plugins/rateLimit.js';
import { actorOf } from '../../audit/trail.js';
import { churchSettings, privacyFacts, publicChurch, updateChurch } from './repository.js';
import { dismissSetupChecklist } from './setupChecklist.js';

export async function churchRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.database;
  const access = resourceByApi('church');

  // What the login page, the public pages and the app bar show: nothing private.
  app.get(
    '/api/public/church',
    { config: { access: 'public' }, onRequest: limitPublicReads(app) },
    async () => publicChurch(db),
  );

  // The privacy notice's facts (/privacidade, issue 13).
  app.get(
    '/api/public/privacy',
    { config: { access: 'public' }, onRequest: limitPublicReads(app) },
    async () => privacyFacts(db),
  );

  app.get('/api/church', { config: { access: access.read } }, async () => churchSettings(db));

  app.put(
    '/api/church',
    {
      config: { access: access.write },
      bodyLimit: BODY_LIMITS.withImage,
      schema: { body: changesOf(churchSchema) },
    },
    async (request) =>
      updateChurch(db, actorOf(request), request.body as object, (current, values) =>
        ensureChurchWide(request, 'church', current, values),
      ),
  );

  // The dashboard's first-run checklist, closed by an admin before every item is done.
  app.post(
    '/api/church/setup_checklist/dismiss',
    { config: { access: ADMIN_ONLY } },
    async (request) => dismissSetupChecklist(db, actorOf(request)),
  );
}
