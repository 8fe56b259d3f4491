// Issue 26, células and the líder: a user linked to a member (users.member_id: the líder is one
// of the church's people), the cells' tree per congregation (rede → setor → célula, one table
// with a parent and a level, the levels' names in cell_levels), the cells' members, and a cell
// meeting as a gathering of kind 'cell' (gatherings.cell_id): one report per cell and date, its
// present people the one attendance engine's attendances. A cell born of another keeps its
// mother (cells.origin_id); the mother's reports stay hers.
import { type Kysely, sql } from 'kysely';
import type { MigrationDialect } from './dialect.js';

export function cellsMigration(d: MigrationDialect) {
  const yes = d.name === 'sqlite' ? 1 : true;
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('users')
        .addColumn('member_id', 'integer', (col) =>
          col.references('members.id').onDelete('set null'),
        )
        .execute();
      // One user per member (NULLs are distinct on both databases).
      await db.schema
        .createIndex('users_member')
        .on('users')
        .column('member_id')
        .unique()
        .execute();

      await db.schema
        .createTable('cell_levels')
        // network, sector or cell.
        .addColumn('level', 'text', (col) => col.primaryKey())
        .addColumn('name', 'text', (col) => col.notNull())
        .addColumn('updated_at', d.types.timestamp, (col) => col.notNull())
        .execute();
      const now = new Date().toISOString();
      await sql`
        INSERT INTO cell_levels (level, name, updated_at)
        VALUES ('network', 'Rede', ${now}), ('sector', 'Setor', ${now}), ('cell', 'Célula', ${now})
      `.execute(db);

      await d
        .addId(db.schema.createTable('cells'))
        .addColumn('congregation_id', 'integer', (col) =>
          col.notNull().references('congregations.id'),
        )
        .addColumn('parent_id', 'integer', (col) => col.references('cells.id'))
        .addColumn('level', 'text', (col) => col.notNull())
        .addColumn('name', 'text', (col) => col.notNull())
        .addColumn('leader_id', 'integer', (col) =>
          col.references('members.id').onDelete('set null'),
        )
        .addColumn('co_leader_id', 'integer', (col) =>
          col.references('members.id').onDelete('set null'),
        )
        .addColumn('host_address', 'text')
        // 0 = Sunday … 6 = Saturday, as the cultos'.
        .addColumn('weekday', 'integer')
        .addColumn('time', 'text')
        .addColumn('active', d.types.bool, (col) => col.notNull().defaultTo(yes))
        // The mother cell of one born by multiplication, and the day it was born.
        .addColumn('origin_id', 'integer', (col) => col.references('cells.id'))
        .addColumn('born_on', d.types.date)
        .addColumn('created_at', d.types.timestamp, (col) => col.notNull())
        .addColumn('updated_at', d.types.timestamp, (col) => col.notNull())
        .execute();
      await db.schema
        .createIndex('cells_congregation')
        .on('cells')
        .column('congregation_id')
        .execute();
      await db.schema.createIndex('cells_parent').on('cells').column('parent_id').execute();
      await db.schema.createIndex('cells_leader').on('cells').column('leader_id').execute();
      await db.schema.createIndex('cells_co_leader').on('cells').column('co_leader_id').execute();

      await d
        .addId(db.schema.createTable('cell_members'))
        .addColumn('cell_id', 'integer', (col) =>
          col.notNull().references('cells.id').onDelete('cascade'),
        )
        .addColumn('member_id', 'integer', (col) =>
          col.notNull().references('members.id').onDelete('cascade'),
        )
        .addColumn('created_at', d.types.timestamp, (col) => col.notNull())
        .execute();
      await db.schema
        .createIndex('cell_members_cell_member')
        .on('cell_members')
        .columns(['cell_id', 'member_id'])
        .unique()
        .execute();
      await db.schema
        .createIndex('cell_members_member')
        .on('cell_members')
        .column('member_id')
        .execute();

      await db.schema
        .alterTable('gatherings')
        .addColumn('cell_id', 'integer', (col) => col.references('cells.id'))
        .execute();
      // One report per cell and day: two phones sending it get the same gathering.
      await db.schema
        .createIndex('gatherings_cell_date')
        .on('gatherings')
        .columns(['cell_id', 'date'])
        .unique()
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropIndex('gatherings_cell_date').execute();
      await db.schema.alterTable('gatherings').dropColumn('cell_id').execute();
      await db.schema.dropTable('cell_members').execute();
      await db.schema.dropTable('cells').execute();
      await db.schema.dropTable('cell_levels').execute();
      await db.schema.dropIndex('users_member').execute();
      await db.schema.alterTable('users').dropColumn('member_id').execute();
    },
  };
}
