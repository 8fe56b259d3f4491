// GET /api/dashboard: the figures of /visao_geral, each only for the roles that may see it.
import type { FastifyInstance } from 'fastify';
import { ANY_USER, hasAccess, ADMIN_ONLY } from '../../src/domain/access.js';

export async function dashboardRoutes(app: FastifyInstance) {
  const { db } = app.database;
  app.get('/api/dashboard', { config: { access: ANY_USER } }, async (request) => {
    const figures: Record<string, unknown> = {};
    if (hasAccess(request.user?.roles, ADMIN_ONLY)) {
      const rows = await db
        .selectFrom('users')
        .select(['active', (eb) => eb.fn.countAll<number>().as('count')])
        .groupBy('active')
        .execute();
      const active = rows
        .filter((row) => Boolean(row.active))
        .reduce((n, r) => n + Number(r.count), 0);
      const total = rows.reduce((n, r) => n + Number(r.count), 0);
      figures.users = { active, inactive: total - active };
    }
    return figures;
  });
}
