// Issue 22, the member import's trust: a duplicate found outside the user's congregations is
// marked (never named, never updated); summary lines of a sheet ("TOTAL DE MEMBROS: 12") are
// kept aside, not imported; the staged rows are cleared when no longer needed (the moment is
// kept); one upload at a time is staged per user (a partial unique index, so two requests at
// once cannot both start); and one table of daily tasks, each claimed once a day by whichever
// process gets there first (the import rows' purge is the first).
import { type Kysely, sql } from 'kysely';
import type { MigrationDialect } from './dialect.js';

export function importTrustMigration(d: MigrationDialect) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('member_import_rows')
        .addColumn('dup_outside', d.types.bool, (col) => col.notNull().defaultTo(false))
        .execute();
      await db.schema
        .alterTable('member_imports')
        .addColumn('ignored_rows', 'text', (col) => col.notNull().defaultTo('[]'))
        .execute();
      await db.schema
        .alterTable('member_imports')
        .addColumn('rows_cleared_at', d.types.timestamp)
        .execute();
      await db.schema
        .createIndex('member_imports_one_staging')
        .on('member_imports')
        .column('user_id')
        .unique()
        .where(sql.ref('status'), '=', 'staging')
        .execute();
      // The purge finds the imports whose rows may go by status and age.
      await db.schema
        .createIndex('member_imports_status')
        .on('member_imports')
        .columns(['status', 'created_at'])
        .execute();
      await db.schema
        .createTable('daily_tasks')
        .addColumn('task', 'text', (col) => col.primaryKey())
        .addColumn('done_on', d.types.date)
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('daily_tasks').execute();
      await db.schema.dropIndex('member_imports_status').execute();
      await db.schema.dropIndex('member_imports_one_staging').execute();
      await db.schema.alterTable('member_imports').dropColumn('rows_cleared_at').execute();
      await db.schema.alterTable('member_imports').dropColumn('ignored_rows').execute();
      await db.schema.alterTable('member_import_rows').dropColumn('dup_outside').execute();
    },
  };
}
