// What the self-update keeps about a person, for the data subject's rights (issue 28): the
// export lists every link and what was sent; the anonymization revokes the open links and drops
// every value the member proposed.
import { now } from '../../../domain/dates.js';
import type { Executor } from '../../db/executor.js';
import { LINK_COLUMNS, linkToApi } from './links.js';

/** The member's links with their state and the changes sent (the data export). */
export async function subjectSelfUpdates(db: Executor, memberId: number) {
  const rows = await db
    .selectFrom('self_updates')
    .select(LINK_COLUMNS)
    .where('member_id', '=', memberId)
    .orderBy('id', 'desc')
    .execute();
  const at = now().toISOString();
  return rows.map((row) => linkToApi(row, at));
}

/**
 * In the anonymization's transaction: open links revoked, pending submissions discarded, the
 * proposed values of every submission dropped. Returns how many links the member had.
 */
export async function anonymizeSelfUpdates(trx: Executor, memberId: number, at: string) {
  await trx
    .updateTable('self_updates')
    .set({ revoked_at: at })
    .where('member_id', '=', memberId)
    .where('revoked_at', 'is', null)
    .where('submitted_at', 'is', null)
    .execute();
  await trx
    .updateTable('self_updates')
    .set({ review_status: 'discarded', reviewed_at: at })
    .where('member_id', '=', memberId)
    .where('review_status', '=', 'pending')
    .execute();
  const cleared = await trx
    .updateTable('self_updates')
    .set({ changes: null })
    .where('member_id', '=', memberId)
    .executeTakeFirst();
  return Number(cleared.numUpdatedRows);
}
