import { type Kysely, sql } from 'kysely';
import type { MigrationDialect } from './dialect.js';

export function credentialsLettersMigration(d: MigrationDialect) {
  return {
    async up(db: Kysely<unknown>) {
      // One row per numbered series ('credential', 'letter:2026'): the next number is taken by
      // an UPDATE … RETURNING in the issuing transaction, so concurrent issues never share one.
      await db.schema
        .createTable('document_counters')
        .addColumn('name', 'text', (col) => col.primaryKey())
        .addColumn('value', 'integer', (col) => col.notNull())
        .execute();

      await d
        .addId(db.schema.createTable('credentials'))
        .addColumn('member_id', 'integer', (col) => col.notNull().references('members.id'))
        .addColumn('number', 'integer', (col) => col.notNull().unique())
        .addColumn('issued_on', d.types.date, (col) => col.notNull())
        .addColumn('expires_on', d.types.date, (col) => col.notNull())
        .addColumn('status', 'text', (col) => col.notNull())
        // Random, URL-safe: the public check page's address (never the id, which is guessable).
        .addColumn('code', 'text', (col) => col.notNull().unique())
        .addColumn('revoked_at', d.types.timestamp)
        .addColumn('created_by', 'integer', (col) =>
          col.references('users.id').onDelete('set null'),
        )
        .addColumn('created_at', d.types.timestamp, (col) => col.notNull())
        .execute();

      await d
        .addId(db.schema.createTable('letters'))
        .addColumn('member_id', 'integer', (col) => col.notNull().references('members.id'))
        .addColumn('letter_type', 'text', (col) => col.notNull())
        .addColumn('year', 'integer', (col) => col.notNull())
        .addColumn('number', 'integer', (col) => col.notNull())
        .addColumn('issued_on', d.types.date, (col) => col.notNull())
        .addColumn('destination_church', 'text', (col) => col.notNull())
        .addColumn('destination_city', 'text', (col) => col.notNull())
        .addColumn('notes', 'text')
        .addColumn('created_by', 'integer', (col) =>
          col.references('users.id').onDelete('set null'),
        )
        .addColumn('created_at', d.types.timestamp, (col) => col.notNull())
        .addUniqueConstraint('letters_year_number', ['year', 'number'])
        .execute();

      // Self-registration: the guardian of a minor, and the member a registration may repeat.
      await db.schema.alterTable('members').addColumn('guardian_name', 'text').execute();
      await db.schema
        .alterTable('members')
        .addColumn('guardian_consent_at', d.types.timestamp)
        .execute();
      await db.schema
        .alterTable('members')
        .addColumn('duplicate_of', 'integer', (col) =>
          col.references('members.id').onDelete('set null'),
        )
        .execute();
      await db.schema.alterTable('members').addColumn('duplicate_reason', 'text').execute();
      // The expiry of the member's active credential (null: none), kept by the credential writes,
      // so "members without a valid credential" reads one index instead of probing credentials.
      await db.schema
        .alterTable('members')
        .addColumn('credential_expires_on', d.types.date)
        .execute();

      const indexes: Array<[string, string, string[]]> = [
        ['credentials_status_expires_on', 'credentials', ['status', 'expires_on', 'number']],
        ['credentials_member', 'credentials', ['member_id', 'number']],
        ['letters_issued_on', 'letters', ['issued_on', 'id']],
        ['letters_type_issued_on', 'letters', ['letter_type', 'issued_on', 'id']],
        ['letters_member', 'letters', ['member_id', 'issued_on']],
        // Birthdays of active members in calendar order, then by name (the report's page order).
        ['members_status_birth_md', 'members', ['status', 'birth_md', 'sort_name', 'id']],
        // Active members by name, with the credential expiry to filter on inside the index.
        [
          'members_status_name_credential',
          'members',
          ['status', 'sort_name', 'id', 'credential_expires_on'],
        ],
        // Active members by the expiry of their card: "cartões a expirar" and its count.
        ['members_status_credential_expiry', 'members', ['status', 'credential_expires_on', 'id']],
        ['members_duplicate_of', 'members', ['duplicate_of']],
      ];
      for (const [name, table, columns] of indexes) {
        await db.schema.createIndex(name).on(table).columns(columns).execute();
      }
      // At most one active credential per member: issuing a new one revokes the previous.
      await db.schema
        .createIndex('credentials_one_active')
        .on('credentials')
        .column('member_id')
        .unique()
        .where(sql.ref('status'), '=', 'active')
        .execute();
    },
    async down(db: Kysely<unknown>) {
      for (const index of [
        'members_status_birth_md',
        'members_status_name_credential',
        'members_status_credential_expiry',
        'members_duplicate_of',
      ]) {
        await db.schema.dropIndex(index).execute();
      }
      for (const column of [
        'credential_expires_on',
        'duplicate_reason',
        'duplicate_of',
        'guardian_consent_at',
        'guardian_name',
      ]) {
        await db.schema.alterTable('members').dropColumn(column).execute();
      }
      for (const table of ['letters', 'credentials', 'document_counters']) {
        await db.schema.dropTable(table).execute();
      }
    },
  };
}
