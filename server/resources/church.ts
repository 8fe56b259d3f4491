// The church singleton (row id 1).
import type { FastifyInstance } from 'fastify';
import { ANY_USER } from '../../src/domain/access.js';

export async function churchRoutes(app: FastifyInstance) {
  const { db } = app.database;
  const church = () =>
    db.selectFrom('church').selectAll().where('id', '=', 1).executeTakeFirstOrThrow();

  // What the login page, the public pages and the app bar show: nothing private.
  app.get('/api/public/church', { config: { access: 'public' } }, async () => {
    const { name, logo } = await church();
    return { name, logo };
  });

  app.get('/api/church', { config: { access: ANY_USER } }, async () => church());
}
