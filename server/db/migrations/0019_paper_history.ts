// Issue 14 (moving in): credentials and letters issued on paper before the church adopted Adam,
// recorded with their original number and date. The flag marks them in every list; their
// numbers take part in the series (the next card or letter continues after the highest one).
import type { Kysely } from 'kysely';
import type { MigrationDialect } from './dialect.js';

const TABLES = ['credentials', 'letters'] as const;

export function paperHistoryMigration(d: MigrationDialect) {
  return {
    async up(db: Kysely<unknown>) {
      for (const table of TABLES) {
        await db.schema
          .alterTable(table)
          .addColumn('issued_on_paper', d.types.bool, (col) =>
            col.notNull().defaultTo(d.name === 'sqlite' ? 0 : false),
          )
          .execute();
      }
    },
    async down(db: Kysely<unknown>) {
      for (const table of TABLES) {
        await db.schema.alterTable(table).dropColumn('issued_on_paper').execute();
      }
    },
  };
}
