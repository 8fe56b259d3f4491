// Issue 11 (forms): a custom field says whether the public self-registration asks for it
// (internal fields such as "Dizimista" stay with the secretary). Existing fields stay internal:
// the secretary chooses which ones newcomers see.
import type { Kysely } from 'kysely';
import type { MigrationDialect } from './dialect.js';

export function formDetailsMigration(d: MigrationDialect) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('custom_fields')
        .addColumn('public_form', d.types.bool, (col) =>
          col.notNull().defaultTo(d.name === 'sqlite' ? 0 : false),
        )
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable('custom_fields').dropColumn('public_form').execute();
    },
  };
}
