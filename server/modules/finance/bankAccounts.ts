// /api/bank_accounts: accounts and cash boxes. No edit (SPEC §2): an account is created,
// read, deactivated or reactivated, and deleted only while nothing uses it. The balance is
// the opening balance plus the account's transactions (see ledger.ts); the rules in
// bankAccountService.ts.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { pixSettingsSchema } from '../../../domain/finance/pix.js';
import { bankAccountSchema } from '../../../domain/finance/schemas.js';
import { resourceByApi } from '../../../domain/resources.js';
import { bodyOf, idParams, listQuery } from '../../http/schemas.js';
import { rightsOf, viewOf } from '../../http/scope.js';
import { parseListParams, sendList } from '../../http/simpleRest.js';
import { actorOf } from '../../audit/trail.js';
import { BANK_ACCOUNT_SORTS, bankAccountService } from './bankAccountService.js';

export async function bankAccountsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const access = resourceByApi('bank_accounts');
  const url = '/api/bank_accounts';
  const accounts = bankAccountService(app.database.db);

  app.get(
    url,
    { config: { access: access.read }, schema: { querystring: listQuery } },
    async (request, reply) => {
      const params = parseListParams(request.query, {
        sortable: BANK_ACCOUNT_SORTS,
        defaultSort: { field: 'name', order: 'asc' },
      });
      const { rows, total } = await accounts.list(params, viewOf(request));
      return sendList(reply, 'bank_accounts', params.range.offset, rows, total);
    },
  );

  app.get(
    `${url}/:id`,
    { config: { access: access.read }, schema: { params: idParams } },
    async (request) => accounts.find(request.params.id, rightsOf(request)),
  );

  app.post(
    url,
    { config: { access: access.write }, schema: { body: bodyOf(bankAccountSchema) } },
    async (request, reply) => {
      const record = await accounts.create(actorOf(request), request.body);
      reply.code(201);
      return record;
    },
  );

  // The account's Pix key (issue 25): what its QR codes and posters carry.
  app.put(
    `${url}/:id/pix`,
    {
      config: { access: access.write },
      schema: { params: idParams, body: bodyOf(pixSettingsSchema) },
    },
    async (request) => accounts.setPix(actorOf(request), request.params.id, request.body),
  );

  for (const action of ['deactivate', 'activate'] as const) {
    app.post(
      `${url}/:id/${action}`,
      { config: { access: access.write }, schema: { params: idParams } },
      async (request) => accounts.setActive(actorOf(request), request.params.id, action),
    );
  }

  app.delete(
    `${url}/:id`,
    { config: { access: access.write }, schema: { params: idParams } },
    async (request) => accounts.remove(actorOf(request), request.params.id),
  );

  // The statement: the account's movements, newest first, each with the balance after it.
  app.get(
    `${url}/:id/statement`,
    { config: { access: access.read }, schema: { params: idParams, querystring: listQuery } },
    async (request, reply) => {
      const account = await accounts.find(request.params.id, rightsOf(request));
      const params = parseListParams(request.query, {
        sortable: ['date'],
        defaultSort: { field: 'date', order: 'desc' },
      });
      const { rows, total } = await accounts.statement(account, params);
      return sendList(reply, 'transactions', params.range.offset, rows, total);
    },
  );
}
