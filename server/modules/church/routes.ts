// The church singleton (row id 1).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { churchSchema } from '../../../domain/church.js';
import { resourceByApi } from '../../../domain/resources.js';
import { BODY_LIMITS } from '../../http/bodyLimits.js';
import { changesOf } from '../../http/schemas.js';
import { validated } from '../../plugins/errors.js';
import { limitPublicReads } from '../../plugins/rateLimit.js';

export async function churchRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.database;
  const access = resourceByApi('church');
  const church = () =>
    db.selectFrom('church').selectAll().where('id', '=', 1).executeTakeFirstOrThrow();

  // What the login page, the public pages and the app bar show: nothing private.
  app.get(
    '/api/public/church',
    { config: { access: 'public' }, onRequest: limitPublicReads(app) },
    async () => {
      const { name, logo } = await church();
      return { name, logo };
    },
  );

  app.get('/api/church', { config: { access: access.read } }, async () => church());

  app.put(
    '/api/church',
    {
      config: { access: access.write },
      bodyLimit: BODY_LIMITS.withImage,
      schema: { body: changesOf(churchSchema) },
    },
    async (request) => {
      const current = await church();
      const values = validated(churchSchema, { ...current, ...request.body });
      await db
        .updateTable('church')
        .set({ ...values, updated_at: new Date().toISOString() })
        .where('id', '=', 1)
        .execute();
      return church();
    },
  );
}
