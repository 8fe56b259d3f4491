// Staff users: the admin-only /api/users resource and the queries auth and the CLI share.
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Kysely, Selectable } from 'kysely';
import { type Role, isRole } from '../../domain/access.js';
import { resourceByApi } from '../../domain/resources.js';
import { userCreateSchema, userUpdateSchema } from '../../domain/users.js';
import { fieldErrors } from '../../domain/validation.js';
import { hashPassword } from '../auth/passwords.js';
import type { Database, UsersTable } from '../db/schema.js';
import { badRequest, conflict, invalid, notFound } from '../http/errors.js';
import { parseId, parseListParams, sendList } from '../http/simpleRest.js';
import { likePattern, searchText } from '../../domain/search.js';

export interface ApiUser {
  id: number;
  name: string;
  email: string;
  uid: string;
  provider: 'email';
  roles: Role[];
  active: boolean;
  created_at: string;
  updated_at: string;
}

export function parseRoles(text: string): Role[] {
  try {
    const roles: unknown = JSON.parse(text);
    return Array.isArray(roles) ? roles.filter(isRole) : [];
  } catch {
    return [];
  }
}

export function toApiUser(row: Selectable<UsersTable>): ApiUser {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    uid: row.email,
    provider: 'email',
    roles: parseRoles(row.roles),
    active: Boolean(row.active),
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

export function findUserByEmail(db: Kysely<Database>, email: string) {
  return db
    .selectFrom('users')
    .selectAll()
    .where('email', '=', email.trim().toLowerCase())
    .executeTakeFirst();
}

export function findUser(db: Kysely<Database>, id: number) {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function insertUser(
  db: Kysely<Database>,
  user: { name: string; email: string; password: string; roles: Role[]; active?: boolean },
): Promise<ApiUser> {
  const now = new Date().toISOString();
  const row = await db
    .insertInto('users')
    .values({
      name: user.name,
      email: user.email.trim().toLowerCase(),
      search: searchText(user.name, user.email),
      password_digest: await hashPassword(user.password),
      roles: JSON.stringify(user.roles),
      active: user.active ?? true,
      created_at: now,
      updated_at: now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return toApiUser(row);
}

export async function setUserPassword(db: Kysely<Database>, id: number, password: string) {
  await db
    .updateTable('users')
    .set({ password_digest: await hashPassword(password), updated_at: new Date().toISOString() })
    .where('id', '=', id)
    .execute();
}

export function generatePassword(): string {
  return randomBytes(12).toString('base64url');
}

const SORTABLE = ['id', 'name', 'email', 'active', 'created_at'] as const;
const FILTERS = ['q', 'id', 'active', 'role'];

async function emailTaken(db: Kysely<Database>, email: string, exceptId?: number) {
  let query = db.selectFrom('users').select('id').where('email', '=', email);
  if (exceptId) query = query.where('id', '!=', exceptId);
  return Boolean(await query.executeTakeFirst());
}

async function activeAdminCount(db: Kysely<Database>, exceptId: number) {
  const rows = await db
    .selectFrom('users')
    .select(['id', 'roles'])
    .where('active', '=', true)
    .where('id', '!=', exceptId)
    .execute();
  return rows.filter((row) => parseRoles(row.roles).includes('admin')).length;
}

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
