// Issue 28, reaching people: the church's e-mail settings (a singleton row), messages and one
// delivery per person — the durable queue the server's worker claims with a lease — and the
// people who asked to receive no more messages.
import { type Kysely, sql } from 'kysely';
import type { MigrationDialect } from './dialect.js';

const BIRTHDAY_SUBJECT = 'Feliz aniversário, {primeiro_nome}!';
const BIRTHDAY_BODY =
  'Querido(a) {primeiro_nome},\n\nA {igreja} celebra com você a vida que Deus lhe deu. ' +
  'Que o Senhor o(a) abençoe neste novo ano!\n\nCom carinho,\n{igreja}';

export function messagesMigration(d: MigrationDialect) {
  const { bool, date, timestamp } = d.types;
  const no = d.name === 'postgres' ? sql`false` : sql`0`;
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('message_settings')
        .addColumn('id', 'integer', (col) => col.primaryKey())
        .addColumn('smtp_host', 'text')
        .addColumn('smtp_port', 'integer', (col) => col.notNull().defaultTo(587))
        .addColumn('smtp_security', 'text', (col) => col.notNull().defaultTo('starttls'))
        .addColumn('smtp_user', 'text')
        .addColumn('smtp_password', 'text')
        .addColumn('from_name', 'text')
        .addColumn('from_email', 'text')
        .addColumn('rate_per_minute', 'integer', (col) => col.notNull().defaultTo(60))
        .addColumn('birthday_enabled', bool, (col) => col.notNull().defaultTo(no))
        .addColumn('birthday_subject', 'text', (col) => col.notNull())
        .addColumn('birthday_body', 'text', (col) => col.notNull())
        .addColumn('updated_at', timestamp)
        .execute();
      await db
        .insertInto('message_settings' as never)
        .values({
          id: 1,
          birthday_subject: BIRTHDAY_SUBJECT,
          birthday_body: BIRTHDAY_BODY,
        } as never)
        .execute();

      await d
        .addId(db.schema.createTable('messages'))
        .addColumn('kind', 'text', (col) => col.notNull())
        .addColumn('channel', 'text', (col) => col.notNull())
        .addColumn('subject', 'text', (col) => col.notNull())
        .addColumn('body', 'text', (col) => col.notNull())
        .addColumn('audience', 'text', (col) => col.notNull())
        // The one congregation the audience is limited to; null: several or the whole church.
        .addColumn('congregation_id', 'integer', (col) => col.references('congregations.id'))
        .addColumn('link_base', 'text', (col) => col.notNull())
        .addColumn('birthday_on', date)
        .addColumn('created_by', 'integer', (col) => col.references('users.id'))
        .addColumn('created_at', timestamp, (col) => col.notNull())
        .execute();
      await db.schema
        .createIndex('messages_birthday_on')
        .on('messages')
        .column('birthday_on')
        .unique()
        .execute();

      await d
        .addId(db.schema.createTable('message_deliveries'))
        .addColumn('message_id', 'integer', (col) =>
          col.notNull().references('messages.id').onDelete('cascade'),
        )
        .addColumn('member_id', 'integer', (col) => col.references('members.id'))
        .addColumn('visitor_id', 'integer', (col) => col.references('visitors.id'))
        .addColumn('congregation_id', 'integer', (col) => col.notNull())
        .addColumn('name', 'text', (col) => col.notNull())
        .addColumn('address', 'text')
        .addColumn('status', 'text', (col) => col.notNull())
        .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
        .addColumn('available_at', timestamp)
        .addColumn('lease_until', timestamp)
        .addColumn('leased_by', 'text')
        .addColumn('error', 'text')
        .addColumn('token', 'text', (col) => col.notNull())
        .addColumn('sent_at', timestamp)
        .execute();
      // The worker's claim: the queued rows due first, and the leases run out.
      await db.schema
        .createIndex('message_deliveries_queue')
        .on('message_deliveries')
        .columns(['status', 'available_at', 'id'])
        .execute();
      await db.schema
        .createIndex('message_deliveries_message')
        .on('message_deliveries')
        .columns(['message_id', 'status'])
        .execute();
      await db.schema
        .createIndex('message_deliveries_token')
        .on('message_deliveries')
        .column('token')
        .unique()
        .execute();
      await db.schema
        .createIndex('message_deliveries_member')
        .on('message_deliveries')
        .columns(['member_id', 'message_id'])
        .execute();
      await db.schema
        .createIndex('message_deliveries_visitor')
        .on('message_deliveries')
        .columns(['visitor_id'])
        .execute();
      // The pace across every process: what was sent in the last minute.
      await db.schema
        .createIndex('message_deliveries_sent_at')
        .on('message_deliveries')
        .column('sent_at')
        .execute();

      await d
        .addId(db.schema.createTable('message_opt_outs'))
        .addColumn('member_id', 'integer', (col) => col.references('members.id'))
        .addColumn('visitor_id', 'integer', (col) => col.references('visitors.id'))
        .addColumn('created_at', timestamp, (col) => col.notNull())
        .execute();
      await db.schema
        .createIndex('message_opt_outs_member')
        .on('message_opt_outs')
        .column('member_id')
        .unique()
        .execute();
      await db.schema
        .createIndex('message_opt_outs_visitor')
        .on('message_opt_outs')
        .column('visitor_id')
        .unique()
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('message_opt_outs').execute();
      await db.schema.dropTable('message_deliveries').execute();
      await db.schema.dropTable('messages').execute();
      await db.schema.dropTable('message_settings').execute();
    },
  };
}
