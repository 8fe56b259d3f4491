// Vendors and donors: the same record (a person or an entity with CPF or CNPJ, contacts and
// address), each with its own extra field and the movements it is part of. Their routes here;
// the list and the writes in partyService.ts.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { resourceByApi } from '../../../domain/resources.js';
import { bodyOf, changesOf, idParams, listQuery } from '../../http/schemas.js';
import { viewOf } from '../../http/scope.js';
import { parseListParams, sendList } from '../../http/simpleRest.js';
import { actorOf } from '../../audit/trail.js';
import { PARTY_SORTS, type PartyDefinition, partyService } from './partyService.js';

export function partyRoutes(fastify: FastifyInstance, def: PartyDefinition) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const access = resourceByApi(def.api);
  const url = `/api/${def.api}`;
  const parties = partyService(app.database.db, def);

  app.get(
    url,
    { config: { access: access.read }, schema: { querystring: listQuery } },
    async (request, reply) => {
      const params = parseListParams(request.query, {
        sortable: PARTY_SORTS,
        defaultSort: { field: 'name', order: 'asc' },
      });
      const { rows, total } = await parties.list(params);
      return sendList(reply, def.api, params.range.offset, rows, total);
    },
  );

  app.get(
    `${url}/:id`,
    { config: { access: access.read }, schema: { params: idParams } },
    async (request) => parties.show(request.params.id, viewOf(request)),
  );

  app.post(
    url,
    { config: { access: access.write }, schema: { body: bodyOf(def.schema) } },
    async (request, reply) => {
      const record = await parties.create(actorOf(request), request.body);
      reply.code(201);
      return record;
    },
  );

  app.put(
    `${url}/:id`,
    { config: { access: access.write }, schema: { params: idParams, body: changesOf(def.schema) } },
    async (request) => parties.update(actorOf(request), request.params.id, request.body),
  );

  app.delete(
    `${url}/:id`,
    { config: { access: access.write }, schema: { params: idParams } },
    async (request) => parties.remove(actorOf(request), request.params.id),
  );
}
