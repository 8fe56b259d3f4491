// /api/transactions: every money movement of every account. Incomes and expense payments
// create their own; here the treasurer also moves money between accounts (two linked
// movements) and adjusts a balance. Lists carry totals and a CSV export. The rules in
// transactionService.ts and transactionExport.ts.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { resourceByApi } from '../../../domain/resources.js';
import { sendCsv } from '../../http/csv.js';
import { idParams, listQuery } from '../../http/schemas.js';
import { rightsOf, viewOf } from '../../http/scope.js';
import { parseListParams, sendList } from '../../http/simpleRest.js';
import { actorOf, audit } from '../../audit/trail.js';
import { movementBody } from './schemas.js';
import { transactionExport } from './transactionExport.js';
import { SORTS, transactionService } from './transactionService.js';

export async function transactionsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.database;
  const access = resourceByApi('transactions');
  const url = '/api/transactions';
  const transactions = transactionService(db);
  const listParams = (query: Record<string, unknown>) =>
    parseListParams(query, {
      sortable: Object.keys(SORTS),
      defaultSort: { field: 'date', order: 'desc' },
    });

  app.get(
    url,
    { config: { access: access.read }, schema: { querystring: listQuery } },
    async (request, reply) => {
      const params = listParams(request.query);
      const { rows, total } = await transactions.list(params, viewOf(request));
      return sendList(reply, 'transactions', params.range.offset, rows, total);
    },
  );

  // The totals of the filtered list: money in and out by kind, and the net result.
  app.get(
    `${url}/summary`,
    { config: { access: access.read }, schema: { querystring: listQuery } },
    async (request) => transactions.summary(listParams(request.query).filter, viewOf(request)),
  );

  app.get(
    `${url}/export`,
    { config: { access: access.read }, schema: { querystring: listQuery } },
    async (request, reply) => {
      const { sort, filter } = listParams(request.query);
      const { columns, batches } = await transactionExport(db, filter, sort, viewOf(request));
      return sendCsv(reply, 'lancamentos.csv', columns, batches, (rows) =>
        audit(db, actorOf(request), {
          action: 'export',
          resource: 'transactions',
          record_id: null,
          details: { file: 'lancamentos.csv', filter, rows },
        }),
      );
    },
  );

  app.get(
    `${url}/:id`,
    { config: { access: access.read }, schema: { params: idParams } },
    async (request) => transactions.find(request.params.id, rightsOf(request)),
  );

  // A transfer between two accounts, or an adjustment of one account's balance.
  app.post(
    url,
    { config: { access: access.write }, schema: { body: movementBody } },
    async (request, reply) => {
      const actor = actorOf(request);
      const record =
        request.body.kind === 'transfer'
          ? await transactions.transfer(actor, request.body)
          : await transactions.adjust(actor, request.body);
      reply.code(201);
      return record;
    },
  );

  app.delete(
    `${url}/:id`,
    { config: { access: access.write }, schema: { params: idParams } },
    async (request) => transactions.remove(actorOf(request), request.params.id),
  );
}
