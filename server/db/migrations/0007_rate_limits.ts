// Rate-limit counters shared by every API process on one database: a fixed window per key
// (hits until reset_at), and for the sign-in and password throttles a time before which the key
// may not try again (blocked_until). Times are milliseconds since the epoch; expired rows are
// purged by the server on a timer.
import type { Kysely } from 'kysely';
import type { MigrationDialect } from './dialect.js';

export function rateLimitsMigration(_d: MigrationDialect) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('rate_limits')
        .addColumn('key', 'text', (col) => col.primaryKey())
        .addColumn('hits', 'integer', (col) => col.notNull())
        .addColumn('reset_at', 'bigint', (col) => col.notNull())
        .addColumn('blocked_until', 'bigint', (col) => col.notNull().defaultTo(0))
        .execute();
      await db.schema
        .createIndex('rate_limits_reset_at')
        .on('rate_limits')
        .column('reset_at')
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('rate_limits').execute();
    },
  };
}
