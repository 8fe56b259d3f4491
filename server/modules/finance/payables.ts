// /api/accounts_payable: unpaid instalments and card invoices by due date, and paying them
// (which creates the movement) or undoing a payment; the rules in payableService.ts.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { paySchema } from '../../../domain/finance/schemas.js';
import { resourceByApi } from '../../../domain/resources.js';
import { bodyAfterLookup, idParams, listQuery } from '../../http/schemas.js';
import { rightsOf, viewOf } from '../../http/scope.js';
import { parseListParams, sendList } from '../../http/simpleRest.js';
import { actorOf } from '../../audit/trail.js';
import { PAYABLE_SORTS, payableService } from './payableService.js';

export async function payablesRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const access = resourceByApi('accounts_payable');
  const url = '/api/accounts_payable';
  const payables = payableService(app.database.db, app.database.dialect);
  const listParams = (query: Record<string, unknown>) =>
    parseListParams(query, {
      sortable: PAYABLE_SORTS,
      defaultSort: { field: 'due_date', order: 'asc' },
    });

  app.get(
    url,
    { config: { access: access.read }, schema: { querystring: listQuery } },
    async (request, reply) => {
      const params = listParams(request.query);
      const { rows, total } = await payables.list(params, viewOf(request));
      return sendList(reply, 'accounts_payable', params.range.offset, rows, total);
    },
  );

  // What the filtered list adds up to: due, of which overdue, and paid.
  app.get(
    `${url}/summary`,
    { config: { access: access.read }, schema: { querystring: listQuery } },
    async (request) => payables.summary(listParams(request.query).filter, viewOf(request)),
  );

  app.get(
    `${url}/:id`,
    { config: { access: access.read }, schema: { params: idParams } },
    async (request) => payables.find(request.params.id, rightsOf(request)),
  );

  app.post(
    `${url}/:id/pay`,
    {
      config: { access: access.write },
      schema: { params: idParams, body: bodyAfterLookup(paySchema) },
    },
    async (request) => payables.pay(actorOf(request), request.params.id, request.body),
  );

  app.post(
    `${url}/:id/unpay`,
    { config: { access: access.write }, schema: { params: idParams } },
    async (request) => payables.unpay(actorOf(request), request.params.id),
  );
}
