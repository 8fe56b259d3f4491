// The household's address its members inherit: a member marked as using it keeps the family's
// address in their own columns (the ones the lists, labels, exports and filters read), rewritten
// in the transaction that changes the family's, each rewrite in the member's audit trail.
import type { Transaction } from 'kysely';
import { ADDRESS_COLUMNS } from '../../db/familyAddress.js';
import type { Database } from '../../db/schema.js';
import { ensureMemberWritable } from '../members/index.js';
import { type Actor, auditMany } from '../../audit/trail.js';

type Address = Record<(typeof ADDRESS_COLUMNS)[number], string | null>;

/** The address columns of a row. */
export const addressOf = (row: Record<string, unknown>): Address =>
  Object.fromEntries(
    ADDRESS_COLUMNS.map((column) => [column, (row[column] as string | null | undefined) ?? null]),
  ) as Address;

/**
 * Writes `address` into these members' columns (those not anonymized), auditing each change; a
 * member outside the writer's congregations is a 403 and nothing is written.
 */
export async function writeInheritedAddress(
  trx: Transaction<Database>,
  memberIds: number[],
  address: Address,
  actor: Actor,
) {
  if (memberIds.length === 0) return 0;
  await ensureMemberWritable(trx, memberIds, actor.rights);
  const before = await trx
    .selectFrom('members')
    .select(['id', ...ADDRESS_COLUMNS])
    .where('id', 'in', memberIds)
    .where('anonymized_at', 'is', null)
    .execute();
  if (before.length === 0) return 0;
  await trx
    .updateTable('members')
    .set({ ...address, updated_at: new Date().toISOString() })
    .where(
      'id',
      'in',
      before.map((row) => row.id),
    )
    .execute();
  await auditMany(
    trx,
    actor,
    before.map((row) => ({
      action: 'update' as const,
      resource: 'members',
      record_id: row.id,
      before: addressOf(row),
      after: address,
      details: { family_address: true },
    })),
  );
  return before.length;
}

/** The members of a household who use its address. */
export async function inheritingMembers(trx: Transaction<Database>, familyId: number) {
  const rows = await trx
    .selectFrom('family_people')
    .select('member_id')
    .where('family_id', '=', familyId)
    .where('uses_family_address', '=', true)
    .where('member_id', 'is not', null)
    .execute();
  return rows.map((row) => row.member_id as number);
}
