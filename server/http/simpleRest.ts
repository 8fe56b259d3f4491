// The ra-data-simple-rest query protocol: sort=["field","ASC"], range=[0,24], filter={...},
// answered with an array and `Content-Range: <resource> 0-24/319`.
import type { FastifyReply } from 'fastify';
import { badRequest } from '../plugins/errors.js';
import { TOO_DEEP, parseClientJson } from '../plugins/input.js';

export interface ListParams {
  sort: { field: string; order: 'asc' | 'desc' };
  range: { offset: number; limit: number };
  filter: Record<string, unknown>;
}

export const MAX_PAGE_SIZE = 1000;

/**
 * Fields every list sorts by, whatever it declares: react-admin's `<List>` without a `sort`
 * prop asks for `["id","ASC"]` (and the column header toggles it to DESC).
 */
export const ALWAYS_SORTABLE = ['id'] as const;

function parseJson(name: string, text: unknown): unknown {
  if (text === undefined) return undefined;
  if (typeof text !== 'string') throw badRequest(`Parâmetro ${name} inválido.`);
  return parseClientJson(text, {
    malformed: `Parâmetro ${name} inválido: JSON malformado.`,
    tooDeep: `Parâmetro ${name} inválido: ${TOO_DEEP}.`,
    nul: `Parâmetro ${name} inválido: caractere nulo.`,
  });
}

/** A row offset or index: a whole number from 0 that the databases take (no 1e20). */
const isOffset = (value: unknown): value is number =>
  typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;

export function parseListParams(
  query: Record<string, unknown>,
  options: { sortable: readonly string[]; defaultSort: ListParams['sort'] },
): ListParams {
  const sortValue = parseJson('sort', query.sort);
  let sort = options.defaultSort;
  if (sortValue !== undefined) {
    if (
      !Array.isArray(sortValue) ||
      sortValue.length !== 2 ||
      typeof sortValue[0] !== 'string' ||
      typeof sortValue[1] !== 'string' ||
      !['ASC', 'DESC'].includes(sortValue[1].toUpperCase())
    ) {
      throw badRequest('Parâmetro sort inválido: use ["campo","ASC"] ou ["campo","DESC"].');
    }
    const field: string = sortValue[0];
    if (
      !options.sortable.includes(field) &&
      !(ALWAYS_SORTABLE as readonly string[]).includes(field)
    ) {
      throw badRequest(`Não é possível ordenar por "${sortValue[0]}".`);
    }
    sort = { field: sortValue[0], order: sortValue[1].toLowerCase() as 'asc' | 'desc' };
  }

  const rangeValue = parseJson('range', query.range);
  let range = { offset: 0, limit: 25 };
  if (rangeValue !== undefined) {
    if (
      !Array.isArray(rangeValue) ||
      rangeValue.length !== 2 ||
      !rangeValue.every(isOffset) ||
      rangeValue[1] < rangeValue[0]
    ) {
      throw badRequest('Parâmetro range inválido: use [início,fim].');
    }
    const limit = rangeValue[1] - rangeValue[0] + 1;
    if (limit > MAX_PAGE_SIZE) {
      throw badRequest(`No máximo ${MAX_PAGE_SIZE} registros por página.`);
    }
    range = { offset: rangeValue[0], limit };
  }

  const filterValue = parseJson('filter', query.filter) ?? {};
  if (typeof filterValue !== 'object' || filterValue === null || Array.isArray(filterValue)) {
    throw badRequest('Parâmetro filter inválido: use um objeto JSON.');
  }
  return { sort, range, filter: filterValue as Record<string, unknown> };
}

export function sendList<T>(
  reply: FastifyReply,
  resource: string,
  offset: number,
  rows: T[],
  total: number,
): T[] {
  const rangeText = rows.length > 0 ? `${offset}-${offset + rows.length - 1}` : '*';
  reply.header('Content-Range', `${resource} ${rangeText}/${total}`);
  return rows;
}
