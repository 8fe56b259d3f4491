// Members per status, kept by the triggers of migration 0004 (member_counts): the registry's
// total and the dashboard's figures without counting 200,000 rows.
//
// Issue 12: the figures follow the view (server/http/scope.ts). member_counts is per status only
// until the members side (migration 0011) keeps it per (congregation_id, status); until then a
// view narrowed to some congregations counts members with a plain grouped query. The functions'
// signatures are the boundary: the merge swaps their bodies, not their callers.
import type { Kysely } from 'kysely';
import { MEMBER_STATUSES, type MemberStatus } from '../../../domain/members.js';
import type { Database } from '../../db/schema.js';
import { type Scope, inScope } from '../../http/scope.js';

type CountsTable = { member_counts: { status: string; count: number } };

export type StatusCounts = Record<MemberStatus, number>;

/** Zero members of every status. */
export function emptyStatusCounts(): StatusCounts {
  return Object.fromEntries(MEMBER_STATUSES.map((status) => [status, 0])) as StatusCounts;
}

/** Members per status in `scope` (null: the whole church, from member_counts). */
export async function memberStatusCounts(
  db: Kysely<Database>,
  scope: Scope = null,
): Promise<StatusCounts> {
  const counts = emptyStatusCounts();
  if (scope !== null) {
    for (const byStatus of (await memberStatusCountsByCongregation(db, scope)).values()) {
      for (const status of MEMBER_STATUSES) counts[status] += byStatus[status];
    }
    return counts;
  }
  const rows = await db
    .withTables<CountsTable>()
    .selectFrom('member_counts')
    .select(['status', 'count'])
    .execute();
  for (const row of rows) counts[row.status as MemberStatus] = Number(row.count);
  return counts;
}

/** Members per status of each congregation in `scope` that has members (by congregation id). */
export async function memberStatusCountsByCongregation(
  db: Kysely<Database>,
  scope: Scope,
): Promise<Map<number, StatusCounts>> {
  const rows = await inScope(
    db
      .selectFrom('members')
      .select([
        'members.congregation_id',
        'members.status',
        (eb) => eb.fn.countAll<number>().as('count'),
      ])
      .groupBy(['members.congregation_id', 'members.status']),
    'members.congregation_id',
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

/** Every member, whatever the status. */
export async function memberTotal(db: Kysely<Database>, scope: Scope = null): Promise<number> {
  const counts = await memberStatusCounts(db, scope);
  return Object.values(counts).reduce((sum, count) => sum + count, 0);
}
