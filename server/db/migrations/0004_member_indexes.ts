// Members at 200,000 rows (issue 3, the benchmark in bench/):
// - members_id_status_name: a narrow copy of (id, status, sort_name). Matches found by id
//   (the text index's rowids, a department's member ids) are checked for status and sorted by
//   name from this 10 MB index instead of visiting 300 MB of member rows: on SQLite the capped
//   count of "joao" goes from 40 to 7 ms and its sorted page from 36 to 7 ms; a large
//   department's active members are counted in 6 ms instead of 28–50 ms.
// - member_counts: members per status kept by triggers, so the unfiltered list total and the
//   dashboard's figures read six rows instead of counting the table (PostgreSQL counts 200,000
//   index entries in 20–60 ms on every first page of the list).
import { type Kysely, sql } from 'kysely';
import type { MigrationDialect } from './dialect.js';

export function memberIndexesMigration(d: MigrationDialect) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createIndex('members_id_status_name')
        .on('members')
        .columns(['id', 'status', 'sort_name'])
        .execute();

      await db.schema
        .createTable('member_counts')
        .addColumn('status', 'text', (col) => col.primaryKey())
        .addColumn('count', 'integer', (col) => col.notNull())
        .execute();
      await sql`insert into member_counts (status, count)
        select status, count(*) from members group by status`.execute(db);

      if (d.name === 'sqlite') {
        // Row triggers (SQLite has no others); the single writer rules out lock-order problems.
        const add = (row: 'new' | 'old') =>
          sql.raw(`insert into member_counts (status, count) values (${row}.status, 1)
            on conflict (status) do update set count = count + 1;`);
        const remove = sql.raw(
          `update member_counts set count = count - 1 where status = old.status;`,
        );
        await sql`create trigger member_counts_insert after insert on members begin ${add('new')} end`.execute(
          db,
        );
        await sql`create trigger member_counts_delete after delete on members begin ${remove} end`.execute(
          db,
        );
        await sql`create trigger member_counts_update after update of status on members
          when old.status is not new.status begin ${remove} ${add('new')} end`.execute(db);
        return;
      }

      // PostgreSQL: statement triggers with transition tables — one UPDATE per status and
      // statement (a bulk status change of 1,000 members is two rows), applied in status
      // order so concurrent statements lock the counter rows in the same order.
      await sql`create function member_counts_apply() returns trigger language plpgsql as $$
        begin
          if tg_op = 'INSERT' then
            insert into member_counts (status, count)
              select status, count(*) from new_rows group by status order by status
              on conflict (status) do update set count = member_counts.count + excluded.count;
          elsif tg_op = 'DELETE' then
            update member_counts c set count = c.count - o.n
              from (select status, count(*) as n from old_rows group by status order by status) o
              where c.status = o.status;
          else
            insert into member_counts (status, count)
              select status, sum(n) from (
                select status, count(*) as n from new_rows group by status
                union all
                select status, -count(*) from old_rows group by status
              ) changes group by status having sum(n) <> 0 order by status
              on conflict (status) do update set count = member_counts.count + excluded.count;
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
    },
    async down(db: Kysely<unknown>) {
      for (const name of ['member_counts_insert', 'member_counts_delete', 'member_counts_update']) {
        await sql`drop trigger if exists ${sql.ref(name)}${d.name === 'postgres' ? sql` on members` : sql``}`.execute(
          db,
        );
      }
      if (d.name === 'postgres')
        await sql`drop function if exists member_counts_apply()`.execute(db);
      await db.schema.dropTable('member_counts').execute();
      await db.schema.dropIndex('members_id_status_name').execute();
    },
  };
}
