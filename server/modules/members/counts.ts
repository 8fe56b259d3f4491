// Members per status, kept by the triggers of migration 0004 (member_counts): the registry's
// total and the dashboard's figures without counting 200,000 rows.
import type { Kysely } from 'kysely';
import { MEMBER_STATUSES, type MemberStatus } from '../../../domain/members.js';
import type { Database } from '../../db/schema.js';

type CountsTable = { member_counts: { status: string; count: number } };

export async function memberStatusCounts(
  db: Kysely<Database>,
): Promise<Record<MemberStatus, number>> {
  const rows = await db
    .withTables<CountsTable>()
    .selectFrom('member_counts')
    .select(['status', 'count'])
    .execute();
  const counts = Object.fromEntries(MEMBER_STATUSES.map((status) => [status, 0])) as Record<
    MemberStatus,
    number
  >;
  for (const row of rows) counts[row.status as MemberStatus] = Number(row.count);
  return counts;
}

/** Every member, whatever the status. */
export async function memberTotal(db: Kysely<Database>): Promise<number> {
  const counts = await memberStatusCounts(db);
  return Object.values(counts).reduce((sum, count) => sum + count, 0);
}
