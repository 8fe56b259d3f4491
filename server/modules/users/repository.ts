// The users repository: the queries /api/users, the auth routes, the guard and the CLI share.
import { randomBytes } from 'node:crypto';
import type { Kysely, Selectable } from 'kysely';
import { type Role, isRole } from '../../../domain/access.js';
import { searchText } from '../../../domain/search.js';
import type { Database, UsersTable } from '../../db/schema.js';
import { hashPassword } from '../auth/passwords.js';
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
