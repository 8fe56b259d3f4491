// Reading the simple-rest filters of a list (unknown fields and malformed values are a 400 in
// Portuguese, never a 500; empty values mean "no filter") and cutting its pages.
import { type QueryExecutorProvider, type SelectQueryBuilder, sql } from 'kysely';
import { isIsoDate } from '../../domain/dates.js';
import { recordIdOf } from '../../domain/fields.js';
import { cappedCount } from '../db/count.js';
import { seek } from '../db/keyset.js';
import { badRequest } from '../plugins/errors.js';
import type { ListParams } from './simpleRest.js';

/** The filter's non-empty values, after refusing fields the list does not know. */
export function filtersOf(
  filter: Record<string, unknown>,
  known: readonly string[],
): Record<string, unknown> {
  const unknown = Object.keys(filter).filter((key) => !known.includes(key));
  if (unknown.length > 0) throw badRequest(`Filtro desconhecido: ${unknown.join(', ')}.`);
  return Object.fromEntries(
    Object.entries(filter).filter(
      ([, value]) =>
        value !== undefined &&
        value !== null &&
        value !== '' &&
        !(Array.isArray(value) && value.length === 0),
    ),
  );
}

export function dateFilter(value: unknown, name: string): string {
  if (!isIsoDate(value)) throw badRequest(`Filtro ${name}: use uma data AAAA-MM-DD.`);
  return value;
}

export function idFilter(value: unknown, name: string): number {
  const id = recordIdOf(value);
  if (id === null) throw badRequest(`Filtro ${name} inválido.`);
  return id;
}

/** `{id: [1, 2]}` (getMany) or `{id: 1}`. */
export function idsFilter(value: unknown): number[] {
  return (Array.isArray(value) ? value : [value]).map((id) => idFilter(id, 'id'));
}

export function choiceFilter<T extends string>(
  value: unknown,
  name: string,
  choices: readonly T[],
): T {
  if (typeof value !== 'string' || !choices.includes(value as T)) {
    throw badRequest(`Filtro ${name} inválido.`);
  }
  return value as T;
}

/**
 * A text filter (the search `q`): a string, or a number typed as one. Anything else is a 400:
 * String() of an object without a callable toString would throw (a 500 the fuzz test found).
 */
export function textFilter(value: unknown, name: string): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  throw badRequest(`Filtro ${name} inválido.`);
}

export function boolFilter(value: unknown, name: string): boolean {
  if (value === true || value === 'true' || value === 1) return true;
  if (value === false || value === 'false' || value === 0) return false;
  throw badRequest(`Filtro ${name} inválido.`);
}

/** `0`/`1` or `false`/`true` as the API answers: a boolean. */
export const asBool = (value: unknown) => value === true || value === 1;

/**
 * How a list reads one filter field: `ids` the getMany `id` (one id or a list), `reference` a
 * positive id equal to the column of that name, `from`/`to` a date on the column the name ends
 * `_gte`/`_lte` on, `bool` true/false on that column, a list of choices one of them, or a
 * function for the rest (free text, derived conditions).
 */
export type FilterRule<Q> =
  | 'ids'
  | 'reference'
  | 'from'
  | 'to'
  | 'bool'
  | readonly string[]
  | ((query: Q, value: unknown) => Q);

/** A list's filters on `query`, in the request's order; unknown or bad ones are a 400. */
export function applyFilters<DB, TB extends keyof DB, O>(
  query: SelectQueryBuilder<DB, TB, O>,
  filter: Record<string, unknown>,
  rules: Record<string, FilterRule<SelectQueryBuilder<DB, TB, O>>>,
): SelectQueryBuilder<DB, TB, O> {
  let filtered = query;
  for (const [key, value] of Object.entries(filtersOf(filter, Object.keys(rules)))) {
    const rule = rules[key];
    if (typeof rule === 'function') {
      filtered = rule(filtered, value);
      continue;
    }
    if (typeof rule === 'object') {
      filtered = filtered.where(sql.ref(key), '=', choiceFilter(value, key, rule));
      continue;
    }
    switch (rule) {
      case 'ids':
        filtered = filtered.where(sql.ref('id'), 'in', idsFilter(value));
        break;
      case 'reference':
        filtered = filtered.where(sql.ref(key), '=', idFilter(value, key));
        break;
      case 'from':
        filtered = filtered.where(sql.ref(key.slice(0, -4)), '>=', dateFilter(value, key));
        break;
      case 'to':
        filtered = filtered.where(sql.ref(key.slice(0, -4)), '<=', dateFilter(value, key));
        break;
      case 'bool':
        filtered = filtered.where(sql.ref(key), '=', boolFilter(value, key));
        break;
    }
  }
  return filtered;
}

/**
 * How a list kept in memory (the small tables, smallTableStore.ts) reads one filter field: the
 * rules above on the record's field of that name, or a test of the record for the rest.
 */
export type RecordFilterRule<R> =
  'ids' | 'reference' | 'bool' | readonly string[] | ((record: R, value: unknown) => boolean);

/**
 * The same filters on records already read: a test each record must pass; unknown or bad ones
 * are a 400, every value read before any record is tested.
 */
export function recordFilter<R extends Record<string, unknown>>(
  filter: Record<string, unknown>,
  rules: Record<string, RecordFilterRule<R>>,
): (record: R) => boolean {
  const tests = Object.entries(filtersOf(filter, Object.keys(rules))).map(
    ([key, value]): ((record: R) => boolean) => {
      const rule = rules[key];
      if (typeof rule === 'function') return (record) => rule(record, value);
      if (typeof rule === 'object') {
        const choice = choiceFilter(value, key, rule);
        return (record) => record[key] === choice;
      }
      switch (rule) {
        case 'ids': {
          const ids = idsFilter(value);
          return (record) => ids.includes(record.id as number);
        }
        case 'reference': {
          const id = idFilter(value, key);
          return (record) => record[key] === id;
        }
        case 'bool': {
          const wanted = boolFilter(value, key);
          return (record) => asBool(record[key]) === wanted;
        }
      }
    },
  );
  return (record) => tests.every((test) => test(record));
}

/** A list's page: sorted by `column`, ties by id in the same direction, then cut at `range`. */
export function pageOf<DB, TB extends keyof DB, O>(
  query: SelectQueryBuilder<DB, TB, O>,
  column: string,
  sort: ListParams['sort'],
  range: ListParams['range'],
): SelectQueryBuilder<DB, TB, O> {
  const columns = column === 'id' ? ['id'] : [column, 'id'];
  return seek(query, columns, sort.order, undefined, range.limit).offset(range.offset);
}

/**
 * A list's total, the one way lists count: `query` selects one column of the rows the filters
 * let through. Without a cap every row counts (the small tables); a list that grows large
 * (members, movements) passes its page's range and counts up to the page's cap (db/count.ts).
 */
export async function totalOf<DB, TB extends keyof DB, O>(
  db: QueryExecutorProvider,
  query: SelectQueryBuilder<DB, TB, O>,
  cap?: ListParams['range'],
): Promise<number> {
  if (cap) return cappedCount(db, query, cap);
  const { rows } = await sql<{
    total: number | string;
  }>`select count(*) as total from (${query}) as listed`.execute(db);
  return Number(rows[0]?.total ?? 0);
}

/**
 * The total of a page already read (`rows` of it): a page shorter than its range ended the list,
 * so the total is its offset plus its rows and nothing is counted again (a sparse list walked to
 * its end once, not twice); a full page, or one past the end, counts as totalOf (capped).
 */
export async function totalAfterPage<DB, TB extends keyof DB, O>(
  db: QueryExecutorProvider,
  query: SelectQueryBuilder<DB, TB, O>,
  range: ListParams['range'],
  rows: number,
): Promise<number> {
  if (rows < range.limit && (rows > 0 || range.offset === 0)) return range.offset + rows;
  return totalOf(db, query, range);
}

/**
 * A page's records in the page's order: `ids` as the sorted, cut query answered them, each
 * record loaded (with what it joins) by `load` in any order.
 */
export async function inPageOrder<T extends { id: number }>(
  ids: ReadonlyArray<{ id: number }>,
  load: (ids: number[]) => Promise<T[]>,
): Promise<T[]> {
  if (ids.length === 0) return [];
  const byId = new Map((await load(ids.map((row) => row.id))).map((record) => [record.id, record]));
  return ids.map((row) => byId.get(row.id)!);
}
