// Finance records already there: the seed refuses to add to them, or deletes them first (reset).
import type { AppDatabase } from '../../db/index.js';

export class FinanceSeedRefused extends Error {}

export async function financeRecordsExist(database: AppDatabase): Promise<boolean> {
  const { db } = database;
  for (const table of [
    'transactions',
    'incomes',
    'expenses',
    'bank_accounts',
    'vendors',
    'donors',
  ] as const) {
    if (await db.selectFrom(table).select('id').limit(1).executeTakeFirst()) return true;
  }
  return false;
}

export async function resetFinance(database: AppDatabase) {
  const { db } = database;
  await db.transaction().execute(async (trx) => {
    // The bank accounts' asset accounts in the plano de contas go with them (migration 0043).
    const ledgers = (
      await trx
        .selectFrom('bank_accounts')
        .select('ledger_account_id')
        .where('ledger_account_id', 'is not', null)
        .execute()
    ).map((row) => row.ledger_account_id!);
    for (const table of [
      // The months closed (migration 0042) go first: their guards would refuse the rest.
      'finance_period_events',
      'finance_periods',
      // The month totals point at the accounts: a seeded database could not be reset.
      'finance_month_totals',
      'finance_month_results',
      'finance_year_totals',
      'finance_year_results',
      // The orçamento (migration 0044) is the finance's plan: it goes with the rest.
      'budgets',
      // Bank statements (migration 0020) point at the accounts and categories too.
      'statement_categories',
      'statement_lines',
      'bank_statements',
      'transactions',
      'card_charges',
      'receipts',
      'accounts_payable',
      'expenses',
      'incomes',
      'credit_cards',
      'bank_accounts',
      'donors',
      'vendors',
    ] as const) {
      await trx.deleteFrom(table).execute();
    }
    if (ledgers.length > 0) {
      await trx.deleteFrom('finance_categories').where('id', 'in', ledgers).execute();
    }
    await trx
      .deleteFrom('audit_log')
      .where('resource', 'in', [
        'vendors',
        'donors',
        'finance_categories',
        'bank_accounts',
        'credit_cards',
        'incomes',
        'expenses',
        'accounts_payable',
        'transactions',
        'bank_statements',
        'statement_lines',
      ])
      .execute();
  });
}
