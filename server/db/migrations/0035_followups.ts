// Consolidação (issue 26): the church's follow-up pipeline (followup_stages, ordered, each with a
// default due offset in days; a sensible default pipeline is written here) and each visitor's
// steps (followups): one per stage, with its owner, due date and what became of it. A step keeps
// the stage's name and order as they were when it was made, so renaming a stage rewrites no
// history; a stage with steps is never deleted (deactivated instead). And, for the pastor's
// report at scale, an index for "quem sumiu" and each gathering's named presence kept by triggers.
import { type Kysely, sql } from 'kysely';
import type { MigrationDialect } from './dialect.js';

const DEFAULT_STAGES = [
  { name: 'Ligação em 48 h', due_days: 2, sort_order: 10 },
  { name: 'Visita', due_days: 7, sort_order: 20 },
  { name: 'Encontro', due_days: 21, sort_order: 30 },
  { name: 'Batismo', due_days: 90, sort_order: 40 },
];

export function followupsMigration(d: MigrationDialect) {
  return {
    async up(db: Kysely<unknown>) {
      await d
        .addId(db.schema.createTable('followup_stages'))
        .addColumn('name', 'text', (col) => col.notNull())
        .addColumn('due_days', 'integer', (col) => col.notNull())
        .addColumn('sort_order', 'integer', (col) => col.notNull())
        .addColumn('active', d.types.bool, (col) =>
          col.notNull().defaultTo(d.name === 'sqlite' ? 1 : true),
        )
        .addColumn('created_at', d.types.timestamp, (col) => col.notNull())
        .addColumn('updated_at', d.types.timestamp, (col) => col.notNull())
        .execute();
      const now = new Date().toISOString();
      for (const stage of DEFAULT_STAGES) {
        await sql`INSERT INTO followup_stages (name, due_days, sort_order, created_at, updated_at)
          VALUES (${stage.name}, ${stage.due_days}, ${stage.sort_order}, ${now}, ${now})`.execute(
          db,
        );
      }

      await d
        .addId(db.schema.createTable('followups'))
        .addColumn('visitor_id', 'integer', (col) =>
          col.notNull().references('visitors.id').onDelete('cascade'),
        )
        .addColumn('stage_id', 'integer', (col) => col.notNull().references('followup_stages.id'))
        // The stage's name and order when the step was made.
        .addColumn('name', 'text', (col) => col.notNull())
        .addColumn('sort_order', 'integer', (col) => col.notNull())
        .addColumn('owner_id', 'integer', (col) => col.references('users.id').onDelete('set null'))
        .addColumn('due_on', d.types.date, (col) => col.notNull())
        // open, done, skipped or canceled (the consent withdrawn).
        .addColumn('status', 'text', (col) => col.notNull())
        .addColumn('note', 'text')
        .addColumn('closed_at', d.types.timestamp)
        .addColumn('closed_by', 'integer', (col) => col.references('users.id').onDelete('set null'))
        .addColumn('created_by', 'integer', (col) =>
          col.references('users.id').onDelete('set null'),
        )
        .addColumn('created_at', d.types.timestamp, (col) => col.notNull())
        .addColumn('updated_at', d.types.timestamp, (col) => col.notNull())
        .execute();
      await db.schema
        .createIndex('followups_visitor')
        .on('followups')
        .columns(['visitor_id', 'sort_order'])
        .execute();
      // "Minhas tarefas" (an owner's open steps by due date) and the overdue list.
      await db.schema
        .createIndex('followups_owner_open')
        .on('followups')
        .columns(['owner_id', 'status', 'due_on'])
        .execute();
      await db.schema
        .createIndex('followups_status_due')
        .on('followups')
        .columns(['status', 'due_on'])
        .execute();
      await db.schema.createIndex('followups_stage').on('followups').column('stage_id').execute();

      // "Quem sumiu" (the pastor's report): each member's last presence read from the index
      // alone, in member order. It covers what attendances_member served.
      await db.schema
        .createIndex('attendances_member_gathering')
        .on('attendances')
        .columns(['member_id', 'gathering_id'])
        .execute();
      await db.schema.dropIndex('attendances_member').execute();

      // Each gathering's named presence, kept by the database itself on every attendance written
      // or removed (by the app, a cascade from a member or visitor deleted, anything): the
      // pastor's year of cultos reads thousands of gatherings, never a million presences.
      for (const column of ['named_members', 'named_visitors']) {
        await db.schema
          .alterTable('gatherings')
          .addColumn(column, 'integer', (col) => col.notNull().defaultTo(0))
          .execute();
      }
      await sql`UPDATE gatherings SET
        named_members = (SELECT count(*) FROM attendances a
          WHERE a.gathering_id = gatherings.id AND a.member_id IS NOT NULL),
        named_visitors = (SELECT count(*) FROM attendances a
          WHERE a.gathering_id = gatherings.id AND a.visitor_id IS NOT NULL)`.execute(db);
      if (d.name === 'sqlite') {
        const change = (row: 'new' | 'old', sign: '+' | '-') =>
          sql.raw(`UPDATE gatherings SET
            named_members = named_members ${sign} (${row}.member_id IS NOT NULL),
            named_visitors = named_visitors ${sign} (${row}.visitor_id IS NOT NULL)
            WHERE id = ${row}.gathering_id;`);
        await sql`CREATE TRIGGER attendances_named_insert AFTER INSERT ON attendances
          BEGIN ${change('new', '+')} END`.execute(db);
        await sql`CREATE TRIGGER attendances_named_delete AFTER DELETE ON attendances
          BEGIN ${change('old', '-')} END`.execute(db);
        await sql`CREATE TRIGGER attendances_named_update
          AFTER UPDATE OF gathering_id, member_id, visitor_id ON attendances
          BEGIN ${change('old', '-')} ${change('new', '+')} END`.execute(db);
      } else {
        await sql`CREATE FUNCTION attendances_named() RETURNS trigger LANGUAGE plpgsql AS $$
          BEGIN
            IF TG_OP IN ('DELETE', 'UPDATE') THEN
              UPDATE gatherings SET
                named_members = named_members - (OLD.member_id IS NOT NULL)::int,
                named_visitors = named_visitors - (OLD.visitor_id IS NOT NULL)::int
                WHERE id = OLD.gathering_id;
            END IF;
            IF TG_OP IN ('INSERT', 'UPDATE') THEN
              UPDATE gatherings SET
                named_members = named_members + (NEW.member_id IS NOT NULL)::int,
                named_visitors = named_visitors + (NEW.visitor_id IS NOT NULL)::int
                WHERE id = NEW.gathering_id;
            END IF;
            RETURN NULL;
          END $$`.execute(db);
        await sql`CREATE TRIGGER attendances_named
          AFTER INSERT OR DELETE OR UPDATE OF gathering_id, member_id, visitor_id ON attendances
          FOR EACH ROW EXECUTE FUNCTION attendances_named()`.execute(db);
      }
    },
    async down(db: Kysely<unknown>) {
      if (d.name === 'sqlite') {
        for (const event of ['insert', 'delete', 'update']) {
          await sql.raw(`DROP TRIGGER attendances_named_${event}`).execute(db);
        }
      } else {
        await sql`DROP TRIGGER attendances_named ON attendances`.execute(db);
        await sql`DROP FUNCTION attendances_named()`.execute(db);
      }
      await db.schema.alterTable('gatherings').dropColumn('named_visitors').execute();
      await db.schema.alterTable('gatherings').dropColumn('named_members').execute();
      await db.schema
        .createIndex('attendances_member')
        .on('attendances')
        .column('member_id')
        .execute();
      await db.schema.dropIndex('attendances_member_gathering').execute();
      await db.schema.dropTable('followups').execute();
      await db.schema.dropTable('followup_stages').execute();
    },
  };
}
