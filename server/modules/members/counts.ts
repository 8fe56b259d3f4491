// Members per congregation and status, kept by the triggers of migration 0011 (member_counts):
// the registry's total and the dashboard's figures without counting 200,000 rows — for the
// whole church (every congregation's rows summed) or for the congregations of a scope.
import type { Kysely } from 'kysely';
import { MEMBER_STATUSES, type MemberStatus } from '../../../domain/members.js';
import type { Database } from '../../db/schema.js';
import { type Scope, inScope } from '../../http/scope.js';

type CountsTable = {
  member_counts: { congregation_id: number; status: string; count: number };
};

export type StatusCounts = Record<MemberStatus, number>;

/** Zero members of every status. */
export function emptyStatusCounts(): StatusCounts {
  return Object.fromEntries(MEMBER_STATUSES.map((status) => [status, 0])) as StatusCounts;
}

/** Members per status in `scope` (null: the whole church). */
export async function memberStatusCounts(
  db: Kysely<Database>,
  scope: Scope = null,
): Promise<StatusCounts> {
  const rows = await inScope(
    db
      .withTables<CountsTable>()
      .selectFrom('member_counts')
      .select(['status', (eb) => eb.fn.sum<number>('count').as('count')])
      .groupBy('status'),
    'member_counts.congregation_id',
    scope,
  ).execute();
  const counts = emptyStatusCounts();
  for (const row of rows) {
    if (row.status in counts) counts[row.status as MemberStatus] = Number(row.count);
  }
  return counts;
}

/** Members per status of each congregation in `scope` that has members (by congregation id). */
export async function memberStatusCountsByCongregation(
  db: Kysely<Database>,
  scope: Scope,
): Promise<Map<number, StatusCounts>> {
  const rows = await inScope(
    db
      .withTables<CountsTable>()
      .selectFrom('member_counts')
      .select(['congregation_id', 'status', 'count'])
      .where('count', '>', 0),
    'member_counts.congregation_id',
    scope,
  ).execute();
  const byCongregation = new Map<number, StatusCounts>();
  for (const row of rows) {
    const id = Number(row.congregation_id);
    const counts = byCongregation.get(id) ?? emptyStatusCounts();
    if (row.status in counts) counts[row.status as MemberStatus] += Number(row.count);
    byCongregation.set(id, counts);
  }
  return byCongregation;
}

/** Every member of the scope (null: the whole church), whatever the status. */
export async function memberTotal(db: Kysely<Database>, scope: Scope = null): Promise<number> {
  const counts = await memberStatusCounts(db, scope);
  return Object.values(counts).reduce((sum, count) => sum + count, 0);
}
