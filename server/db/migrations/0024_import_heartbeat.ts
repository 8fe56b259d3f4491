// A member import's heartbeat: the process running an import stamps it every few seconds, so a
// server that starts beside it (two processes on one PostgreSQL) recovers only the imports whose
// process has stopped, not one another process is writing.
import type { Kysely } from 'kysely';
import type { MigrationDialect } from './dialect.js';

export function importHeartbeatMigration(d: MigrationDialect) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('member_imports')
        .addColumn('heartbeat_at', d.types.timestamp)
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable('member_imports').dropColumn('heartbeat_at').execute();
    },
  };
}
