// The member list's filters (DESIGN §4: q plus field filters, _gte/_lte ranges), each
// shaped to use one of the indexes of migration 0003.
import type { SelectQueryBuilder } from 'kysely';
import { addYears, isIsoDate, todayIso } from '../../../domain/dates.js';
import { MAX_RECORD_ID } from '../../../domain/fields.js';
import { MARITAL_STATUSES, MEMBER_STATUSES, SEXES } from '../../../domain/members.js';
import { likePattern, searchWords } from '../../../domain/search.js';
import type { DialectHelpers } from '../../db/dialect.js';
import type { Database } from '../../db/schema.js';
import { badRequest } from '../../plugins/errors.js';
import { congregationFilterIds } from './scope.js';

type MembersQuery<O> = SelectQueryBuilder<Database, 'members', O>;

export const MEMBER_FILTERS = [
  'q',
  'name',
  'id',
  'congregation_id',
  'status',
  'position_id',
  'department_id',
  'sex',
  'marital_status',
  'birth_month',
  'age_gte',
  'age_lte',
  'admission_date_gte',
  'admission_date_lte',
  'has_photo',
] as const;

/** A whole number from 0 to `max` (by default an id's range: the column holds no larger one). */
function positiveInt(name: string, value: unknown, max = MAX_RECORD_ID): number {
  const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  if (typeof number !== 'number' || !Number.isInteger(number) || number < 0 || number > max) {
    throw badRequest(`Filtro ${name} inválido.`);
  }
  return number;
}

function oneOf<T extends string>(name: string, value: unknown, allowed: readonly T[]): T[] {
  const values = Array.isArray(value) ? value : [value];
  if (values.length === 0 || !values.every((v) => allowed.includes(v as T))) {
    throw badRequest(`Filtro ${name} inválido.`);
  }
  return values as T[];
}

/** A status filter's statuses ("active" or ["active","inactive"]); anything else is a 400. */
export const memberStatusesOf = (value: unknown) => oneOf('status', value, MEMBER_STATUSES);

function isoDate(name: string, value: unknown): string {
  if (!isIsoDate(value)) throw badRequest(`Filtro ${name} inválido: use AAAA-MM-DD.`);
  return value;
}

/**
 * The LIKE patterns of the `name` filter: every word must be in the member's name (sort_name).
 * The reduced record's search (projection.ts), which never matches CPF, e-mail or phones; beside
 * `q`, whose index finds the candidates, it only tests them.
 */
export function namePatterns(value: unknown): string[] {
  if (typeof value !== 'string') throw badRequest('Filtro name inválido.');
  return searchWords(value).map(likePattern);
}

/** Applies the filters; throws a Portuguese 400 on an unknown filter or a bad value. */
export function applyMemberFilters<O>(
  query: MembersQuery<O>,
  filter: Record<string, unknown>,
  dialect: DialectHelpers,
): MembersQuery<O> {
  const unknown = Object.keys(filter).filter(
    (key) => !(MEMBER_FILTERS as readonly string[]).includes(key),
  );
  if (unknown.length > 0) throw badRequest(`Filtro desconhecido: ${unknown.join(', ')}.`);
  // Only the age filters need today; todayIso builds an Intl formatter each call (~0.15 ms).
  let todayCache: string | undefined;
  const today = () => (todayCache ??= todayIso());

  for (const [key, value] of Object.entries(filter)) {
    if (value === undefined || value === null || value === '') continue;
    switch (key) {
      case 'q': {
        if (typeof value !== 'string') throw badRequest('Filtro q inválido.');
        const words = searchWords(value);
        if (words.length > 0) query = query.where(dialect.textSearch('members', 'search', words));
        break;
      }
      case 'name':
        for (const pattern of namePatterns(value)) {
          query = query.where('members.sort_name', 'like', pattern);
        }
        break;
      case 'id': {
        const ids = (Array.isArray(value) ? value : [value]).map((id) => positiveInt('id', id));
        query = query.where('members.id', 'in', ids.length > 0 ? ids : [0]);
        break;
      }
      case 'congregation_id': {
        // The list's congregations (scope.ts: the view narrowed by the filter; [] = none).
        const ids = Array.isArray(value) && value.length === 0 ? [] : congregationFilterIds(value);
        query = query.where('members.congregation_id', 'in', ids.length > 0 ? ids : [0]);
        break;
      }
      case 'status':
        query = query.where('members.status', 'in', memberStatusesOf(value));
        break;
      case 'position_id':
        query = query.where('members.position_id', '=', positiveInt(key, value));
        break;
      case 'department_id': {
        const departmentId = positiveInt(key, value);
        query = query.where('members.id', 'in', (eb) =>
          eb
            .selectFrom('member_departments')
            .select('member_departments.member_id')
            .where('member_departments.department_id', '=', departmentId),
        );
        break;
      }
      case 'sex':
        query = query.where('members.sex', 'in', oneOf(key, value, SEXES));
        break;
      case 'marital_status':
        query = query.where('members.marital_status', 'in', oneOf(key, value, MARITAL_STATUSES));
        break;
      case 'birth_month': {
        const month = positiveInt(key, value, 12);
        if (month < 1) throw badRequest('Filtro birth_month inválido.');
        query = query
          .where('members.birth_md', '>=', month * 100)
          .where('members.birth_md', '<', month * 100 + 100);
        break;
      }
      case 'age_gte':
        // At least N years old: born on or before today minus N years.
        query = query.where(
          'members.birth_date',
          '<=',
          addYears(today(), -positiveInt(key, value, 150)),
        );
        break;
      case 'age_lte':
        // At most N years old: born after today minus N+1 years.
        query = query.where(
          'members.birth_date',
          '>',
          addYears(today(), -positiveInt(key, value, 150) - 1),
        );
        break;
      case 'admission_date_gte':
        query = query.where('members.admission_date', '>=', isoDate(key, value));
        break;
      case 'admission_date_lte':
        query = query.where('members.admission_date', '<=', isoDate(key, value));
        break;
      case 'has_photo':
        if (typeof value !== 'boolean') throw badRequest('Filtro has_photo inválido.');
        query = query.where('members.has_photo', '=', value);
        break;
    }
  }
  return query;
}

/** Filters that narrow the list (the getMany `id` filter does not need a capped count). */
export function narrowsList(filter: Record<string, unknown>): boolean {
  return Object.entries(filter).some(
    ([key, value]) => key !== 'id' && value !== undefined && value !== null && value !== '',
  );
}
