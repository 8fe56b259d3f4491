// Issue 26, a visitor's rights under LGPD: a visitor who never became a member may ask for their
// data and for its erasure, as a member may. visitors.anonymized_at marks the record whose
// identity was erased (server/modules/subjectRights/visitors.ts): it takes no personal data again.
import type { Kysely } from 'kysely';
import type { MigrationDialect } from './dialect.js';

export function visitorAnonymizationMigration(d: MigrationDialect) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('visitors')
        .addColumn('anonymized_at', d.types.timestamp)
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable('visitors').dropColumn('anonymized_at').execute();
    },
  };
}
