// Congregation scope (issue 12), enforced by the server on every route as roles are:
// - a user's rights: the congregations of users.congregation_ids, or the whole church ([]);
// - the view: the rights narrowed by the app bar's selection (header X-Congregation), which
//   every list, count, export, report and dashboard follows.
// A record outside the rights is a 404 to read and a 403 to change; the view never widens them.
import type { FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import {
  CHURCH_WIDE_SETTINGS,
  WHOLE_CHURCH_NOTE,
  changesChurchWide,
  churchWideRefusal,
  limitedOutOf,
} from '../../domain/access.js';
import { ALL_CONGREGATIONS, CONGREGATION_HEADER } from '../../domain/congregations.js';
import { recordIdOf } from '../../domain/fields.js';
import { badRequest, forbidden, notFound } from '../plugins/errors.js';

/** The congregation ids a request may see, or null for the whole church. */
export type Scope = readonly number[] | null;

export const OUTSIDE_SCOPE = 'Você não tem acesso a esta congregação.';

/** A record of another congregation: not named, but not "does not exist" either. */
export const OUTSIDE_READ = 'Este registro está fora das suas congregações.';

/** The congregations the signed-in user may touch (null: the whole church). */
export function rightsOf(request: FastifyRequest): Scope {
  const ids = request.user?.congregation_ids ?? [];
  return ids.length === 0 ? null : ids;
}

/**
 * The congregations lists, counts, exports, reports and dashboards show: the rights narrowed by
 * the X-Congregation header. A selection outside the rights is a 403, a malformed one a 400.
 */
export function viewOf(request: FastifyRequest): Scope {
  const rights = rightsOf(request);
  const header = request.headers[CONGREGATION_HEADER];
  const value = (Array.isArray(header) ? header[header.length - 1] : header)?.trim() ?? '';
  if (value === '' || value === ALL_CONGREGATIONS) return rights;
  const id = recordIdOf(value);
  if (id === null) throw badRequest('Congregação selecionada inválida.');
  if (rights !== null && !rights.includes(id)) throw forbidden(OUTSIDE_SCOPE);
  return [id];
}

/** Whether a record of `congregationId` (null: church-wide) is inside `scope` for reading. */
export function canRead(scope: Scope, congregationId: number | null): boolean {
  return scope === null || congregationId === null || scope.includes(congregationId);
}

/** Whether a record of `congregationId` (null: church-wide) may be changed under `scope`. */
export function canWrite(scope: Scope, congregationId: number | null): boolean {
  return scope === null || (congregationId !== null && scope.includes(congregationId));
}

/** A record outside the rights does not exist for the reader: 404. */
export function ensureReadable(scope: Scope, congregationId: number | null): void {
  if (!canRead(scope, congregationId)) throw notFound(OUTSIDE_READ);
}

/** Changing a record outside the rights, or putting one there: 403. */
export function ensureWritable(scope: Scope, congregationId: number | null): void {
  if (!canWrite(scope, congregationId)) throw forbidden(OUTSIDE_SCOPE);
}

/**
 * `query` limited to rows whose `column` (e.g. 'members.congregation_id') is in `scope`; the
 * whole church (null) adds nothing. `orChurchWide` also keeps rows whose column is NULL
 * (church-wide departments).
 */
export function inScope<Q extends { where: (...args: never[]) => unknown }>(
  query: Q,
  column: string,
  scope: Scope,
  options: { orChurchWide?: boolean } = {},
): Q {
  if (scope === null) return query;
  const ids = scope.length > 0 ? scope : [0];
  const ref = sql.ref(column);
  const condition = options.orChurchWide
    ? sql<boolean>`(${ref} in (${sql.join(ids)}) or ${ref} is null)`
    : sql<boolean>`${ref} in (${sql.join(ids)})`;
  return (query as unknown as { where(expression: unknown): Q }).where(condition);
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/**
 * A write to `resource` that would change a church-wide setting (domain/access.ts
 * CHURCH_WIDE_SETTINGS: `before` and `after` differ in one of its fields, or the whole resource
 * is) by a user who is no admin of the whole church: 403 naming the settings (issue 22). A
 * change to a whole-church resource (WHOLE_CHURCH_RESOURCES: the church's data) by a user
 * limited to congregations, whatever it changes: 403 (issue 24).
 */
export function ensureChurchWide(
  request: FastifyRequest,
  resource: string,
  before: Record<string, unknown>,
  after: Record<string, unknown>,
): void {
  const fields = CHURCH_WIDE_SETTINGS[resource];
  const changed = !fields
    ? []
    : fields === 'all'
      ? [resource]
      : fields.filter((field) => !same(before[field], after[field]));
  const { roles, congregation_ids: congregations } = request.user ?? {};
  if (changed.length > 0 && !changesChurchWide(roles, congregations)) {
    throw forbidden(churchWideRefusal(changed));
  }
  // The whole church's own record (issue 24): no write of it (even one changing nothing would
  // confirm the cards' validity) by a user limited to congregations.
  if (limitedOutOf(resource, congregations)) throw forbidden(WHOLE_CHURCH_NOTE);
}
