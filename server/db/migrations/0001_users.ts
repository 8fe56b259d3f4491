import type { Kysely } from 'kysely';
import type { MigrationDialect } from './dialect.js';

export function usersMigration(d: MigrationDialect) {
  return {
    async up(db: Kysely<unknown>) {
      await d
        .addId(db.schema.createTable('users'))
        .addColumn('name', 'text', (col) => col.notNull())
        .addColumn('email', 'text', (col) => col.notNull().unique())
        .addColumn('password_digest', 'text', (col) => col.notNull())
        .addColumn('roles', 'text', (col) => col.notNull().defaultTo('[]'))
        // name and e-mail, lowercase without accents (domain/search.ts), for the q filter
        .addColumn('search', 'text', (col) => col.notNull().defaultTo(''))
        .addColumn('active', d.types.bool, (col) =>
          col.notNull().defaultTo(d.name === 'sqlite' ? 1 : true),
        )
        .addColumn('created_at', d.types.timestamp, (col) => col.notNull())
        .addColumn('updated_at', d.types.timestamp, (col) => col.notNull())
        .execute();

      await d
        .addId(db.schema.createTable('user_tokens'))
        .addColumn('user_id', 'integer', (col) =>
          col.notNull().references('users.id').onDelete('cascade'),
        )
        .addColumn('client', 'text', (col) => col.notNull())
        .addColumn('token_digest', 'text', (col) => col.notNull())
        .addColumn('previous_token_digest', 'text')
        .addColumn('last_token_digest', 'text')
        .addColumn('expiry', 'bigint', (col) => col.notNull())
        .addColumn('updated_at_ms', 'bigint', (col) => col.notNull())
        .addUniqueConstraint('user_tokens_user_client', ['user_id', 'client'])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('user_tokens').execute();
      await db.schema.dropTable('users').execute();
    },
  };
}
