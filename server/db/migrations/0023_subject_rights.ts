// The data subject's rights (issue 13, LGPD art. 18): a member anonymized at their request keeps
// the moment it happened. It is what makes a second anonymization a conflict and what keeps
// personal data from coming back through an edit (the name alone cannot tell: it is typed).
import type { Kysely } from 'kysely';
import type { MigrationDialect } from './dialect.js';

export function subjectRightsMigration(d: MigrationDialect) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('members').addColumn('anonymized_at', d.types.timestamp).execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable('members').dropColumn('anonymized_at').execute();
    },
  };
}
