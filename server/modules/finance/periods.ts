// /api/finance/periods (issue 27): the months closed after the conselho fiscal's approval, their
// history, and closing or reopening one (admin); the rules in periodService.ts.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { closePeriodSchema, reopenPeriodSchema } from '../../../domain/finance/periods.js';
import { resourceByApi } from '../../../domain/resources.js';
import { bodyAfterLookup } from '../../http/schemas.js';
import { parseListParams, sendList } from '../../http/simpleRest.js';
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

  // One row per month ever closed, newest first; react-admin's sort by id (the month) and range
  // are honoured, and without a range every month comes (the screen reads them all).
  app.get(url, { config: { access: access.read } }, async (request, reply) => {
    const query = request.query as Record<string, unknown>;
    const { sort, range } = parseListParams(query, {
      sortable: ['month'],
      defaultSort: { field: 'month', order: 'desc' },
    });
    const rows = await periods.list();
    if (sort.order === 'asc') rows.reverse();
    const page =
      query.range === undefined ? rows : rows.slice(range.offset, range.offset + range.limit);
    return sendList(
      reply,
      'finance/periods',
      query.range === undefined ? 0 : range.offset,
      page,
      rows.length,
    );
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
