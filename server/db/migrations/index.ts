import type { Migration } from 'kysely';
import type { DialectHelpers } from '../dialect.js';
import { usersMigration } from './0001_users.js';
import { churchMigration } from './0002_church.js';
import { membersMigration } from './0003_members.js';
import { memberIndexesMigration } from './0004_member_indexes.js';
import { credentialsLettersMigration } from './0005_credentials_letters.js';
import { financeMigration } from './0006_finance.js';

/** Every migration, in order. Add new ones at the end with the next number. */
export function migrations(d: DialectHelpers): Record<string, Migration> {
  return {
    '0001_users': usersMigration(d),
    '0002_church': churchMigration(d),
    '0003_members': membersMigration(d),
    '0004_member_indexes': memberIndexesMigration(d),
    '0005_credentials_letters': credentialsLettersMigration(d),
    '0006_finance': financeMigration(d),
  };
}
