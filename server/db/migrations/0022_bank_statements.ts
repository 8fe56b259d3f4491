// Issue 14, bank statements (conciliação bancária): each OFX file imported on a bank account,
// its lines (known again by their FITID, or a key of their own when the bank leaves it empty),
// what each line was reconciled with, and the category last chosen for a description.
import type { Kysely } from 'kysely';
import type { MigrationDialect } from './dialect.js';

export function bankStatementsMigration(d: MigrationDialect) {
  const { date, timestamp } = d.types;
  return {
    async up(db: Kysely<unknown>) {
      await d
        .addId(db.schema.createTable('bank_statements'))
        .addColumn('bank_account_id', 'integer', (col) =>
          col.notNull().references('bank_accounts.id'),
        )
        .addColumn('file_name', 'text')
        // BANKACCTFROM as the file names it.
        .addColumn('bank_id', 'text')
        .addColumn('account_id', 'text')
        .addColumn('start_date', date)
        .addColumn('end_date', date)
        // LEDGERBAL and AVAILBAL: the bank's balance and its date.
        .addColumn('ledger_balance_cents', 'bigint')
        .addColumn('ledger_balance_date', date)
        .addColumn('available_balance_cents', 'bigint')
        .addColumn('line_count', 'integer', (col) => col.notNull())
        .addColumn('new_count', 'integer', (col) => col.notNull())
        .addColumn('user_id', 'integer')
        .addColumn('created_at', timestamp, (col) => col.notNull())
        .execute();

      await d
        .addId(db.schema.createTable('statement_lines'))
        .addColumn('bank_account_id', 'integer', (col) =>
          col.notNull().references('bank_accounts.id'),
        )
        .addColumn('statement_id', 'integer', (col) =>
          col.notNull().references('bank_statements.id'),
        )
        // The FITID, or 'sem-fitid:' and a digest of the line when the bank leaves it empty.
        .addColumn('line_key', 'text', (col) => col.notNull())
        .addColumn('fitid', 'text')
        .addColumn('trn_type', 'text')
        .addColumn('date', date, (col) => col.notNull())
        // Signed as the bank sees it: + money in, - money out.
        .addColumn('amount_cents', 'bigint', (col) => col.notNull())
        .addColumn('description', 'text', (col) => col.notNull())
        .addColumn('name', 'text')
        .addColumn('memo', 'text')
        .addColumn('check_number', 'text')
        // The description's words, lowercase and accent-free, digits left out: the key of the
        // category memory and of the description rule.
        .addColumn('words', 'text', (col) => col.notNull())
        // pending, reconciled or ignored.
        .addColumn('status', 'text', (col) => col.notNull())
        // reconciled: how (matched, payable, created) and with which movement (and payable).
        .addColumn('reconciled_how', 'text')
        .addColumn('transaction_id', 'integer')
        .addColumn('payable_id', 'integer')
        .addColumn('reconciled_at', timestamp)
        .addColumn('reconciled_by', 'integer')
        .addColumn('created_at', timestamp, (col) => col.notNull())
        .addUniqueConstraint('statement_lines_account_key', ['bank_account_id', 'line_key'])
        .execute();

      // The category chosen the last time a line with these words became an income or expense.
      await db.schema
        .createTable('statement_categories')
        .addColumn('kind', 'text', (col) => col.notNull())
        .addColumn('words', 'text', (col) => col.notNull())
        .addColumn('category_id', 'integer', (col) =>
          col.notNull().references('finance_categories.id'),
        )
        .addColumn('updated_at', timestamp, (col) => col.notNull())
        .addPrimaryKeyConstraint('statement_categories_pk', ['kind', 'words'])
        .execute();

      const indexes: Array<[string, string, string[]]> = [
        ['bank_statements_account', 'bank_statements', ['bank_account_id', 'id']],
        [
          'statement_lines_account_status_date',
          'statement_lines',
          ['bank_account_id', 'status', 'date', 'id'],
        ],
        ['statement_lines_account_date', 'statement_lines', ['bank_account_id', 'date', 'id']],
        ['statement_lines_transaction', 'statement_lines', ['transaction_id']],
        ['statement_lines_statement', 'statement_lines', ['statement_id']],
      ];
      for (const [name, table, columns] of indexes) {
        await db.schema.createIndex(name).on(table).columns(columns).execute();
      }
    },
    async down(db: Kysely<unknown>) {
      for (const table of ['statement_categories', 'statement_lines', 'bank_statements']) {
        await db.schema.dropTable(table).execute();
      }
    },
  };
}
