// The congregation filter of the reports and the accountant's CSV (issue 27): `congregation_id`
// (one id or a list) and `include_subtree` (true: each congregation with every congregation below
// it — a sede with its subsedes and theirs), always inside the request's view. No filter: the
// whole view (the consolidated report of the user's scope).
import type { Kysely } from 'kysely';
import { recordIdOf } from '../../domain/fields.js';
import type { Database } from '../db/schema.js';
import { badRequest } from '../plugins/errors.js';
import type { Scope } from './scope.js';

/** The filter every report takes: `congregation_id` (one id or a list), or undefined. */
export function congregationFilter(value: unknown): number[] | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  const values = Array.isArray(value) ? value : [value];
  const ids = values.map(recordIdOf);
  if (values.length === 0 || ids.some((id) => id === null)) {
    throw badRequest('Filtro congregation_id inválido: use o número de uma congregação.');
  }
  return [...new Set(ids as number[])];
}

/**
 * The view narrowed by a congregation filter: only the filtered congregations the view holds
 * (none of them: an empty scope, so an empty report — a filter is not an error).
 */
export function narrowScope(view: Scope, ids: number[] | undefined): Scope {
  if (ids === undefined) return view;
  return view === null ? ids : ids.filter((id) => view.includes(id));
}

/** `include_subtree`: true or false (a query string's 'true'/'false'), absent = false. */
export function subtreeFilter(value: unknown): boolean {
  if (value === undefined || value === null || value === '') return false;
  if (value === true || value === 'true') return true;
  if (value === false || value === 'false') return false;
  throw badRequest('Filtro include_subtree inválido: use true ou false.');
}

/** `ids` and every congregation below them (parent_id), in any depth. */
async function withDescendants(db: Kysely<Database>, ids: number[]): Promise<number[]> {
  const rows = await db.selectFrom('congregations').select(['id', 'parent_id']).execute();
  const children = new Map<number, number[]>();
  for (const row of rows) {
    if (row.parent_id === null) continue;
    const list = children.get(row.parent_id) ?? children.set(row.parent_id, []).get(row.parent_id)!;
    list.push(row.id);
  }
  const found = new Set(ids);
  const queue = [...ids];
  while (queue.length > 0) {
    for (const child of children.get(queue.pop()!) ?? []) {
      if (!found.has(child)) {
        found.add(child);
        queue.push(child);
      }
    }
  }
  return [...found];
}

/** The congregations a report covers: the view narrowed by the filter (with sub-trees). */
export async function reportScope(
  db: Kysely<Database>,
  view: Scope,
  filter: { congregation_id?: unknown; include_subtree?: unknown },
): Promise<Scope> {
  const ids = congregationFilter(filter.congregation_id);
  const subtree = subtreeFilter(filter.include_subtree);
  if (ids === undefined || !subtree) return narrowScope(view, ids);
  return narrowScope(view, await withDescendants(db, ids));
}
