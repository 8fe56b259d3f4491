// Issue 28, the two-phase transfer: a transfer letter opens an outgoing transfer (requested →
// sent → confirmed, or cancelled) and the member stays on the roll "em transferência" until the
// receiving church confirms; an incoming transfer records a letter received from another church.
// The confirmation code printed on the letter is kept only as its SHA-256 hash.
// Transfer letters issued before (their members already "transferred") become confirmed
// transfers; letters recorded from paper stay as they are.
import { type Kysely, sql } from 'kysely';
import type { MigrationDialect } from './dialect.js';

export function transfersMigration(d: MigrationDialect) {
  return {
    async up(db: Kysely<unknown>) {
      await d
        .addId(db.schema.createTable('transfers'))
        .addColumn('direction', 'text', (col) => col.notNull())
        .addColumn('state', 'text', (col) => col.notNull())
        .addColumn('member_id', 'integer', (col) => col.notNull().references('members.id'))
        // Outgoing: the letter issued (its destination is the receiving church's address).
        .addColumn('letter_id', 'integer', (col) => col.references('letters.id'))
        // Outgoing: the status the member returns to when the transfer is cancelled.
        .addColumn('previous_status', 'text')
        .addColumn('code_hash', 'text')
        // Incoming: the letter received.
        .addColumn('origin_church', 'text')
        .addColumn('origin_city', 'text')
        .addColumn('letter_number', 'text')
        .addColumn('letter_date', d.types.date)
        .addColumn('sent_at', d.types.timestamp)
        .addColumn('sent_by', 'integer', (col) => col.references('users.id').onDelete('set null'))
        .addColumn('confirmed_at', d.types.timestamp)
        .addColumn('confirmed_by', 'integer', (col) =>
          col.references('users.id').onDelete('set null'),
        )
        // The public confirmation: the receiving church and the person who confirmed.
        .addColumn('receiving_church', 'text')
        .addColumn('confirmed_by_name', 'text')
        .addColumn('cancelled_at', d.types.timestamp)
        .addColumn('cancelled_by', 'integer', (col) =>
          col.references('users.id').onDelete('set null'),
        )
        .addColumn('created_by', 'integer', (col) =>
          col.references('users.id').onDelete('set null'),
        )
        .addColumn('created_at', d.types.timestamp, (col) => col.notNull())
        .execute();
      await db.schema.createIndex('transfers_member').on('transfers').column('member_id').execute();
      await db.schema
        .createIndex('transfers_letter')
        .on('transfers')
        .column('letter_id')
        .unique()
        .execute();
      await db.schema
        .createIndex('transfers_code_hash')
        .on('transfers')
        .column('code_hash')
        .unique()
        .execute();
      await db.schema
        .createIndex('transfers_created')
        .on('transfers')
        .columns(['created_at', 'id'])
        .execute();
      await sql`insert into transfers
          (direction, state, member_id, letter_id, confirmed_at, created_by, created_at)
        select 'outgoing', 'confirmed', member_id, id, created_at, created_by, created_at
        from letters where letter_type = 'transfer' and not issued_on_paper
        order by id`.execute(db);
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('transfers').execute();
    },
  };
}
