// Issue 12, the members side of congregations:
// - member_counts is kept per (congregation_id, status), so the unfiltered total of a scoped
//   list and the members by status of one congregation read a few rows (at 300 congregations
//   the whole church reads 300 × 7 rows at most — still no count of the members table). The
//   triggers of 0004 are rebuilt with the congregation in the key: SQLite row triggers,
//   PostgreSQL statement triggers with transition tables (a bulk change is one UPDATE per
//   (congregation, status) pair, applied in key order so concurrent statements lock the counter
//   rows in the same order).
// The index a scoped list under one status walks, members(congregation_id, status, sort_name,
// id), is 0013's (the scale work, with the other per-congregation indexes): none here.
import { type Kysely, sql } from 'kysely';
import type { MigrationDialect } from './dialect.js';
import { memberIndexesMigration } from './0004_member_indexes.js';

const TRIGGERS = ['member_counts_insert', 'member_counts_delete', 'member_counts_update'];

async function dropCountTriggers(db: Kysely<unknown>, d: MigrationDialect) {
  for (const name of TRIGGERS) {
    await sql`drop trigger if exists ${sql.ref(name)}${d.name === 'postgres' ? sql` on members` : sql``}`.execute(
      db,
    );
  }
  if (d.name === 'postgres') await sql`drop function if exists member_counts_apply()`.execute(db);
}

export function memberScopeMigration(d: MigrationDialect) {
  return {
    async up(db: Kysely<unknown>) {
      await dropCountTriggers(db, d);
      await db.schema.dropTable('member_counts').execute();
      await db.schema
        .createTable('member_counts')
        .addColumn('congregation_id', 'integer', (col) => col.notNull())
        .addColumn('status', 'text', (col) => col.notNull())
        .addColumn('count', 'integer', (col) => col.notNull())
        .addPrimaryKeyConstraint('member_counts_pkey', ['congregation_id', 'status'])
        .execute();
      await sql`insert into member_counts (congregation_id, status, count)
        select congregation_id, status, count(*) from members group by congregation_id, status`.execute(
        db,
      );

      if (d.name === 'sqlite') {
        const add = sql.raw(`insert into member_counts (congregation_id, status, count)
            values (new.congregation_id, new.status, 1)
            on conflict (congregation_id, status) do update set count = count + 1;`);
        const remove = sql.raw(`update member_counts set count = count - 1
            where congregation_id = old.congregation_id and status = old.status;`);
        await sql`create trigger member_counts_insert after insert on members begin ${add} end`.execute(
          db,
        );
        await sql`create trigger member_counts_delete after delete on members begin ${remove} end`.execute(
          db,
        );
        await sql`create trigger member_counts_update after update of status, congregation_id on members
          when old.status is not new.status or old.congregation_id is not new.congregation_id
          begin ${remove} ${add} end`.execute(db);
      } else {
        await sql`create function member_counts_apply() returns trigger language plpgsql as $$
          begin
            if tg_op = 'INSERT' then
              insert into member_counts (congregation_id, status, count)
                select congregation_id, status, count(*) from new_rows
                group by congregation_id, status order by congregation_id, status
                on conflict (congregation_id, status)
                do update set count = member_counts.count + excluded.count;
            elsif tg_op = 'DELETE' then
              update member_counts c set count = c.count - o.n
                from (select congregation_id, status, count(*) as n from old_rows
                  group by congregation_id, status order by congregation_id, status) o
                where c.congregation_id = o.congregation_id and c.status = o.status;
            else
              insert into member_counts (congregation_id, status, count)
                select congregation_id, status, sum(n) from (
                  select congregation_id, status, count(*) as n from new_rows
                  group by congregation_id, status
                  union all
                  select congregation_id, status, -count(*) from old_rows
                  group by congregation_id, status
                ) changes group by congregation_id, status having sum(n) <> 0
                order by congregation_id, status
                on conflict (congregation_id, status)
                do update set count = member_counts.count + excluded.count;
            end if;
            return null;
          end $$`.execute(db);
        await sql`create trigger member_counts_insert after insert on members
          referencing new table as new_rows
          for each statement execute function member_counts_apply()`.execute(db);
        await sql`create trigger member_counts_delete after delete on members
          referencing old table as old_rows
          for each statement execute function member_counts_apply()`.execute(db);
        await sql`create trigger member_counts_update after update on members
          referencing old table as old_rows new table as new_rows
          for each statement execute function member_counts_apply()`.execute(db);
      }
    },
    async down(db: Kysely<unknown>) {
      await dropCountTriggers(db, d);
      await db.schema.dropTable('member_counts').execute();
      // 0004 again: its counter table and triggers (and its index, dropped to be recreated).
      await db.schema.dropIndex('members_id_status_name').execute();
      await memberIndexesMigration(d).up(db);
    },
  };
}
