// simple-rest CRUD for the small settings tables (positions, departments, custom fields): the
// routes declare their schemas and hand the work to the table's store (smallTableStore.ts).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { CHURCH_WIDE_SETTINGS } from '../../domain/access.js';
import { resourceByApi } from '../../domain/resources.js';
import { fieldsBody, looseBody, idParams, listQuery } from './schemas.js';
import { parseListParams, sendList } from './simpleRest.js';
import { ensureChurchWide, rightsOf, viewOf } from './scope.js';
import { assignedOf } from './assignments.js';
import { actorOf } from '../audit/trail.js';
import {
  type SmallTable,
  type SmallTableDefinition,
  type TableScope,
  smallTableStore,
} from './smallTableStore.js';

export type { SmallTableDefinition } from './smallTableStore.js';

export function smallTableRoutes<T extends SmallTable, S extends z.ZodObject>(
  fastify: FastifyInstance,
  def: SmallTableDefinition<T, S>,
) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const store = smallTableStore(app.database.db, def);
  const access = resourceByApi(def.api);
  const url = `/api/${def.api}`;
  // What a new record holds when its body leaves a field out (church-wide settings compare to it).
  const defaults: Record<string, unknown> = Object.fromEntries(
    Object.entries(def.schema.shape).map(([field, schema]) => [
      field,
      (schema as z.ZodType).safeParse(undefined).data,
    ]),
  );
  // Only a table with congregations reads the request's scope (and its selection header).
  const scopeOf = (request: FastifyRequest): TableScope =>
    def.scope
      ? { view: viewOf(request), rights: rightsOf(request), actor: actorOf(request) }
      : { view: null, rights: null, actor: actorOf(request) };
  // What a reader reaches: a table of groups narrows a líder to his (issue 26).
  const readScopeOf = async (request: FastifyRequest): Promise<TableScope> => ({
    ...scopeOf(request),
    assigned: def.assigned ? await assignedOf(app.database.db, request, def.assigned) : null,
  });

  app.get(
    url,
    { config: { access: access.read }, schema: { querystring: listQuery } },
    async (request, reply) => {
      const params = parseListParams(request.query, {
        sortable: def.sortable,
        defaultSort: def.defaultSort,
      });
      const { page, total } = await store.list(params, await readScopeOf(request));
      return sendList(reply, def.api, params.range.offset, page, total);
    },
  );

  app.get(
    `${url}/:id`,
    { config: { access: access.read }, schema: { params: idParams } },
    async (request) => {
      const { rights, assigned } = await readScopeOf(request);
      return store.load(request.params.id, rights, assigned);
    },
  );

  // The store validates: its rules need the database (uniqueness, references).
  app.post(
    url,
    { config: { access: access.write }, schema: { body: fieldsBody(def.schema.shape) } },
    async (request, reply) => {
      ensureChurchWide(request, def.api, defaults, { ...defaults, ...request.body });
      const record = await store.create(request.body, scopeOf(request));
      reply.code(201);
      return record;
    },
  );

  // A partial update: the store validates the body merged with the stored record.
  app.put(
    `${url}/:id`,
    {
      config: { access: access.write },
      schema: { params: idParams, body: looseBody(def.schema.shape) },
    },
    async (request) => {
      const scope = scopeOf(request);
      if (CHURCH_WIDE_SETTINGS[def.api]) {
        const stored = (await store.load(request.params.id, scope.rights)) as Record<
          string,
          unknown
        >;
        ensureChurchWide(request, def.api, stored, { ...stored, ...request.body });
      }
      return store.update(request.params.id, request.body, scope);
    },
  );

  app.delete(
    `${url}/:id`,
    { config: { access: access.write }, schema: { params: idParams } },
    (request) => store.remove(request.params.id, scopeOf(request)),
  );
}
