// /api/budgets (issue 27): a congregation's orçamento anual, read and saved whole as a grid of
// categories × months; the rules in budgetService.ts.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { budgetSchema } from '../../../domain/finance/budget.js';
import { resourceByApi } from '../../../domain/resources.js';
import { bodyAfterLookup } from '../../http/schemas.js';
import { rightsOf } from '../../http/scope.js';
import { actorOf } from '../../audit/trail.js';
import { budgetService, gridKey } from './budgetService.js';

const gridQuery = z.object({
  congregation_id: z.string().optional().meta({ description: 'A congregação.' }),
  year: z.string().optional().meta({ description: 'O ano: AAAA.' }),
});

export async function budgetsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const access = resourceByApi('budgets');
  const budgets = budgetService(app.database.db);

  app.get(
    '/api/budgets',
    { config: { access: access.read }, schema: { querystring: gridQuery } },
    async (request) => {
      const { congregationId, year } = gridKey(request.query);
      return budgets.get(rightsOf(request), congregationId, year);
    },
  );

  app.put(
    '/api/budgets',
    { config: { access: access.write }, schema: { body: bodyAfterLookup(budgetSchema) } },
    async (request) => budgets.save(actorOf(request), request.body),
  );
}
