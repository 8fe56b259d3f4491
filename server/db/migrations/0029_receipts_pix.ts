// Issue 25, the treasury's papers: a numbered receipt for each income with a donor (numbered per
// year and congregation, the number kept on every reprint) and the Pix key of a bank account
// (its static QR code needs the key, the receiver's name and city).
import type { Kysely } from 'kysely';
import type { MigrationDialect } from './dialect.js';

export function receiptsPixMigration(d: MigrationDialect) {
  const { timestamp } = d.types;
  return {
    async up(db: Kysely<unknown>) {
      // No foreign key to incomes: a receipt handed out stays on record (its number is never
      // reused) even when its income is deleted later.
      await d
        .addId(db.schema.createTable('income_receipts'))
        .addColumn('income_id', 'integer', (col) => col.notNull().unique())
        .addColumn('congregation_id', 'integer', (col) => col.notNull())
        .addColumn('year', 'integer', (col) => col.notNull())
        .addColumn('number', 'integer', (col) => col.notNull())
        .addColumn('issued_at', timestamp, (col) => col.notNull())
        .addColumn('issued_by', 'integer')
        // How many times it was printed: the first is the original, the others "2ª via".
        .addColumn('print_count', 'integer', (col) => col.notNull().defaultTo(1))
        .addUniqueConstraint('income_receipts_number', ['congregation_id', 'year', 'number'])
        .execute();

      for (const column of ['pix_key', 'pix_key_type', 'pix_name', 'pix_city']) {
        await db.schema.alterTable('bank_accounts').addColumn(column, 'text').execute();
      }
    },
    async down(db: Kysely<unknown>) {
      for (const column of ['pix_key', 'pix_key_type', 'pix_name', 'pix_city']) {
        await db.schema.alterTable('bank_accounts').dropColumn(column).execute();
      }
      await db.schema.dropTable('income_receipts').execute();
    },
  };
}
