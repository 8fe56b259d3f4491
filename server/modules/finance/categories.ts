// /api/finance_categories: the plano de contas (its income and expense leaves are the categories);
// the rules in categoryService.ts.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { categorySchema } from '../../../domain/finance/schemas.js';
import { resourceByApi } from '../../../domain/resources.js';
import { bodyOf, changesOf, idParams, listQuery } from '../../http/schemas.js';
import { parseListParams, sendList } from '../../http/simpleRest.js';
import { actorOf } from '../../audit/trail.js';
import { CATEGORY_SORTS, categoryService } from './categoryService.js';

export async function categoriesRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const access = resourceByApi('finance_categories');
  const url = '/api/finance_categories';
  const categories = categoryService(app.database.db);

  app.get(
    url,
    { config: { access: access.read }, schema: { querystring: listQuery } },
    async (request, reply) => {
      const params = parseListParams(request.query, {
        sortable: CATEGORY_SORTS,
        defaultSort: { field: 'code', order: 'asc' },
      });
      const { rows, total } = await categories.list(params);
      return sendList(reply, 'finance_categories', params.range.offset, rows, total);
    },
  );

  app.get(
    `${url}/:id`,
    { config: { access: access.read }, schema: { params: idParams } },
    async (request) => categories.find(request.params.id),
  );

  app.post(
    url,
    { config: { access: access.write }, schema: { body: bodyOf(categorySchema) } },
    async (request, reply) => {
      const record = await categories.create(actorOf(request), request.body);
      reply.code(201);
      return record;
    },
  );

  app.put(
    `${url}/:id`,
    {
      config: { access: access.write },
      schema: { params: idParams, body: changesOf(categorySchema) },
    },
    async (request) => categories.update(actorOf(request), request.params.id, request.body),
  );

  app.delete(
    `${url}/:id`,
    { config: { access: access.write }, schema: { params: idParams } },
    async (request) => categories.remove(actorOf(request), request.params.id),
  );
}
