// Issue 13 (LGPD), least access and the privacy notice:
// - custom_fields.visible_to_all: a custom field the reduced member record still carries (a
//   treasurer sees it); every existing field stays hidden from users without secretary access;
// - the church's encarregado (art. 41: name and e-mail, published in the notice) and the two
//   passages of the notice the church words itself (retention, sharing; empty: the standard text).
import type { Kysely } from 'kysely';
import type { MigrationDialect } from './dialect.js';

const CHURCH_COLUMNS = ['dpo_name', 'dpo_email', 'privacy_retention', 'privacy_sharing'];

export function leastAccessMigration(d: MigrationDialect) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('custom_fields')
        .addColumn('visible_to_all', d.types.bool, (col) =>
          col.notNull().defaultTo(d.name === 'sqlite' ? 0 : false),
        )
        .execute();
      for (const column of CHURCH_COLUMNS) {
        await db.schema.alterTable('church').addColumn(column, 'text').execute();
      }
    },
    async down(db: Kysely<unknown>) {
      for (const column of [...CHURCH_COLUMNS].reverse()) {
        await db.schema.alterTable('church').dropColumn(column).execute();
      }
      await db.schema.alterTable('custom_fields').dropColumn('visible_to_all').execute();
    },
  };
}
