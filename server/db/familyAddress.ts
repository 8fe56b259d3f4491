// The address a member may inherit from their household (issue 28, migration 0049): a change of
// the member's own address is an override — the member stops following the family's. Kept a
// floor below the modules, so the members' write and the families' module share it.
import type { Transaction } from 'kysely';
import { ADDRESS_FIELDS } from '../../domain/fields.js';
import type { Database } from './schema.js';

export const ADDRESS_COLUMNS = ADDRESS_FIELDS;

/** Whether two rows hold a different address. */
export function addressChanged(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
): boolean {
  return ADDRESS_COLUMNS.some((column) => (before[column] ?? null) !== (after[column] ?? null));
}

/** The member's own address edited: they keep it, no longer the family's. */
export async function overrideFamilyAddress(trx: Transaction<Database>, memberId: number) {
  await trx
    .updateTable('family_people')
    .set({ uses_family_address: false, updated_at: new Date().toISOString() })
    .where('member_id', '=', memberId)
    .where('uses_family_address', '=', true)
    .execute();
}
