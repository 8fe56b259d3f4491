// A past gathering's named presence folded into its own row (issue 26, the pastor's year at campo
// scale). The slots of 0040 keep 8 phones checking in at once apart, but a year of cultos left
// 8 rows per gathering for the report to join and group (PostgreSQL, 1,000,000 members: 273,000
// rows, p95 362 ms). Now a gathering's named presence is `folded_*` on its row plus the sum of its
// slots; a daily pass (churchLife/presenceFold.ts) moves the slots of the days gone by into the
// row, so the slots hold only the days being checked in. Every trigger now writes a signed delta
// to its slot (a removal too, into a new row when the fold took the slot away), so moving the sum
// of any slots into the row never changes a count, whenever it runs.
import { type Kysely, sql } from 'kysely';
import type { MigrationDialect } from './dialect.js';

/** Rows per gathering (frozen with 0040: an attendance's slot is its id modulo this). */
const SLOTS = 8;

const SQLITE_EVENTS = ['insert', 'delete', 'update'] as const;

export function foldedPresenceMigration(d: MigrationDialect) {
  const int = d.name === 'postgres' ? '::int' : '';
  /** Adds `sign` 1 to the slot of a NEW attendance or takes it from the slot of an OLD one. */
  const upsert = (row: 'NEW' | 'OLD', sign: '' | '-', guard: string) =>
    `INSERT INTO gathering_presence (gathering_id, slot, members, visitors)
      SELECT ${row}.gathering_id, ${row}.id % ${SLOTS},
        ${sign}(${row}.member_id IS NOT NULL)${int}, ${sign}(${row}.visitor_id IS NOT NULL)${int}
      ${guard}
      ON CONFLICT (gathering_id, slot) DO UPDATE SET
        members = gathering_presence.members + excluded.members,
        visitors = gathering_presence.visitors + excluded.visitors;`;
  // SQLite reads "SELECT … ON CONFLICT" as a join without a WHERE: `WHERE true` ends the SELECT.
  const add = upsert('NEW', '', 'WHERE true');
  // An attendance removed with its gathering (a cascade) takes nothing: the gathering is gone.
  const remove = upsert(
    'OLD',
    '-',
    `WHERE EXISTS (SELECT 1 FROM gatherings WHERE id = OLD.gathering_id)`,
  );

  /** The attendances' triggers, with `remove` and `add` as their two halves. */
  async function triggers(db: Kysely<unknown>, removal: string, addition: string) {
    if (d.name === 'sqlite') {
      for (const event of SQLITE_EVENTS) {
        await sql.raw(`DROP TRIGGER attendances_named_${event}`).execute(db);
      }
      await sql`CREATE TRIGGER attendances_named_insert AFTER INSERT ON attendances
        BEGIN ${sql.raw(addition)} END`.execute(db);
      await sql`CREATE TRIGGER attendances_named_delete AFTER DELETE ON attendances
        BEGIN ${sql.raw(removal)} END`.execute(db);
      await sql`CREATE TRIGGER attendances_named_update
        AFTER UPDATE OF gathering_id, member_id, visitor_id ON attendances
        BEGIN ${sql.raw(removal)} ${sql.raw(addition)} END`.execute(db);
    } else {
      await sql`CREATE OR REPLACE FUNCTION attendances_named() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          IF TG_OP IN ('DELETE', 'UPDATE') THEN
            ${sql.raw(removal)}
          END IF;
          IF TG_OP IN ('INSERT', 'UPDATE') THEN
            ${sql.raw(addition)}
          END IF;
          RETURN NULL;
        END $$`.execute(db);
    }
  }

  return {
    async up(db: Kysely<unknown>) {
      for (const column of ['folded_members', 'folded_visitors']) {
        await db.schema
          .alterTable('gatherings')
          .addColumn(column, 'integer', (col) => col.notNull().defaultTo(0))
          .execute();
      }
      // Every gathering's slots folded into its row now (no check-in writes while the
      // migration runs: on PostgreSQL the table is locked against them until the commit).
      if (d.name === 'postgres') {
        await sql`LOCK TABLE gathering_presence IN EXCLUSIVE MODE`.execute(db);
      }
      await sql`UPDATE gatherings SET
        folded_members = (SELECT sum(p.members) FROM gathering_presence p
          WHERE p.gathering_id = gatherings.id),
        folded_visitors = (SELECT sum(p.visitors) FROM gathering_presence p
          WHERE p.gathering_id = gatherings.id)
        WHERE id IN (SELECT gathering_id FROM gathering_presence)`.execute(db);
      // TRUNCATE gives PostgreSQL back the space of the slots' many updated versions.
      await sql
        .raw(
          d.name === 'postgres' ? 'TRUNCATE gathering_presence' : 'DELETE FROM gathering_presence',
        )
        .execute(db);
      await triggers(db, remove, add);
    },
    async down(db: Kysely<unknown>) {
      // 0040's slots exactly: each attendance counted in the slot of its id.
      if (d.name === 'postgres') {
        await sql`LOCK TABLE attendances IN EXCLUSIVE MODE`.execute(db);
      }
      await sql`DELETE FROM gathering_presence`.execute(db);
      await sql`INSERT INTO gathering_presence (gathering_id, slot, members, visitors)
        SELECT gathering_id, id % ${sql.lit(SLOTS)}, count(member_id), count(visitor_id)
        FROM attendances GROUP BY gathering_id, id % ${sql.lit(SLOTS)}`.execute(db);
      const add0040 = `INSERT INTO gathering_presence (gathering_id, slot, members, visitors)
          VALUES (NEW.gathering_id, NEW.id % ${SLOTS},
            (NEW.member_id IS NOT NULL)${int}, (NEW.visitor_id IS NOT NULL)${int})
          ON CONFLICT (gathering_id, slot) DO UPDATE SET
            members = gathering_presence.members + excluded.members,
            visitors = gathering_presence.visitors + excluded.visitors;`;
      const remove0040 = `UPDATE gathering_presence SET
            members = members - (OLD.member_id IS NOT NULL)${int},
            visitors = visitors - (OLD.visitor_id IS NOT NULL)${int}
          WHERE gathering_id = OLD.gathering_id AND slot = OLD.id % ${SLOTS};`;
      await triggers(db, remove0040, add0040);
      await db.schema.alterTable('gatherings').dropColumn('folded_visitors').execute();
      await db.schema.alterTable('gatherings').dropColumn('folded_members').execute();
    },
  };
}
