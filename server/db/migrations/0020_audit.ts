// One audit trail for everything (issue 13): the finance log of 0006 grows an area (its screen's
// first filter; the entries before it are all finance's), the user agent beside the address, and `details` (JSON: an export's filter and
// row count, a failed sign-in's e-mail). The church keeps how many years the trail is kept, and
// the day it was last purged (one purge a day, whichever process gets there first).
import type { Kysely } from 'kysely';
import type { MigrationDialect } from './dialect.js';

export function auditMigration(d: MigrationDialect) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('audit_log')
        .addColumn('area', 'text', (col) => col.notNull().defaultTo('finance'))
        .execute();
      await db.schema.alterTable('audit_log').addColumn('user_agent', 'text').execute();
      await db.schema.alterTable('audit_log').addColumn('details', 'text').execute();
      // The member an entry is about (a member's change or view, a card, a letter): the
      // member page's Histórico, and later the data subject's export, read it.
      await db.schema.alterTable('audit_log').addColumn('member_id', 'integer').execute();
      await db.schema
        .createIndex('audit_log_member')
        .on('audit_log')
        .columns(['member_id', 'id'])
        .execute();
      // The screen's shapes: an area by period, an action by period (sign-ins, views).
      await db.schema
        .createIndex('audit_log_area_created')
        .on('audit_log')
        .columns(['area', 'created_at', 'id'])
        .execute();
      await db.schema
        .createIndex('audit_log_action_created')
        .on('audit_log')
        .columns(['action', 'created_at', 'id'])
        .execute();
      await db.schema
        .alterTable('church')
        .addColumn('audit_retention_years', 'integer', (col) => col.notNull().defaultTo(5))
        .execute();
      await db.schema.alterTable('church').addColumn('audit_purged_on', d.types.date).execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable('church').dropColumn('audit_purged_on').execute();
      await db.schema.alterTable('church').dropColumn('audit_retention_years').execute();
      await db.schema.dropIndex('audit_log_member').execute();
      await db.schema.dropIndex('audit_log_action_created').execute();
      await db.schema.dropIndex('audit_log_area_created').execute();
      await db.schema.alterTable('audit_log').dropColumn('member_id').execute();
      await db.schema.alterTable('audit_log').dropColumn('details').execute();
      await db.schema.alterTable('audit_log').dropColumn('user_agent').execute();
      await db.schema.alterTable('audit_log').dropColumn('area').execute();
    },
  };
}
