// Issue 12 (congregations): a church is a sede with sub-sedes and congregações. Every member,
// bank account, income, expense and payable belongs to one, a department to one or to the whole
// church (NULL); a user may be limited to some (users.congregation_ids, '[]' = the whole church).
// The migration creates the sede, named after the church, and files every existing record there.
import { type Kysely, sql } from 'kysely';
import type { MigrationDialect } from './dialect.js';

/** Tables whose rows always belong to a congregation. */
const REQUIRED = ['members', 'bank_accounts', 'incomes', 'expenses', 'accounts_payable'] as const;
const SEDE_ID = 1;

export function congregationsMigration(d: MigrationDialect) {
  return {
    async up(db: Kysely<unknown>) {
      await d
        .addId(db.schema.createTable('congregations'))
        .addColumn('name', 'text', (col) => col.notNull())
        .addColumn('kind', 'text', (col) => col.notNull())
        .addColumn('parent_id', 'integer', (col) => col.references('congregations.id'))
        .addColumn('slug', 'text', (col) => col.notNull().unique())
        .addColumn('zip_code', 'text')
        .addColumn('street', 'text')
        .addColumn('number', 'text')
        .addColumn('complement', 'text')
        .addColumn('district', 'text')
        .addColumn('city', 'text')
        .addColumn('state', 'text')
        .addColumn('leader_name', 'text')
        .addColumn('phone', 'text')
        .addColumn('email', 'text')
        .addColumn('active', d.types.bool, (col) =>
          col.notNull().defaultTo(d.name === 'sqlite' ? 1 : true),
        )
        .addColumn('search', 'text', (col) => col.notNull().defaultTo(''))
        .addColumn('created_at', d.types.timestamp, (col) => col.notNull())
        .addColumn('updated_at', d.types.timestamp, (col) => col.notNull())
        .execute();
      await db.schema
        .createIndex('congregations_parent')
        .on('congregations')
        .column('parent_id')
        .execute();
      // One sede per church.
      await sql`create unique index congregations_one_sede on congregations (kind) where kind = 'sede'`.execute(
        db,
      );

      const now = new Date().toISOString();
      await sql`insert into congregations (id, name, kind, slug, active, search, created_at, updated_at)
        values (${SEDE_ID}, coalesce((select name from church where id = 1), 'Sede'), 'sede', 'sede',
          ${d.name === 'sqlite' ? sql.lit(1) : sql.lit(true)}, 'sede', ${now}, ${now})`.execute(db);
      if (d.name === 'postgres') {
        await sql`select setval(pg_get_serial_sequence('congregations', 'id'), ${SEDE_ID})`.execute(
          db,
        );
      }

      // Required columns default to the sede, so a row written without one lands there. SQLite
      // cannot add a column with a foreign key and a non-NULL default: there the reference is
      // kept by the server (a congregation with records is never deleted).
      for (const table of REQUIRED) {
        await db.schema
          .alterTable(table)
          .addColumn('congregation_id', 'integer', (col) => {
            const required = col.notNull().defaultTo(SEDE_ID);
            return d.name === 'postgres' ? required.references('congregations.id') : required;
          })
          .execute();
      }
      await db.schema
        .alterTable('departments')
        .addColumn('congregation_id', 'integer', (col) => col.references('congregations.id'))
        .execute();
      await db.schema
        .createIndex('members_congregation_name')
        .on('members')
        .columns(['congregation_id', 'sort_name', 'id'])
        .execute();
      for (const table of [
        'departments',
        'bank_accounts',
        'incomes',
        'expenses',
        'accounts_payable',
      ]) {
        await db.schema
          .createIndex(`${table}_congregation`)
          .on(table)
          .column('congregation_id')
          .execute();
      }

      await db.schema
        .alterTable('users')
        .addColumn('congregation_ids', 'text', (col) => col.notNull().defaultTo('[]'))
        .execute();

      await d
        .addId(db.schema.createTable('member_moves'))
        .addColumn('member_id', 'integer', (col) =>
          col.notNull().references('members.id').onDelete('cascade'),
        )
        .addColumn('from_congregation_id', 'integer', (col) =>
          col.notNull().references('congregations.id'),
        )
        .addColumn('to_congregation_id', 'integer', (col) =>
          col.notNull().references('congregations.id'),
        )
        .addColumn('moved_on', d.types.date, (col) => col.notNull())
        .addColumn('user_id', 'integer', (col) => col.references('users.id').onDelete('set null'))
        .addColumn('created_at', d.types.timestamp, (col) => col.notNull())
        .execute();
      await db.schema
        .createIndex('member_moves_member')
        .on('member_moves')
        .columns(['member_id', 'moved_on'])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('member_moves').execute();
      await db.schema.alterTable('users').dropColumn('congregation_ids').execute();
      for (const table of [
        'departments',
        'bank_accounts',
        'incomes',
        'expenses',
        'accounts_payable',
      ]) {
        await db.schema.dropIndex(`${table}_congregation`).execute();
      }
      await db.schema.dropIndex('members_congregation_name').execute();
      for (const table of [...REQUIRED, 'departments']) {
        await db.schema.alterTable(table).dropColumn('congregation_id').execute();
      }
      await db.schema.dropTable('congregations').execute();
    },
  };
}
