// Issue 27, the orçamento anual: what a congregation plans to receive and spend in each income or
// expense category (the chart's leaves) in each month of a year, in centavos. A plan is not a
// movement: it has no date in a month's books, so the month close (0042) guards none of it — a
// closed month's budget may still be revised. One row per congregation, year, category and month
// (absent = nothing planned); the unique index is also the report's read path.
import type { Kysely } from 'kysely';
import type { MigrationDialect } from './dialect.js';

export function budgetsMigration(d: MigrationDialect) {
  return {
    async up(db: Kysely<unknown>) {
      await d
        .addId(db.schema.createTable('budgets'))
        .addColumn('congregation_id', 'integer', (col) =>
          col.notNull().references('congregations.id'),
        )
        .addColumn('year', 'integer', (col) => col.notNull())
        .addColumn('category_id', 'integer', (col) =>
          col.notNull().references('finance_categories.id'),
        )
        .addColumn('month', 'integer', (col) => col.notNull())
        .addColumn('amount_cents', 'bigint', (col) => col.notNull())
        .execute();
      await db.schema
        .createIndex('budgets_congregation_year_category_month')
        .on('budgets')
        .columns(['congregation_id', 'year', 'category_id', 'month'])
        .unique()
        .execute();
      await db.schema
        .createIndex('budgets_category')
        .on('budgets')
        .columns(['category_id'])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('budgets').execute();
    },
  };
}
