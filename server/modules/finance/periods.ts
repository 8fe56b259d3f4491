// /api/finance/periods (issue 27): the months closed after the conselho fiscal's approval, their
// history, and closing or reopening one (admin); the rules in periodService.ts.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { closePeriodSchema, reopenPeriodSchema } from '../../../domain/finance/periods.js';
import { resourceByApi } from '../../../domain/resources.js';
import { bodyAfterLookup } from '../../http/schemas.js';
import { actorOf } from '../../audit/trail.js';
import { periodService } from './periodService.js';

const monthParams = z.object({
  month: z.string().meta({ description: 'Mês: AAAA-MM.' }),
});

export async function periodsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const access = resourceByApi('finance/periods');
  const url = '/api/finance/periods';
  const periods = periodService(app.database.db, app.database.dialect);

  app.get(url, { config: { access: access.read } }, async (_request, reply) => {
    const rows = await periods.list();
    reply.header(
      'Content-Range',
      `finance/periods 0-${Math.max(rows.length - 1, 0)}/${rows.length}`,
    );
    return rows;
  });

  app.post(
    `${url}/:month/close`,
    {
      config: { access: access.write },
      schema: { params: monthParams, body: bodyAfterLookup(closePeriodSchema) },
    },
    async (request) => periods.close(actorOf(request), request.params.month, request.body),
  );

  app.post(
    `${url}/:month/reopen`,
    {
      config: { access: access.write },
      schema: { params: monthParams, body: bodyAfterLookup(reopenPeriodSchema) },
    },
    async (request) => periods.reopen(actorOf(request), request.params.month, request.body),
  );
}
