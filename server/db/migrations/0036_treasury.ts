// Issue 25, the deposit of a count: the cash of a count received in a caixa goes to a bank
// account as a transfer, and the difference between counted and deposited as an adjustment of
// the count's account; the count keeps the account and both movements, so a corrected deposit
// replaces them (no foreign keys, as in 0028: the finance area checks its own references).
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
    },
    async down(db: Kysely<unknown>) {
      for (const column of COLUMNS) {
        await db.schema.alterTable('offering_counts').dropColumn(column).execute();
      }
    },
  };
}
