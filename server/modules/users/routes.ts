// /api/users: the staff users (admin only).
import type { FastifyInstance } from 'fastify';
import { resourceByApi } from '../../../domain/resources.js';
import { userCreateSchema, userUpdateSchema } from '../../../domain/users.js';
import { fieldErrors } from '../../../domain/validation.js';
import { badRequest, conflict, invalid, notFound } from '../../plugins/errors.js';
import { parseId, parseListParams, sendList } from '../../http/simpleRest.js';
import { isRole } from '../../../domain/access.js';
import { likePattern, searchText } from '../../../domain/search.js';
import { hashPassword } from '../auth/passwords.js';
import {
  activeAdminCount,
  emailTaken,
  findUser,
  insertUser,
  parseRoles,
  toApiUser,
} from './repository.js';

const SORTABLE = ['id', 'name', 'email', 'active', 'created_at'] as const;
const FILTERS = ['q', 'id', 'active', 'role'];

export async function usersRoutes(app: FastifyInstance) {
  const { db } = app.database;
  const access = resourceByApi('users');

  app.get('/api/users', { config: { access: access.read } }, async (request, reply) => {
    const params = parseListParams(request.query as Record<string, unknown>, {
      sortable: SORTABLE,
      defaultSort: { field: 'name', order: 'asc' },
    });
    const unknown = Object.keys(params.filter).filter((key) => !FILTERS.includes(key));
    if (unknown.length > 0) throw badRequest(`Filtro desconhecido: ${unknown.join(', ')}.`);

    let query = db.selectFrom('users');
    const { q, id, active, role } = params.filter;
    if (typeof q === 'string' && q.trim()) {
      query = query.where('search', 'like', likePattern(searchText(q)));
    }
    if (id !== undefined) {
      const ids = (Array.isArray(id) ? id : [id]).map(Number).filter(Number.isSafeInteger);
      query = query.where('id', 'in', ids.length > 0 ? ids : [0]);
    }
    if (active !== undefined) query = query.where('active', '=', Boolean(active));
    if (role !== undefined) {
      if (!isRole(role)) throw badRequest('Filtro role inválido.');
      query = query.where('roles', 'like', `%"${role}"%`);
    }
    const { total } = await query
      .select((eb) => eb.fn.countAll<number>().as('total'))
      .executeTakeFirstOrThrow();
    const rows = await query
      .selectAll()
      .orderBy(params.sort.field as (typeof SORTABLE)[number], params.sort.order)
      .orderBy('id')
      .offset(params.range.offset)
      .limit(params.range.limit)
      .execute();
    return sendList(reply, 'users', params.range.offset, rows.map(toApiUser), Number(total));
  });

  app.get('/api/users/:id', { config: { access: access.read } }, async (request) => {
    const row = await findUser(db, parseId((request.params as { id: string }).id));
    if (!row) throw notFound('Usuário não encontrado.');
    return toApiUser(row);
  });

  app.post('/api/users', { config: { access: access.write } }, async (request, reply) => {
    const parsed = userCreateSchema.safeParse(request.body ?? {});
    if (!parsed.success) throw invalid(fieldErrors(parsed.error));
    const input = parsed.data;
    if (await emailTaken(db, input.email)) {
      throw invalid({ email: 'Já existe um usuário com este e-mail.' });
    }
    const user = await insertUser(db, input);
    reply.code(201);
    return user;
  });

  app.put('/api/users/:id', { config: { access: access.write } }, async (request) => {
    const id = parseId((request.params as { id: string }).id);
    const existing = await findUser(db, id);
    if (!existing) throw notFound('Usuário não encontrado.');
    const parsed = userUpdateSchema.safeParse({
      ...toApiUser(existing),
      ...(request.body as object),
    });
    if (!parsed.success) throw invalid(fieldErrors(parsed.error));
    const input = parsed.data;
    if (await emailTaken(db, input.email, id)) {
      throw invalid({ email: 'Já existe um usuário com este e-mail.' });
    }
    const losesAdmin = !input.active || !input.roles.includes('admin');
    if (losesAdmin && parseRoles(existing.roles).includes('admin') && existing.active) {
      if ((await activeAdminCount(db, id)) === 0) {
        throw conflict('Não é possível remover o último administrador ativo.');
      }
    }
    const updated = await db.transaction().execute(async (trx) => {
      const row = await trx
        .updateTable('users')
        .set({
          name: input.name,
          email: input.email,
          search: searchText(input.name, input.email),
          roles: JSON.stringify(input.roles),
          active: input.active,
          updated_at: new Date().toISOString(),
          ...(input.password ? { password_digest: await hashPassword(input.password) } : {}),
        })
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirstOrThrow();
      // A deactivated user, a new password or a new e-mail (the uid) ends the user's sessions.
      if (!input.active || input.password || input.email !== existing.email) {
        await trx.deleteFrom('user_tokens').where('user_id', '=', id).execute();
      }
      return row;
    });
    return toApiUser(updated);
  });

  app.delete('/api/users/:id', { config: { access: access.write } }, async (request) => {
    const id = parseId((request.params as { id: string }).id);
    const existing = await findUser(db, id);
    if (!existing) throw notFound('Usuário não encontrado.');
    if (request.user?.id === id) throw conflict('Você não pode excluir o seu próprio usuário.');
    if (parseRoles(existing.roles).includes('admin') && (await activeAdminCount(db, id)) === 0) {
      throw conflict('Não é possível excluir o último administrador ativo.');
    }
    await db.deleteFrom('users').where('id', '=', id).execute();
    return toApiUser(existing);
  });
}
