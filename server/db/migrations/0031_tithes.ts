// Issue 25, the dizimistas: which income categories are tithes is a flag the treasurer sets on
// the category (never a guess by its name when a report runs); the seeded "Dízimos" starts with
// it. The report of tithers reads a period's incomes of those categories per donor: the index
// leads with the category and the date and carries the donor, the congregation and the amount,
// so the report reads the index alone.
import { type Kysely, sql } from 'kysely';
import type { MigrationDialect } from './dialect.js';

export function tithesMigration(d: MigrationDialect) {
  const { bool } = d.types;
  const no = d.name === 'sqlite' ? 0 : false;
  const yes = d.name === 'sqlite' ? sql`1` : sql`true`;
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('finance_categories')
        .addColumn('is_tithe', bool, (col) => col.notNull().defaultTo(no))
        .execute();
      await sql`update finance_categories set is_tithe = ${yes} where kind = 'income' and name = 'Dízimos'`.execute(
        db,
      );
      await db.schema
        .createIndex('incomes_category_date_donor')
        .on('incomes')
        .columns(['category_id', 'date', 'donor_id', 'congregation_id', 'amount_cents'])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropIndex('incomes_category_date_donor').execute();
      await db.schema.alterTable('finance_categories').dropColumn('is_tithe').execute();
    },
  };
}
