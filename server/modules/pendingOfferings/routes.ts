// /api/pending_offerings (issues 26 and 25): the offerings of the cells and the EBD waiting for
// the treasurer, and their receipt as incomes. Financial access, scoped by congregation like the
// rest of finance; the rules in service.ts.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { pendingOfferingReceiveSchema } from '../../../domain/finance/schemas.js';
import { resourceByApi } from '../../../domain/resources.js';
import { bodyOf, idParams, listQuery } from '../../http/schemas.js';
import { viewOf } from '../../http/scope.js';
import { parseListParams, sendList } from '../../http/simpleRest.js';
import { actorOf } from '../../audit/trail.js';
import { PENDING_SORTS, pendingOfferingService } from './service.js';

export async function pendingOfferingsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, dialect } = app.database;
  const access = resourceByApi('pending_offerings');
  const url = '/api/pending_offerings';
  const pending = pendingOfferingService(db, dialect);

  app.get(
    url,
    { config: { access: access.read }, schema: { querystring: listQuery } },
    async (request, reply) => {
      const params = parseListParams(request.query, {
        sortable: PENDING_SORTS,
        defaultSort: { field: 'date', order: 'asc' },
      });
      const { rows, total } = await pending.list(params, viewOf(request));
      return sendList(reply, 'pending_offerings', params.range.offset, rows, total);
    },
  );

  // The treasurer received it: the income and the link, in one transaction.
  app.post(
    `${url}/:id/receive`,
    {
      config: { access: access.write },
      schema: { params: idParams, body: bodyOf(pendingOfferingReceiveSchema) },
    },
    async (request, reply) => {
      const received = await pending.receive(actorOf(request), request.params.id, request.body);
      reply.code(201);
      return received;
    },
  );
}
