// The users repository: the queries /api/users, the auth routes, the guard and the CLI share.
import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { type Role, isRole } from '../../../domain/access.js';
import { parseCongregationIds } from '../../../domain/congregations.js';
import { likePattern, searchText } from '../../../domain/search.js';
import { requiresTwoFactor } from '../../../domain/twoFactor.js';
import { ADMIN_WHOLE_CHURCH, type UserCreate, userUpdateSchema } from '../../../domain/users.js';
import type { Database, User } from '../../db/schema.js';
import { applyFilters, pageOf, textFilter, totalOf } from '../../http/listFilters.js';
import type { ListParams } from '../../http/simpleRest.js';
import { badRequest, conflict, invalid, notFound, validated } from '../../plugins/errors.js';
import { type Actor, audit } from '../../audit/trail.js';
import { hashPassword } from '../../auth/passwords.js';

export interface ApiUser {
  id: number;
  name: string;
  email: string;
  uid: string;
  provider: 'email';
  roles: Role[];
  /** The congregations the user is limited to; [] = the whole church (issue 12). */
  congregation_ids: number[];
  active: boolean;
  /** A second factor is in force (issue 22); the secret itself never leaves the server. */
  two_factor_enabled: boolean;
  /** The member the user is (a líder's, issue 26); null for the office's users. */
  member_id: number | null;
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

export function toApiUser(row: User): ApiUser {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    uid: row.email,
    provider: 'email',
    roles: parseRoles(row.roles),
    congregation_ids: parseCongregationIds(row.congregation_ids),
    active: Boolean(row.active),
    two_factor_enabled: row.two_factor_enabled_at !== null,
    member_id: row.member_id ?? null,
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
  user: {
    name: string;
    email: string;
    password: string;
    roles: Role[];
    active?: boolean;
    congregation_ids?: number[];
    member_id?: number | null;
  },
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
      congregation_ids: JSON.stringify(user.congregation_ids ?? []),
      member_id: user.member_id ?? null,
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

/** A user's change of their own password, and its entry in the trail: one transaction. */
export async function changeOwnPassword(
  db: Kysely<Database>,
  actor: Actor,
  id: number,
  password: string,
) {
  await db.transaction().execute(async (trx) => {
    await setUserPassword(trx, id, password);
    await audit(trx, actor, { action: 'password_change', resource: 'users', record_id: id });
  });
}

export function generatePassword(): string {
  return randomBytes(12).toString('base64url');
}

export async function emailTaken(db: Kysely<Database>, email: string, exceptId?: number) {
  let query = db.selectFrom('users').select('id').where('email', '=', email);
  if (exceptId) query = query.where('id', '!=', exceptId);
  return Boolean(await query.executeTakeFirst());
}

export async function activeAdminCount(db: Kysely<Database>, exceptId: number) {
  const rows = await db
    .selectFrom('users')
    .select(['id', 'roles'])
    .where('active', '=', true)
    .where('id', '!=', exceptId)
    .execute();
  return rows.filter((row) => parseRoles(row.roles).includes('admin')).length;
}

export const USER_SORTS = ['id', 'name', 'email', 'active', 'created_at'] as const;

export async function listUsers(db: Kysely<Database>, { sort, range, filter }: ListParams) {
  const query = applyFilters(db.selectFrom('users'), filter, {
    q: (listed, value) => {
      const text = textFilter(value, 'q').trim();
      return text ? listed.where('search', 'like', likePattern(searchText(text))) : listed;
    },
    id: 'ids',
    active: 'bool',
    role: (listed, value) => {
      if (!isRole(value)) throw badRequest('Filtro role inválido.');
      return listed.where('roles', 'like', `%"${value}"%`);
    },
  });
  const [rows, total] = await Promise.all([
    pageOf(query.selectAll(), sort.field, sort, range).execute(),
    totalOf(db, query.select('id')),
  ]);
  return { rows: rows.map(toApiUser), total };
}

const EMAIL_TAKEN = { email: 'Já existe um usuário com este e-mail.' };

/**
 * The rules of a user's congregations that need the database: an admin sees the whole church
 * (none listed), and every congregation listed exists. Field errors, or nothing.
 */
async function scopeErrors(
  db: Kysely<Database>,
  roles: readonly Role[],
  ids: readonly number[],
): Promise<Record<string, string>> {
  if (ids.length === 0) return {};
  if (roles.includes('admin')) return { congregation_ids: ADMIN_WHOLE_CHURCH };
  const found = await db.selectFrom('congregations').select('id').where('id', 'in', ids).execute();
  return found.length === ids.length
    ? {}
    : { congregation_ids: 'Congregação não encontrada: escolha entre as cadastradas.' };
}

/** The member a user is: one that exists, not already another user's. Field errors, or nothing. */
async function memberErrors(
  db: Kysely<Database>,
  memberId: number | null,
  exceptId?: number,
): Promise<Record<string, string>> {
  if (memberId === null) return {};
  const member = await db
    .selectFrom('members')
    .select('id')
    .where('id', '=', memberId)
    .where('status', '!=', 'pending')
    .executeTakeFirst();
  if (!member) return { member_id: 'Membro não encontrado: escolha entre os cadastrados.' };
  let taken = db.selectFrom('users').select('id').where('member_id', '=', memberId);
  if (exceptId) taken = taken.where('id', '!=', exceptId);
  return (await taken.executeTakeFirst()) ? { member_id: 'Este membro já tem um usuário.' } : {};
}

export async function createUser(db: Kysely<Database>, input: UserCreate, actor: Actor) {
  const errors = {
    ...(await scopeErrors(db, input.roles, input.congregation_ids)),
    ...(await memberErrors(db, input.member_id)),
    ...((await emailTaken(db, input.email)) ? EMAIL_TAKEN : {}),
  };
  if (Object.keys(errors).length > 0) throw invalid(errors);
  return db.transaction().execute(async (trx) => {
    const user = await insertUser(trx, input);
    await audit(trx, actor, {
      action: 'create',
      resource: 'users',
      record_id: user.id,
      after: user,
    });
    return user;
  });
}

/** A partial update, validated merged with the stored user; the last active admin stays one. */
export async function updateUser(
  db: Kysely<Database>,
  id: number,
  changes: Record<string, unknown>,
  actor: Actor,
) {
  const existing = await findUser(db, id);
  if (!existing) throw notFound('Usuário não encontrado.');
  const input = validated(userUpdateSchema, { ...toApiUser(existing), ...changes });
  const errors = {
    ...(await scopeErrors(db, input.roles, input.congregation_ids)),
    ...(await memberErrors(db, input.member_id, id)),
    ...((await emailTaken(db, input.email, id)) ? EMAIL_TAKEN : {}),
  };
  if (Object.keys(errors).length > 0) throw invalid(errors);
  const losesAdmin = !input.active || !input.roles.includes('admin');
  if (losesAdmin && parseRoles(existing.roles).includes('admin') && existing.active) {
    if ((await activeAdminCount(db, id)) === 0) {
      throw conflict('Não é possível remover o último administrador ativo.');
    }
  }
  // A user who now holds a role the church may require a second factor of gets a full grace
  // period to enrol from today, not from the day the account was made.
  const gainsTwoFactorRole =
    requiresTwoFactor(input.roles) && !requiresTwoFactor(parseRoles(existing.roles));
  const updated = await db.transaction().execute(async (trx) => {
    const row = await trx
      .updateTable('users')
      .set({
        ...(gainsTwoFactorRole ? { two_factor_grace_from: new Date().toISOString() } : {}),
        name: input.name,
        email: input.email,
        search: searchText(input.name, input.email),
        roles: JSON.stringify(input.roles),
        congregation_ids: JSON.stringify(input.congregation_ids),
        member_id: input.member_id,
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
    // Never the password: only that an administrator set a new one.
    await audit(trx, actor, {
      action: 'update',
      resource: 'users',
      record_id: id,
      before: toApiUser(existing),
      after: { ...toApiUser(row), ...(input.password ? { password_reset: true } : {}) },
    });
    return row;
  });
  return toApiUser(updated);
}

export async function deleteUser(db: Kysely<Database>, id: number, actor: Actor) {
  const existing = await findUser(db, id);
  if (!existing) throw notFound('Usuário não encontrado.');
  if (actor.user_id === id) throw conflict('Você não pode excluir o seu próprio usuário.');
  if (parseRoles(existing.roles).includes('admin') && (await activeAdminCount(db, id)) === 0) {
    throw conflict('Não é possível excluir o último administrador ativo.');
  }
  const user = toApiUser(existing);
  await db.transaction().execute(async (trx) => {
    // Two deletes at once: the one that finds the row already gone answers 404.
    const deleted = await trx.deleteFrom('users').where('id', '=', id).executeTakeFirst();
    if (Number(deleted.numDeletedRows) !== 1) throw notFound('Usuário não encontrado.');
    await audit(trx, actor, { action: 'delete', resource: 'users', record_id: id, before: user });
  });
  return user;
}
