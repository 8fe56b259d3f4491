// GET /api/finance/overview: the financial dashboard's figures (overviewService.ts).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { resourceByApi } from '../../../domain/resources.js';
import { viewOf } from '../../http/scope.js';
import { badRequest } from '../../plugins/errors.js';
import { financeOverview } from './overviewService.js';
import { overviewQuery } from './schemas.js';

export async function overviewRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const access = resourceByApi('finance/overview');

  app.get(
    '/api/finance/overview',
    { config: { access: access.read }, schema: { querystring: overviewQuery } },
    async (request) => {
      const { month } = request.query;
      if (month !== undefined && !/^\d{4}-(0[1-9]|1[0-2])$/.test(month)) {
        throw badRequest('Parâmetro month inválido: use AAAA-MM.');
      }
      return financeOverview(app.database.db, month, viewOf(request));
    },
  );
}
