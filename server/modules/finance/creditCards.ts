// /api/credit_cards: the church's cards. The list shows each card's open invoice and the
// limit left (the limit minus every unpaid charge, future instalments included); the rules in
// creditCardService.ts.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { creditCardSchema } from '../../../domain/finance/schemas.js';
import { resourceByApi } from '../../../domain/resources.js';
import { bodyOf, changesOf, idParams, listQuery } from '../../http/schemas.js';
import { parseListParams, sendList } from '../../http/simpleRest.js';
import { actorOf } from '../../audit/trail.js';
import { CARD_SORTS, creditCardService } from './creditCardService.js';

export async function creditCardsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const access = resourceByApi('credit_cards');
  const url = '/api/credit_cards';
  const cards = creditCardService(app.database.db);

  app.get(
    url,
    { config: { access: access.read }, schema: { querystring: listQuery } },
    async (request, reply) => {
      const params = parseListParams(request.query, {
        sortable: CARD_SORTS,
        defaultSort: { field: 'name', order: 'asc' },
      });
      const { rows, total } = await cards.list(params);
      return sendList(reply, 'credit_cards', params.range.offset, rows, total);
    },
  );

  app.get(
    `${url}/:id`,
    { config: { access: access.read }, schema: { params: idParams } },
    async (request) => cards.find(request.params.id),
  );

  app.post(
    url,
    { config: { access: access.write }, schema: { body: bodyOf(creditCardSchema) } },
    async (request, reply) => {
      const record = await cards.create(actorOf(request), request.body);
      reply.code(201);
      return record;
    },
  );

  app.put(
    `${url}/:id`,
    {
      config: { access: access.write },
      schema: { params: idParams, body: changesOf(creditCardSchema) },
    },
    async (request) => cards.update(actorOf(request), request.params.id, request.body),
  );

  app.delete(
    `${url}/:id`,
    { config: { access: access.write }, schema: { params: idParams } },
    async (request) => cards.remove(actorOf(request), request.params.id),
  );
}
