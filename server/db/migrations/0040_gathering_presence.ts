// A gathering's named presence in slots (issue 26, the check-in's speed). Migration 0035 kept it in
// two columns of the gathering's row, raised by a trigger on every attendance: eight phones
// checking in at one culto then queued on that one row, each holding its lock until its commit
// was on disk (PostgreSQL, 1,000,000 members: the insert waited 47 ms at the median, 256 ms at
// p95). The counts now live in SLOTS (8) rows per gathering, an attendance's row being its id modulo
// SLOTS: phones checking in at once write different rows, and a gathering's count is the sum of
// its few rows (the pastor's year reads them by gathering, as it read the columns). The same
// triggers keep them, so every write of an attendance — the app's, a cascade, anything — counts.
import { type Kysely, sql } from 'kysely';
import type { MigrationDialect } from './dialect.js';

/** Rows per gathering (frozen with 0040: an attendance's slot is its id modulo this). */
const SLOTS = 8;

const SQLITE_EVENTS = ['insert', 'delete', 'update'] as const;

export function gatheringPresenceMigration(d: MigrationDialect) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('gathering_presence')
        .addColumn('gathering_id', 'integer', (col) =>
          col.notNull().references('gatherings.id').onDelete('cascade'),
        )
        .addColumn('slot', 'integer', (col) => col.notNull())
        .addColumn('members', 'integer', (col) => col.notNull().defaultTo(0))
        .addColumn('visitors', 'integer', (col) => col.notNull().defaultTo(0))
        .addPrimaryKeyConstraint('gathering_presence_pkey', ['gathering_id', 'slot'])
        .$call((table) => (d.name === 'sqlite' ? table.modifyEnd(sql`without rowid`) : table))
        .execute();
      // Each attendance already there in its slot, as the triggers below will take it away.
      await sql`INSERT INTO gathering_presence (gathering_id, slot, members, visitors)
        SELECT gathering_id, id % ${sql.lit(SLOTS)}, count(member_id), count(visitor_id)
        FROM attendances GROUP BY gathering_id, id % ${sql.lit(SLOTS)}`.execute(db);

      // An attendance written adds to its slot (the row made when missing); one removed takes
      // from it — an update only: a gathering deleted takes its slots with it, before or after
      // the attendances its deletion cascades to.
      const add = (row: 'NEW') =>
        `INSERT INTO gathering_presence (gathering_id, slot, members, visitors)
          VALUES (${row}.gathering_id, ${row}.id % ${SLOTS},
            (${row}.member_id IS NOT NULL)${d.name === 'postgres' ? '::int' : ''},
            (${row}.visitor_id IS NOT NULL)${d.name === 'postgres' ? '::int' : ''})
          ON CONFLICT (gathering_id, slot) DO UPDATE SET
            members = gathering_presence.members + excluded.members,
            visitors = gathering_presence.visitors + excluded.visitors;`;
      const remove = (row: 'OLD') =>
        `UPDATE gathering_presence SET
            members = members - (${row}.member_id IS NOT NULL)${d.name === 'postgres' ? '::int' : ''},
            visitors = visitors - (${row}.visitor_id IS NOT NULL)${d.name === 'postgres' ? '::int' : ''}
          WHERE gathering_id = ${row}.gathering_id AND slot = ${row}.id % ${SLOTS};`;
      if (d.name === 'sqlite') {
        for (const event of SQLITE_EVENTS) {
          await sql.raw(`DROP TRIGGER attendances_named_${event}`).execute(db);
        }
        await sql`CREATE TRIGGER attendances_named_insert AFTER INSERT ON attendances
          BEGIN ${sql.raw(add('NEW'))} END`.execute(db);
        await sql`CREATE TRIGGER attendances_named_delete AFTER DELETE ON attendances
          BEGIN ${sql.raw(remove('OLD'))} END`.execute(db);
        await sql`CREATE TRIGGER attendances_named_update
          AFTER UPDATE OF gathering_id, member_id, visitor_id ON attendances
          BEGIN ${sql.raw(remove('OLD'))} ${sql.raw(add('NEW'))} END`.execute(db);
      } else {
        await sql`CREATE OR REPLACE FUNCTION attendances_named() RETURNS trigger LANGUAGE plpgsql AS $$
          BEGIN
            IF TG_OP IN ('DELETE', 'UPDATE') THEN
              ${sql.raw(remove('OLD'))}
            END IF;
            IF TG_OP IN ('INSERT', 'UPDATE') THEN
              ${sql.raw(add('NEW'))}
            END IF;
            RETURN NULL;
          END $$`.execute(db);
      }
      await db.schema.alterTable('gatherings').dropColumn('named_visitors').execute();
      await db.schema.alterTable('gatherings').dropColumn('named_members').execute();
    },
    async down(db: Kysely<unknown>) {
      for (const column of ['named_members', 'named_visitors']) {
        await db.schema
          .alterTable('gatherings')
          .addColumn(column, 'integer', (col) => col.notNull().defaultTo(0))
          .execute();
      }
      await sql`UPDATE gatherings SET
        named_members = (SELECT coalesce(sum(p.members), 0) FROM gathering_presence p
          WHERE p.gathering_id = gatherings.id),
        named_visitors = (SELECT coalesce(sum(p.visitors), 0) FROM gathering_presence p
          WHERE p.gathering_id = gatherings.id)`.execute(db);
      const change = (row: 'NEW' | 'OLD', sign: '+' | '-') =>
        `UPDATE gatherings SET
          named_members = named_members ${sign} (${row}.member_id IS NOT NULL)${d.name === 'postgres' ? '::int' : ''},
          named_visitors = named_visitors ${sign} (${row}.visitor_id IS NOT NULL)${d.name === 'postgres' ? '::int' : ''}
          WHERE id = ${row}.gathering_id;`;
      if (d.name === 'sqlite') {
        for (const event of SQLITE_EVENTS) {
          await sql.raw(`DROP TRIGGER attendances_named_${event}`).execute(db);
        }
        await sql`CREATE TRIGGER attendances_named_insert AFTER INSERT ON attendances
          BEGIN ${sql.raw(change('NEW', '+'))} END`.execute(db);
        await sql`CREATE TRIGGER attendances_named_delete AFTER DELETE ON attendances
          BEGIN ${sql.raw(change('OLD', '-'))} END`.execute(db);
        await sql`CREATE TRIGGER attendances_named_update
          AFTER UPDATE OF gathering_id, member_id, visitor_id ON attendances
          BEGIN ${sql.raw(change('OLD', '-'))} ${sql.raw(change('NEW', '+'))} END`.execute(db);
      } else {
        await sql`CREATE OR REPLACE FUNCTION attendances_named() RETURNS trigger LANGUAGE plpgsql AS $$
          BEGIN
            IF TG_OP IN ('DELETE', 'UPDATE') THEN
              ${sql.raw(change('OLD', '-'))}
            END IF;
            IF TG_OP IN ('INSERT', 'UPDATE') THEN
              ${sql.raw(change('NEW', '+'))}
            END IF;
            RETURN NULL;
          END $$`.execute(db);
      }
      await db.schema.dropTable('gathering_presence').execute();
    },
  };
}
