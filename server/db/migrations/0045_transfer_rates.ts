// Issue 27, the repasses: the share of its tithes and offerings a congregation sends to its sede,
// in basis points (1000 = 10%), valid from a month until the next rate of that congregation. A
// small table rather than a column on the congregation: changing the percentage must not change
// what past months owed (the balance due is cumulative, and a closed month's figures stay).
import type { Kysely } from 'kysely';
import type { MigrationDialect } from './dialect.js';

export function transferRatesMigration(d: MigrationDialect) {
  return {
    async up(db: Kysely<unknown>) {
      await d
        .addId(db.schema.createTable('congregation_transfer_rates'))
        .addColumn('congregation_id', 'integer', (col) =>
          col.notNull().references('congregations.id').onDelete('cascade'),
        )
        .addColumn('from_month', 'text', (col) => col.notNull())
        .addColumn('rate_bp', 'integer', (col) => col.notNull())
        .execute();
      await db.schema
        .createIndex('congregation_transfer_rates_month')
        .on('congregation_transfer_rates')
        .columns(['congregation_id', 'from_month'])
        .unique()
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('congregation_transfer_rates').execute();
    },
  };
}
