// The first-run checklist of the dashboard (SPEC: a new church is asked its name, pastor, city,
// logo, credential validity and first users): when the admin dismissed it, and when the
// credential validity was last confirmed on the church form. A church already named by the
// time of this migration has saved that form, which always sends the validity.
import { type Kysely, sql } from 'kysely';
import type { MigrationDialect } from './dialect.js';

export function setupChecklistMigration(d: MigrationDialect) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('church')
        .addColumn('setup_dismissed_at', d.types.timestamp)
        .execute();
      await db.schema
        .alterTable('church')
        .addColumn('credential_validity_confirmed_at', d.types.timestamp)
        .execute();
      await sql`update church set credential_validity_confirmed_at = updated_at where name <> 'Minha Igreja'`.execute(
        db,
      );
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable('church').dropColumn('credential_validity_confirmed_at').execute();
      await db.schema.alterTable('church').dropColumn('setup_dismissed_at').execute();
    },
  };
}
