// /api/congregations: the sede, its sub-sedes and congregações (issue 12). Read by every
// signed-in user (each sees the congregations of their rights: the selector, the forms' input),
// written by admins.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { congregationSchema } from '../../../domain/congregationSchema.js';
import { registrationPath } from '../../../domain/congregations.js';
import { actorOf } from '../../audit/trail.js';
import { resourceByApi } from '../../../domain/resources.js';
import { bodyOf, changesOf, idParams, listQuery } from '../../http/schemas.js';
import { rightsOf } from '../../http/scope.js';
import { parseListParams, sendList } from '../../http/simpleRest.js';
import { originOf } from '../../http/origin.js';
import { type ApiCongregation, CONGREGATION_SORTS, congregationService } from './service.js';

/** A congregation with its registration link (PUBLIC_URL when set, as the QR codes). */
const withLink = (request: FastifyRequest) => (row: ApiCongregation) => ({
  ...row,
  registration_url: `${originOf(request)}${registrationPath(row.slug)}`,
});

export async function congregationsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const access = resourceByApi('congregations');
  const congregations = congregationService(app.database.db);

  // The rights, not the app bar's view: the selector lists every congregation the user may pick.
  app.get(
    '/api/congregations',
    { config: { access: access.read }, schema: { querystring: listQuery } },
    async (request, reply) => {
      const params = parseListParams(request.query, {
        sortable: CONGREGATION_SORTS,
        defaultSort: { field: 'name', order: 'asc' },
      });
      const { rows, total } = await congregations.list(params, rightsOf(request));
      return sendList(
        reply,
        'congregations',
        params.range.offset,
        rows.map(withLink(request)),
        total,
      );
    },
  );

  app.get(
    '/api/congregations/:id',
    { config: { access: access.read }, schema: { params: idParams } },
    async (request) =>
      withLink(request)(await congregations.show(request.params.id, rightsOf(request))),
  );

  app.post(
    '/api/congregations',
    { config: { access: access.write }, schema: { body: bodyOf(congregationSchema) } },
    async (request, reply) => {
      const record = await congregations.create(request.body, actorOf(request));
      reply.code(201);
      return withLink(request)(record);
    },
  );

  app.put(
    '/api/congregations/:id',
    {
      config: { access: access.write },
      schema: { params: idParams, body: changesOf(congregationSchema) },
    },
    async (request) =>
      withLink(request)(
        await congregations.update(request.params.id, request.body, actorOf(request)),
      ),
  );

  app.delete(
    '/api/congregations/:id',
    { config: { access: access.write }, schema: { params: idParams } },
    async (request) => congregations.remove(request.params.id, actorOf(request)),
  );
}
