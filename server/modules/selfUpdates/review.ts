// The secretary's review of self-updates (issue 28), like the review of self-registrations: the
// pending list of the view's congregations, approval (the changes applied through the members
// module, audited as the member's update) and rejection (the proposed values dropped).
import { now } from '../../../domain/dates.js';
import { type Actor, audit } from '../../audit/trail.js';
import { type Executor, inTransaction } from '../../db/executor.js';
import { totalOf } from '../../http/listFilters.js';
import type { ListParams } from '../../http/simpleRest.js';
import { type Scope, inScope } from '../../http/scope.js';
import { conflict } from '../../plugins/errors.js';
import { listCongregations, updateMember, withCongregationNames } from '../members/index.js';
import { LINK_COLUMNS, linkToApi, scopedLink } from './links.js';

export const ALREADY_REVIEWED =
  'Esta atualização já foi conferida ou não está aguardando conferência.';
export const SELF_UPDATE_SORTS = { submitted_at: 'submitted_at', id: 'id' } as const;

function pending(db: Executor, scope: Scope) {
  return inScope(
    db
      .selectFrom('self_updates')
      .innerJoin('members', 'members.id', 'self_updates.member_id')
      .where('self_updates.review_status', '=', 'pending'),
    'members.congregation_id',
    scope,
  );
}

/** GET /api/self_updates: the submissions waiting for review in the view's congregations. */
export async function listPendingSelfUpdates(
  db: Executor,
  { sort, range, filter }: ListParams,
  view: Scope,
) {
  const scope = listCongregations(filter, view);
  const [rows, total] = await Promise.all([
    pending(db, scope)
      .select([...LINK_COLUMNS, 'members.name as member_name', 'members.congregation_id'])
      .orderBy(
        `self_updates.${SELF_UPDATE_SORTS[sort.field as keyof typeof SELF_UPDATE_SORTS]}`,
        sort.order,
      )
      .orderBy('self_updates.id', sort.order)
      .offset(range.offset)
      .limit(range.limit)
      .execute(),
    totalOf(db, pending(db, scope).select('self_updates.id')),
  ]);
  const at = now().toISOString();
  const named = await withCongregationNames(db, rows);
  return {
    rows: named.map((row) => ({
      ...linkToApi(row, at),
      member_name: row.member_name,
      congregation_id: row.congregation_id,
      congregation_name: row.congregation_name,
    })),
    total,
  };
}

/** A submission to review: 404 missing or outside the rights, 409 when not pending. */
async function pendingOne(db: Executor, id: number, actor: Actor) {
  const link = await scopedLink(db, id, actor);
  if (link.review_status !== 'pending') throw conflict(ALREADY_REVIEWED);
  return link;
}

/** Marks the submission reviewed, only while it is pending (of two reviews at once, one wins). */
async function markReviewed(
  db: Executor,
  id: number,
  status: 'approved' | 'rejected',
  actor: Actor,
  at: string,
) {
  const done = await db
    .updateTable('self_updates')
    .set({
      review_status: status,
      reviewed_by: actor.user_id,
      reviewed_at: at,
      ...(status === 'rejected' ? { changes: null } : {}),
    })
    .where('id', '=', id)
    .where('review_status', '=', 'pending')
    .executeTakeFirst();
  if (Number(done.numUpdatedRows) !== 1) throw conflict(ALREADY_REVIEWED);
}

/** POST /api/self_updates/{id}/approve: the proposed values become the member's. */
export async function approveSelfUpdate(db: Executor, id: number, actor: Actor) {
  const link = await pendingOne(db, id, actor);
  const changes = JSON.parse(link.changes ?? '{}') as Record<string, [unknown, unknown]>;
  const at = now().toISOString();
  await inTransaction(db, async (trx) => {
    await markReviewed(trx, id, 'approved', actor, at);
    // The members module validates the whole record and writes the member's own audit entry.
    await updateMember(
      trx,
      link.member_id,
      Object.fromEntries(Object.entries(changes).map(([field, [, next]]) => [field, next])),
      actor,
    );
    await audit(trx, actor, {
      action: 'approve',
      resource: 'self_updates',
      record_id: id,
      member_id: link.member_id,
      changes: { review_status: ['pending', 'approved'] },
      details: { fields: Object.keys(changes) },
    });
  });
  return linkToApi({ ...link, review_status: 'approved', reviewed_at: at }, at);
}

/** POST /api/self_updates/{id}/reject: the member's record stays as it is. */
export async function rejectSelfUpdate(db: Executor, id: number, actor: Actor) {
  const link = await pendingOne(db, id, actor);
  const at = now().toISOString();
  await inTransaction(db, async (trx) => {
    await markReviewed(trx, id, 'rejected', actor, at);
    await audit(trx, actor, {
      action: 'reject',
      resource: 'self_updates',
      record_id: id,
      member_id: link.member_id,
      changes: { review_status: ['pending', 'rejected'] },
      details: { fields: Object.keys(JSON.parse(link.changes ?? '{}') as object) },
    });
  });
  return linkToApi({ ...link, review_status: 'rejected', reviewed_at: at, changes: null }, at);
}
