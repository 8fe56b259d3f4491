// Church life (issue 26): the one attendance engine. A gathering is one occasion people attend —
// today an occurrence of a recurring culto or a one-off event, later a cell meeting or an EBD
// class session (its `kind`) — with the head counts the ushers take; an attendance is one named
// person present at it, a member or a visitor, once per gathering, with the client's key so a
// check-in replayed from a phone's offline queue is stored once.
import type { Kysely } from 'kysely';
import type { MigrationDialect } from './dialect.js';

export function churchLifeMigration(d: MigrationDialect) {
  return {
    async up(db: Kysely<unknown>) {
      // The recurring cultos of a congregation: "Culto de domingo", Sunday, 19:00.
      await d
        .addId(db.schema.createTable('worship_services'))
        .addColumn('congregation_id', 'integer', (col) =>
          col.notNull().references('congregations.id'),
        )
        .addColumn('name', 'text', (col) => col.notNull())
        // 0 = Sunday … 6 = Saturday.
        .addColumn('weekday', 'integer', (col) => col.notNull())
        // HH:MM
        .addColumn('time', 'text', (col) => col.notNull())
        .addColumn('active', d.types.bool, (col) =>
          col.notNull().defaultTo(d.name === 'sqlite' ? 1 : true),
        )
        .addColumn('created_at', d.types.timestamp, (col) => col.notNull())
        .addColumn('updated_at', d.types.timestamp, (col) => col.notNull())
        .execute();
      await db.schema
        .createIndex('worship_services_congregation')
        .on('worship_services')
        .column('congregation_id')
        .execute();

      await d
        .addId(db.schema.createTable('gatherings'))
        // service (a culto's occurrence) or event; later cell_meeting and ebd_session.
        .addColumn('kind', 'text', (col) => col.notNull())
        .addColumn('congregation_id', 'integer', (col) =>
          col.notNull().references('congregations.id'),
        )
        .addColumn('worship_service_id', 'integer', (col) =>
          col.references('worship_services.id').onDelete('set null'),
        )
        .addColumn('name', 'text', (col) => col.notNull())
        .addColumn('date', d.types.date, (col) => col.notNull())
        .addColumn('time', 'text')
        // The ushers' head counts; null: not counted (the named presence stands for it).
        .addColumn('count_members', 'integer')
        .addColumn('count_visitors', 'integer')
        .addColumn('count_children', 'integer')
        .addColumn('notes', 'text')
        .addColumn('created_by', 'integer', (col) =>
          col.references('users.id').onDelete('set null'),
        )
        .addColumn('created_at', d.types.timestamp, (col) => col.notNull())
        .addColumn('updated_at', d.types.timestamp, (col) => col.notNull())
        .execute();
      // A culto opens once a day: two phones pressing "Abrir o culto de hoje" get the same one.
      await db.schema
        .createIndex('gatherings_service_date')
        .on('gatherings')
        .columns(['worship_service_id', 'date'])
        .unique()
        .execute();
      await db.schema
        .createIndex('gatherings_congregation_date')
        .on('gatherings')
        .columns(['congregation_id', 'date'])
        .execute();
      await db.schema.createIndex('gatherings_date').on('gatherings').column('date').execute();

      // A person who is not (yet) a member; contact only with consent (LGPD), kept with the
      // version of the consent text they agreed to.
      await d
        .addId(db.schema.createTable('visitors'))
        .addColumn('congregation_id', 'integer', (col) =>
          col.notNull().references('congregations.id'),
        )
        .addColumn('name', 'text', (col) => col.notNull())
        .addColumn('search', 'text', (col) => col.notNull())
        .addColumn('phone', 'text')
        .addColumn('invited_by_id', 'integer', (col) =>
          col.references('members.id').onDelete('set null'),
        )
        .addColumn('first_visit', d.types.bool, (col) =>
          col.notNull().defaultTo(d.name === 'sqlite' ? 1 : true),
        )
        .addColumn('contact_consent', d.types.bool, (col) =>
          col.notNull().defaultTo(d.name === 'sqlite' ? 0 : false),
        )
        .addColumn('consent_version_id', 'integer', (col) => col.references('consent_versions.id'))
        .addColumn('consent_at', d.types.timestamp)
        .addColumn('notes', 'text')
        .addColumn('client_key', 'text', (col) => col.unique())
        .addColumn('created_by', 'integer', (col) =>
          col.references('users.id').onDelete('set null'),
        )
        .addColumn('created_at', d.types.timestamp, (col) => col.notNull())
        .addColumn('updated_at', d.types.timestamp, (col) => col.notNull())
        .execute();
      await db.schema
        .createIndex('visitors_congregation_created')
        .on('visitors')
        .columns(['congregation_id', 'created_at'])
        .execute();
      await db.schema
        .createIndex('visitors_invited_by')
        .on('visitors')
        .column('invited_by_id')
        .execute();

      await d
        .addId(db.schema.createTable('attendances'))
        .addColumn('gathering_id', 'integer', (col) =>
          col.notNull().references('gatherings.id').onDelete('cascade'),
        )
        .addColumn('member_id', 'integer', (col) =>
          col.references('members.id').onDelete('cascade'),
        )
        .addColumn('visitor_id', 'integer', (col) =>
          col.references('visitors.id').onDelete('cascade'),
        )
        // name (searched), qr (credential scanned) or visitor (quick-add).
        .addColumn('method', 'text', (col) => col.notNull())
        // The phone's idempotency key: a replayed check-in finds its first copy.
        .addColumn('client_key', 'text', (col) => col.unique())
        .addColumn('created_by', 'integer', (col) =>
          col.references('users.id').onDelete('set null'),
        )
        .addColumn('created_at', d.types.timestamp, (col) => col.notNull())
        .execute();
      // Once per person and gathering (NULLs are distinct on both databases).
      await db.schema
        .createIndex('attendances_gathering_member')
        .on('attendances')
        .columns(['gathering_id', 'member_id'])
        .unique()
        .execute();
      await db.schema
        .createIndex('attendances_gathering_visitor')
        .on('attendances')
        .columns(['gathering_id', 'visitor_id'])
        .unique()
        .execute();
      await db.schema
        .createIndex('attendances_member')
        .on('attendances')
        .column('member_id')
        .execute();
      await db.schema
        .createIndex('attendances_visitor')
        .on('attendances')
        .column('visitor_id')
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('attendances').execute();
      await db.schema.dropTable('visitors').execute();
      await db.schema.dropTable('gatherings').execute();
      await db.schema.dropTable('worship_services').execute();
    },
  };
}
