// Each bank account or caixa has its own asset account in the plano de contas, under the group
// whose role is 'cash' (1.1 Disponível, migration 0043): the accountant reads one account per
// bank, and the double-entry mapping debits and credits it. Made with the bank account, in its
// transaction; removed with it.
import { nextChildCode } from '../../domain/finance/chart.js';
import { searchText } from '../../domain/search.js';
import type { Executor } from './executor.js';

/** Creates the bank account's asset account and links it; answers its id. */
export async function linkLedgerAccount(trx: Executor, bankAccount: { id: number; name: string }) {
  const group = await trx
    .selectFrom('finance_categories')
    .select(['id', 'code'])
    .where('role', '=', 'cash')
    .executeTakeFirstOrThrow();
  const chart = await trx
    .selectFrom('finance_categories')
    .select(['code', 'name', 'kind'])
    .execute();
  const assets = new Set(
    chart.filter((row) => row.kind === 'asset').map((row) => searchText(row.name)),
  );
  const name = assets.has(searchText(bankAccount.name))
    ? `${bankAccount.name} (conta ${bankAccount.id})`
    : bankAccount.name;
  const { id } = await trx
    .insertInto('finance_categories')
    .values({
      code: nextChildCode(
        group.code,
        chart.map((row) => row.code),
      ),
      name,
      kind: 'asset',
      parent_id: group.id,
      active: true,
      is_tithe: false,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await trx
    .updateTable('bank_accounts')
    .set({ ledger_account_id: id })
    .where('id', '=', bankAccount.id)
    .execute();
  return id;
}

/** Links every bank account without an asset account (the seed writes them in bulk). */
export async function linkMissingLedgerAccounts(db: Executor) {
  const unlinked = await db
    .selectFrom('bank_accounts')
    .select(['id', 'name'])
    .where('ledger_account_id', 'is', null)
    .orderBy('id')
    .execute();
  for (const account of unlinked) await linkLedgerAccount(db, account);
}

/** Before the bank account goes: its asset account goes too, unless something else uses it. */
export async function unlinkLedgerAccount(trx: Executor, bankAccountId: number) {
  const row = await trx
    .selectFrom('bank_accounts')
    .select('ledger_account_id')
    .where('id', '=', bankAccountId)
    .executeTakeFirst();
  if (!row?.ledger_account_id) return;
  await trx
    .updateTable('bank_accounts')
    .set({ ledger_account_id: null })
    .where('id', '=', bankAccountId)
    .execute();
  await trx.deleteFrom('finance_categories').where('id', '=', row.ledger_account_id).execute();
}
