// GET /api/families: the households the user's congregations hold, with how many people each has
// (the registry's list, for references and a search by the family's name).
import { type Kysely, sql } from 'kysely';
import { likePattern } from '../../../domain/search.js';
import type { Database } from '../../db/schema.js';
import { applyFilters, idsFilter, pageOf, textFilter, totalOf } from '../../http/listFilters.js';
import type { ListParams } from '../../http/simpleRest.js';
import { type Scope, inScope } from '../../http/scope.js';
import { listCongregations } from '../members/index.js';

export const FAMILY_SORTS = { id: 'id', name: 'name' } as const;

export async function listFamilies(
  db: Kysely<Database>,
  { sort, range, filter }: ListParams,
  view: Scope,
) {
  const query = applyFilters(
    inScope(db.selectFrom('families'), 'families.congregation_id', listCongregations(filter, view)),
    filter,
    {
      congregation_id: (applied) => applied, // by listCongregations above
      id: (listed, value) => listed.where('families.id', 'in', idsFilter(value)),
      q: (listed, value) => {
        const text = textFilter(value, 'q').trim().toLowerCase();
        return text ? listed.where(sql`lower(families.name)`, 'like', likePattern(text)) : listed;
      },
    },
  );
  const column = FAMILY_SORTS[sort.field as keyof typeof FAMILY_SORTS];
  const [rows, total] = await Promise.all([
    pageOf(
      query
        .select([
          'families.id',
          'families.name',
          'families.congregation_id',
          'families.city',
          'families.state',
        ])
        // Subqueries, not joins: the page's tie-break is the bare `id`.
        .select((eb) => [
          eb
            .selectFrom('congregations')
            .whereRef('congregations.id', '=', 'families.congregation_id')
            .select('congregations.name')
            .as('congregation_name'),
          eb
            .selectFrom('family_people')
            .whereRef('family_people.family_id', '=', 'families.id')
            .select(eb.fn.countAll<number>().as('count'))
            .as('people_count'),
        ]),
      column,
      sort,
      range,
    ).execute(),
    totalOf(db, query.select('families.id')),
  ]);
  return { rows: rows.map((row) => ({ ...row, people_count: Number(row.people_count) })), total };
}
