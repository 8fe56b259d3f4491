// Issue 14, the member import: each upload (a dry run or an import) and its rows as read, with
// the values as they will be saved, the errors, the duplicate found and what was done, so the
// wizard can page the dry run, show the progress and undo an import for 30 days. The rows hold
// personal data: the service clears them after 30 days (the raw file is never kept).
// Duplicates are looked up by SQL over the staged rows (no map of 100,000 keys in the server's
// memory): the rows are indexed by each key, and members get indexes on their phones (CPF,
// e-mail and name already have theirs, migration 0003).
import type { Kysely } from 'kysely';
import type { MigrationDialect } from './dialect.js';

export function memberImportsMigration(d: MigrationDialect) {
  return {
    async up(db: Kysely<unknown>) {
      await d
        .addId(db.schema.createTable('member_imports'))
        .addColumn('user_id', 'integer', (col) => col.references('users.id').onDelete('set null'))
        .addColumn('status', 'text', (col) => col.notNull())
        .addColumn('dry_run', d.types.bool, (col) => col.notNull())
        .addColumn('file_name', 'text', (col) => col.notNull())
        .addColumn('file_kind', 'text', (col) => col.notNull())
        .addColumn('encoding', 'text')
        .addColumn('delimiter', 'text')
        .addColumn('headers', 'text', (col) => col.notNull())
        .addColumn('mapping', 'text', (col) => col.notNull())
        .addColumn('options', 'text', (col) => col.notNull())
        // The congregations the user could write to ('[]' = the whole church), for GET and undo.
        .addColumn('scope', 'text', (col) => col.notNull())
        .addColumn('unknown', 'text', (col) => col.notNull())
        .addColumn('total_rows', 'integer', (col) => col.notNull().defaultTo(0))
        .addColumn('error_rows', 'integer', (col) => col.notNull().defaultTo(0))
        .addColumn('duplicate_rows', 'integer', (col) => col.notNull().defaultTo(0))
        .addColumn('processed_rows', 'integer', (col) => col.notNull().defaultTo(0))
        .addColumn('created_count', 'integer', (col) => col.notNull().defaultTo(0))
        .addColumn('updated_count', 'integer', (col) => col.notNull().defaultTo(0))
        .addColumn('skipped_count', 'integer', (col) => col.notNull().defaultTo(0))
        .addColumn('message', 'text')
        .addColumn('created_at', d.types.timestamp, (col) => col.notNull())
        .addColumn('finished_at', d.types.timestamp)
        .addColumn('undone_at', d.types.timestamp)
        .execute();
      await db.schema
        .createIndex('member_imports_created_at')
        .on('member_imports')
        .columns(['created_at'])
        .execute();

      await db.schema
        .createTable('member_import_rows')
        .addColumn('import_id', 'integer', (col) =>
          col.notNull().references('member_imports.id').onDelete('cascade'),
        )
        .addColumn('row_number', 'integer', (col) => col.notNull())
        // The name as the row writes it (rows with errors too), for the dry run's table.
        .addColumn('name', 'text')
        // The member as it will be saved (JSON), null once the rows are cleared.
        .addColumn('member_values', 'text')
        // [{column, message}] (JSON), null without errors.
        .addColumn('errors', 'text')
        .addColumn('key_cpf', 'text')
        .addColumn('key_email', 'text')
        .addColumn('key_phone', 'text')
        .addColumn('key_name', 'text')
        .addColumn('key_birth', d.types.date)
        .addColumn('dup_kind', 'text')
        .addColumn('dup_member_id', 'integer')
        .addColumn('dup_row', 'integer')
        // create | update | skip | error
        .addColumn('action', 'text', (col) => col.notNull())
        .addColumn('member_id', 'integer')
        // created | updated | skipped | error, once written
        .addColumn('outcome', 'text')
        // An updated member before the import (JSON), to undo it.
        .addColumn('previous', 'text')
        .addPrimaryKeyConstraint('member_import_rows_pk', ['import_id', 'row_number'])
        .execute();
      for (const [name, columns] of [
        ['member_import_rows_cpf', ['import_id', 'key_cpf', 'row_number']],
        ['member_import_rows_email', ['import_id', 'key_email', 'row_number']],
        ['member_import_rows_phone', ['import_id', 'key_phone', 'row_number']],
        ['member_import_rows_name', ['import_id', 'key_name', 'key_birth', 'row_number']],
      ] as const) {
        await db.schema
          .createIndex(name)
          .on('member_import_rows')
          .columns([...columns])
          .execute();
      }
      await db.schema
        .createIndex('members_phone_mobile')
        .on('members')
        .column('phone_mobile')
        .execute();
      await db.schema
        .createIndex('members_phone_home')
        .on('members')
        .column('phone_home')
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropIndex('members_phone_home').execute();
      await db.schema.dropIndex('members_phone_mobile').execute();
      await db.schema.dropTable('member_import_rows').execute();
      await db.schema.dropTable('member_imports').execute();
    },
  };
}
