// /api/users: the staff users (admin only).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actorOf } from '../../audit/trail.js';
import { resourceByApi } from '../../../domain/resources.js';
import { userCreateSchema, userUpdateSchema } from '../../../domain/users.js';
import { bodyOf, idParams, looseBody, listQuery } from '../../http/schemas.js';
import { parseListParams, sendList } from '../../http/simpleRest.js';
import { notFound } from '../../plugins/errors.js';
import {
  USER_SORTS,
  createUser,
  deleteUser,
  findUser,
  listUsers,
  toApiUser,
  updateUser,
} from './repository.js';

export async function usersRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.database;
  const access = resourceByApi('users');

  app.get(
    '/api/users',
    { config: { access: access.read }, schema: { querystring: listQuery } },
    async (request, reply) => {
      const params = parseListParams(request.query, {
        sortable: USER_SORTS,
        defaultSort: { field: 'name', order: 'asc' },
      });
      const { rows, total } = await listUsers(db, params);
      return sendList(reply, 'users', params.range.offset, rows, total);
    },
  );

  app.get(
    '/api/users/:id',
    { config: { access: access.read }, schema: { params: idParams } },
    async (request) => {
      const row = await findUser(db, request.params.id);
      if (!row) throw notFound('Usuário não encontrado.');
      return toApiUser(row);
    },
  );

  app.post(
    '/api/users',
    { config: { access: access.write }, schema: { body: bodyOf(userCreateSchema) } },
    async (request, reply) => {
      const user = await createUser(db, request.body, actorOf(request));
      reply.code(201);
      return user;
    },
  );

  // A partial update: the repository validates the body merged with the stored user.
  app.put(
    '/api/users/:id',
    {
      config: { access: access.write },
      schema: { params: idParams, body: looseBody(userUpdateSchema.shape) },
    },
    async (request) => updateUser(db, request.params.id, request.body, actorOf(request)),
  );

  app.delete(
    '/api/users/:id',
    { config: { access: access.write }, schema: { params: idParams } },
    async (request) => deleteUser(db, request.params.id, actorOf(request)),
  );
}
