// Issue 28, the member's self-update: the church's settings (how many days a link lives, which
// groups of fields a member may change) and the links, each a hashed token with its expiry, its
// single use and, once used, what the member sent waiting for the secretary's review.
import type { Kysely } from 'kysely';
import type { MigrationDialect } from './dialect.js';

/** Frozen here: address, phones, e-mail, profession and marital status. */
const DEFAULT_GROUPS = '["address","phones","email","profession","marital_status"]';

export function selfUpdateMigration(d: MigrationDialect) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('church')
        .addColumn('self_update_days', 'integer', (col) => col.notNull().defaultTo(7))
        .execute();
      await db.schema
        .alterTable('church')
        .addColumn('self_update_groups', 'text', (col) => col.notNull().defaultTo(DEFAULT_GROUPS))
        .execute();
      await d
        .addId(db.schema.createTable('self_updates'))
        .addColumn('member_id', 'integer', (col) =>
          col.notNull().references('members.id').onDelete('cascade'),
        )
        // SHA-256 of the token (hex): the token itself is only in the link.
        .addColumn('token_digest', 'text', (col) => col.notNull().unique())
        .addColumn('created_by', 'integer', (col) =>
          col.references('users.id').onDelete('set null'),
        )
        .addColumn('created_at', d.types.timestamp, (col) => col.notNull())
        .addColumn('expires_at', d.types.timestamp, (col) => col.notNull())
        .addColumn('revoked_at', d.types.timestamp)
        // Set once, by the one submission that wins (the link dies with it).
        .addColumn('submitted_at', d.types.timestamp)
        // JSON: field -> [value when sent, value proposed], only the fields the member changed.
        .addColumn('changes', 'text')
        .addColumn('consent_version_id', 'integer', (col) => col.references('consent_versions.id'))
        // null while no submission; pending, approved, rejected or discarded (anonymization).
        .addColumn('review_status', 'text')
        .addColumn('reviewed_by', 'integer', (col) =>
          col.references('users.id').onDelete('set null'),
        )
        .addColumn('reviewed_at', d.types.timestamp)
        .execute();
      await db.schema
        .createIndex('self_updates_member')
        .on('self_updates')
        .columns(['member_id', 'id'])
        .execute();
      await db.schema
        .createIndex('self_updates_review')
        .on('self_updates')
        .columns(['review_status', 'submitted_at'])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('self_updates').execute();
      await db.schema.alterTable('church').dropColumn('self_update_groups').execute();
      await db.schema.alterTable('church').dropColumn('self_update_days').execute();
    },
  };
}
