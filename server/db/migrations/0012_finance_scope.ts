// Issue 12 (congregations), the finance side: lists of one congregation's incomes, expenses and
// payables read in date order straight from an index, and the overview's monthly totals summed
// over the accounts of a view (one congregation, several, or the whole church) from a covering
// index by month.
import type { Kysely } from 'kysely';
import type { MigrationDialect } from './dialect.js';

const INDEXES: Array<[name: string, table: string, columns: string[]]> = [
  ['incomes_congregation_date', 'incomes', ['congregation_id', 'date', 'id']],
  ['expenses_congregation_date', 'expenses', ['congregation_id', 'date', 'id']],
  ['payables_congregation_due', 'accounts_payable', ['congregation_id', 'due_date', 'id']],
  ['bank_accounts_congregation_id', 'bank_accounts', ['congregation_id', 'id']],
  [
    'finance_month_totals_month',
    'finance_month_totals',
    ['month', 'kind', 'bank_account_id', 'total_cents'],
  ],
];

export function financeScopeMigration(_d: MigrationDialect) {
  return {
    async up(db: Kysely<unknown>) {
      for (const [name, table, columns] of INDEXES) {
        await db.schema.createIndex(name).on(table).columns(columns).execute();
      }
    },
    async down(db: Kysely<unknown>) {
      for (const [name] of INDEXES) await db.schema.dropIndex(name).execute();
    },
  };
}
