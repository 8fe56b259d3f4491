// The members' side of the congregation scope (issue 12): a member belongs to one congregation;
// lists follow the view (the rights narrowed by the app bar's selection) and the explicit
// congregation_id filter inside it; a member outside the rights is a 404 to read, a 403 to change.
import { type Kysely, sql } from 'kysely';
import { recordIdOf } from '../../../domain/fields.js';
import type { Database } from '../../db/schema.js';
import { OUTSIDE_SCOPE, type Scope, ensureReadable } from '../../http/scope.js';
import { badRequest, forbidden, invalid, notFound } from '../../plugins/errors.js';

export const MEMBER_NOT_FOUND = 'Membro não encontrado.';

const present = (value: unknown) => value !== undefined && value !== null && value !== '';

/** The ids of a congregation_id filter (one id or an array); a bad value is a 400. */
export function congregationFilterIds(value: unknown): number[] {
  const values = Array.isArray(value) ? value : [value];
  const ids = values.map((item) => recordIdOf(item));
  if (values.length === 0 || ids.some((id) => id === null)) {
    throw badRequest('Filtro congregation_id inválido.');
  }
  return [...new Set(ids as number[])];
}

/**
 * The congregations a list shows: the view, narrowed by the filter's congregation_id (a filter
 * outside the view gives an empty list, not an error). null: the whole church, unfiltered.
 */
export function listCongregations(filter: Record<string, unknown>, view: Scope): Scope {
  const requested = present(filter.congregation_id)
    ? congregationFilterIds(filter.congregation_id)
    : null;
  if (requested === null) return view;
  return view === null ? requested : requested.filter((id) => view.includes(id));
}

/**
 * The filter with congregation_id replaced by the congregations the list shows (absent for the
 * whole church; [], matching nothing, when the filter and the view do not meet).
 */
export function scopedFilter(
  filter: Record<string, unknown>,
  view: Scope,
): Record<string, unknown> {
  const { congregation_id: _requested, ...rest } = filter;
  const ids = listCongregations(filter, view);
  return ids === null ? rest : { ...rest, congregation_id: [...ids] };
}

/** A member's congregation, or 404 when the member does not exist or is outside `rights`. */
export async function memberCongregation(
  db: Kysely<Database>,
  id: number,
  rights: Scope,
  message = MEMBER_NOT_FOUND,
): Promise<number> {
  const row = await db
    .selectFrom('members')
    .select('congregation_id')
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) throw notFound(message);
  ensureReadable(rights, row.congregation_id);
  return row.congregation_id;
}

/** Why a member may not be filed in this congregation (unknown or inactive), or null. */
export async function congregationProblem(
  db: Kysely<Database>,
  id: number,
): Promise<string | null> {
  const row = await db
    .selectFrom('congregations')
    .select('active')
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) return 'Congregação não encontrada.';
  if (!row.active) return 'Esta congregação está inativa: escolha uma congregação ativa.';
  return null;
}

/** A congregation a record may be filed in: it exists and is active (422 otherwise). */
export async function assertActiveCongregation(
  db: Kysely<Database>,
  id: number,
  field = 'congregation_id',
): Promise<void> {
  const problem = await congregationProblem(db, id);
  if (problem) throw invalid({ [field]: problem });
}

/** The names of these congregations, by id (a few hundred rows at most). */
export async function congregationNames(
  db: Kysely<Database>,
  ids: Iterable<number>,
): Promise<Map<number, string>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await db
    .selectFrom('congregations')
    .select(['id', 'name'])
    .where('id', 'in', unique)
    .execute();
  return new Map(rows.map((row) => [row.id, row.name]));
}

/** Rows with their congregation's name beside its id. */
export async function withCongregationNames<T extends { congregation_id: number }>(
  db: Kysely<Database>,
  rows: T[],
): Promise<Array<T & { congregation_name: string }>> {
  const names = await congregationNames(
    db,
    rows.map((row) => row.congregation_id),
  );
  return rows.map((row) => ({ ...row, congregation_name: names.get(row.congregation_id) ?? '' }));
}

/**
 * `query` limited to rows whose member (`memberColumn`, e.g. 'credentials.member_id') belongs to
 * a congregation of `scope`: records without a congregation of their own follow their member's.
 */
export function throughMember<Q extends { where: (...args: never[]) => unknown }>(
  query: Q,
  memberColumn: string,
  scope: Scope,
): Q {
  if (scope === null) return query;
  const ids = scope.length > 0 ? scope : [0];
  return (query as unknown as { where(expression: unknown): Q }).where(
    sql<boolean>`${sql.ref(memberColumn)} in (select members.id from members where members.congregation_id in (${sql.join(ids)}))`,
  );
}

/**
 * The congregation of the member a write is about: 403 outside the rights. A missing member is
 * left to the caller's own answer (422 "Membro não encontrado." in a body).
 */
export async function ensureMemberWritable(
  db: Kysely<Database>,
  memberIds: readonly number[],
  rights: Scope,
): Promise<void> {
  if (rights === null || memberIds.length === 0) return;
  const outside = await db
    .selectFrom('members')
    .select('id')
    .where('id', 'in', [...memberIds])
    .where('congregation_id', 'not in', rights.length > 0 ? [...rights] : [0])
    .limit(1)
    .executeTakeFirst();
  if (outside) throw forbidden(OUTSIDE_SCOPE);
}
