// Two-factor sign-in for staff (issue 22): a user's TOTP secret (RFC 6238), when it was
// confirmed, the last time step used (a code is good once) and when the user's grace period to
// enrol starts; the user's one-time recovery codes (argon2id digests); and the church's
// requirement for admins and treasurers with its grace period.
import type { Kysely } from 'kysely';
import type { MigrationDialect } from './dialect.js';

export function twoFactorMigration(d: MigrationDialect) {
  return {
    async up(db: Kysely<unknown>) {
      // Set at the start of an enrolment; in force once two_factor_enabled_at is set.
      await db.schema.alterTable('users').addColumn('two_factor_secret', 'text').execute();
      await db.schema
        .alterTable('users')
        .addColumn('two_factor_enabled_at', d.types.timestamp)
        .execute();
      await db.schema.alterTable('users').addColumn('two_factor_last_step', 'bigint').execute();
      // Null: the grace period counts from the user's creation.
      await db.schema
        .alterTable('users')
        .addColumn('two_factor_grace_from', d.types.timestamp)
        .execute();

      await d
        .addId(db.schema.createTable('user_recovery_codes'))
        .addColumn('user_id', 'integer', (col) =>
          col.notNull().references('users.id').onDelete('cascade'),
        )
        .addColumn('code_digest', 'text', (col) => col.notNull())
        .addColumn('used_at', d.types.timestamp)
        .execute();
      await db.schema
        .createIndex('user_recovery_codes_user')
        .on('user_recovery_codes')
        .column('user_id')
        .execute();

      await db.schema
        .alterTable('church')
        .addColumn('two_factor_required', d.types.bool, (col) =>
          col.notNull().defaultTo(d.name === 'sqlite' ? 0 : false),
        )
        .execute();
      await db.schema
        .alterTable('church')
        .addColumn('two_factor_grace_days', 'integer', (col) => col.notNull().defaultTo(7))
        .execute();
      // When the requirement was switched on: nobody's grace period ends before this plus the days.
      await db.schema
        .alterTable('church')
        .addColumn('two_factor_required_since', d.types.timestamp)
        .execute();
    },
    async down(db: Kysely<unknown>) {
      for (const column of [
        'two_factor_required_since',
        'two_factor_grace_days',
        'two_factor_required',
      ]) {
        await db.schema.alterTable('church').dropColumn(column).execute();
      }
      await db.schema.dropTable('user_recovery_codes').execute();
      for (const column of [
        'two_factor_grace_from',
        'two_factor_last_step',
        'two_factor_enabled_at',
        'two_factor_secret',
      ]) {
        await db.schema.alterTable('users').dropColumn(column).execute();
      }
    },
  };
}
