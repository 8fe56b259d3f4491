// Issue 25, the deposit of a count: the cash of a count received in a caixa goes to a bank
// account as a transfer, and the difference between counted and deposited as an adjustment of
// the count's account; the count keeps the account and both movements, so a corrected deposit
// replaces them (no foreign keys, as in 0028: the finance area checks its own references).
// And the dizimistas: whether a donor tithed in a period is one probe of an index that leads
// with the donor and the category, and carries the congregation and the amount (his tithes of
// the period read from the index alone).
import type { Kysely } from 'kysely';
import type { MigrationDialect } from './dialect.js';

const COLUMNS = ['deposit_account_id', 'deposit_transaction_id', 'deposit_adjustment_id'];

export function treasuryMigration(_d: MigrationDialect) {
  return {
    async up(db: Kysely<unknown>) {
      // One column a statement: SQLite adds a single column per ALTER TABLE.
      for (const column of COLUMNS) {
        await db.schema.alterTable('offering_counts').addColumn(column, 'integer').execute();
      }
      await db.schema
        .createIndex('incomes_donor_category_date')
        .on('incomes')
        .columns(['donor_id', 'category_id', 'date', 'congregation_id', 'amount_cents'])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropIndex('incomes_donor_category_date').execute();
      for (const column of COLUMNS) {
        await db.schema.alterTable('offering_counts').dropColumn(column).execute();
      }
    },
  };
}
