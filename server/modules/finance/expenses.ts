// /api/expenses: what the church spends, paid now, in instalments or on a card; the rules in
// expenseService.ts (and the receipt in receipts.ts).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { expenseSchema } from '../../../domain/finance/schemas.js';
import { resourceByApi } from '../../../domain/resources.js';
import { bodyOf, changesOf, idParams, listQuery } from '../../http/schemas.js';
import { rightsOf, viewOf } from '../../http/scope.js';
import { parseListParams, sendList } from '../../http/simpleRest.js';
import { actorOf } from '../../audit/trail.js';
import { EXPENSE_SORTS, expenseService } from './expenseService.js';

export async function expensesRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const access = resourceByApi('expenses');
  const url = '/api/expenses';
  const expenses = expenseService(app.database.db, app.database.dialect);

  app.get(
    url,
    { config: { access: access.read }, schema: { querystring: listQuery } },
    async (request, reply) => {
      const params = parseListParams(request.query, {
        sortable: EXPENSE_SORTS,
        defaultSort: { field: 'date', order: 'desc' },
      });
      const { rows, total } = await expenses.list(params, viewOf(request));
      return sendList(reply, 'expenses', params.range.offset, rows, total);
    },
  );

  app.get(
    `${url}/:id`,
    { config: { access: access.read }, schema: { params: idParams } },
    async (request) => expenses.find(request.params.id, rightsOf(request)),
  );

  app.post(
    url,
    { config: { access: access.write }, schema: { body: bodyOf(expenseSchema) } },
    async (request, reply) => {
      const record = await expenses.create(actorOf(request), request.body);
      reply.code(201);
      return record;
    },
  );

  app.put(
    `${url}/:id`,
    {
      config: { access: access.write },
      schema: { params: idParams, body: changesOf(expenseSchema) },
    },
    async (request) => expenses.update(actorOf(request), request.params.id, request.body),
  );

  app.delete(
    `${url}/:id`,
    { config: { access: access.write }, schema: { params: idParams } },
    async (request) => expenses.remove(actorOf(request), request.params.id),
  );
}
