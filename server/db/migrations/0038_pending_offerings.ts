// Issue 26/25, ofertas a receber: the offering taken at a cell's meeting or an EBD chamada
// (gatherings.offering_cents) waits for the treasurer as a pending line until it is received as an
// income; gatherings.offering_income_id is that income. Removing the income (a correction in the
// books) makes the offering pending again. One income answers for one gathering at most.
import type { Kysely } from 'kysely';
import type { MigrationDialect } from './dialect.js';

export function pendingOfferingsMigration(_d: MigrationDialect) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('gatherings')
        .addColumn('offering_income_id', 'integer', (col) =>
          col.references('incomes.id').onDelete('set null'),
        )
        .execute();
      await db.schema
        .createIndex('gatherings_offering_income')
        .on('gatherings')
        .column('offering_income_id')
        .unique()
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropIndex('gatherings_offering_income').execute();
      await db.schema.alterTable('gatherings').dropColumn('offering_income_id').execute();
    },
  };
}
