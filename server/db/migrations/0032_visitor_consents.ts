// Issue 26, visitors under LGPD: every consent to be contacted given or withdrawn by a visitor
// (visitor_consents, append-only like member_consents: a withdrawal is a new record, never a
// change to the grant), and the member a visitor became (visitors.member_id, once: a visitor is
// converted a single time). The visitors who consented at the quick-add get their grant recorded
// against the version they agreed to.
import { type Kysely, sql } from 'kysely';
import type { MigrationDialect } from './dialect.js';

export function visitorConsentsMigration(d: MigrationDialect) {
  return {
    async up(db: Kysely<unknown>) {
      await d
        .addId(db.schema.createTable('visitor_consents'))
        .addColumn('visitor_id', 'integer', (col) =>
          col.notNull().references('visitors.id').onDelete('cascade'),
        )
        .addColumn('consent_version_id', 'integer', (col) =>
          col.notNull().references('consent_versions.id'),
        )
        // grant or revoke.
        .addColumn('action', 'text', (col) => col.notNull())
        .addColumn('at', d.types.timestamp, (col) => col.notNull())
        .addColumn('recorded_by', 'integer', (col) =>
          col.references('users.id').onDelete('set null'),
        )
        .addColumn('created_at', d.types.timestamp, (col) => col.notNull())
        .execute();
      await db.schema
        .createIndex('visitor_consents_visitor')
        .on('visitor_consents')
        .columns(['visitor_id', 'id'])
        .execute();
      await db.schema
        .alterTable('visitors')
        .addColumn('member_id', 'integer', (col) =>
          col.references('members.id').onDelete('set null'),
        )
        .execute();
      // NULLs are distinct on both databases: many unconverted visitors, one per member.
      await db.schema
        .createIndex('visitors_member')
        .on('visitors')
        .column('member_id')
        .unique()
        .execute();
      await sql`
        INSERT INTO visitor_consents (visitor_id, consent_version_id, action, at, recorded_by, created_at)
        SELECT id, consent_version_id, 'grant', consent_at, created_by, consent_at
        FROM visitors
        WHERE consent_version_id IS NOT NULL AND consent_at IS NOT NULL
        ORDER BY id
      `.execute(db);
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropIndex('visitors_member').execute();
      await db.schema.alterTable('visitors').dropColumn('member_id').execute();
      await db.schema.dropTable('visitor_consents').execute();
    },
  };
}
