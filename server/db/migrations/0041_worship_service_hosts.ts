// Issue 26, the líder as host of a culto's check-in: the members an admin or a secretary assigns
// to a recurring culto to do its check-in. A member hosts a culto once; deleting either removes it.
import type { Kysely } from 'kysely';
import type { MigrationDialect } from './dialect.js';

export function worshipServiceHostsMigration(d: MigrationDialect) {
  return {
    async up(db: Kysely<unknown>) {
      await d
        .addId(db.schema.createTable('worship_service_hosts'))
        .addColumn('worship_service_id', 'integer', (col) =>
          col.notNull().references('worship_services.id').onDelete('cascade'),
        )
        .addColumn('member_id', 'integer', (col) =>
          col.notNull().references('members.id').onDelete('cascade'),
        )
        .execute();
      await db.schema
        .createIndex('worship_service_hosts_service_member')
        .on('worship_service_hosts')
        .columns(['worship_service_id', 'member_id'])
        .unique()
        .execute();
      // The líder's request reads his cultos by his member.
      await db.schema
        .createIndex('worship_service_hosts_member')
        .on('worship_service_hosts')
        .column('member_id')
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('worship_service_hosts').execute();
    },
  };
}
