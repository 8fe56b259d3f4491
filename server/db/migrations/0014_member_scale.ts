// Members at campo scale (issue 12: PostgreSQL at 1,000,000 members in 300 congregations).
//
// 1. The member search's ordered word index: a word that clusters in name order.
//
// The list walks its sort index and tests each row for the words (members/list.ts); a word such
// as "joao" is a first name, so its members sit together under "J" and the walk finds none in
// its first rows. The substring indexes (FTS5 trigram, pg_trgm) then answer every match —
// 8,600 members at 200,000, 43,000 at 1,000,000 — to be read and sorted for one page.
//
// member_tokens keeps every token of a member's `search` text with the member's sort name, in
// (token, sort_name, member_id) order: the members holding a token, by name, are one index range,
// and a page of a word's members is the merge of the first rows of each token that contains the
// word (list.ts). Tokens are separated by spaces, digits and the "@", ".", "_", "+" and "-" of
// e-mails, so an e-mail gives words ("pedrodias", "gmail", "com") and a CPF or a phone none: the
// vocabulary stays that of the names (17,000 tokens at 1,000,000 members). A query word without
// those characters is a substring of `search` exactly when it is a substring of one of its
// tokens, so the merge finds what the substring search finds. search_tokens lists the tokens
// ever seen (never deleted: a token no member holds any longer only costs a vocabulary row), so
// the tokens containing a word are found in a small table.
//
// Triggers keep both in step with members, as 0003's full-text index and 0011's counts are:
// SQLite row triggers that split the text with json_each (the separators turned into spaces,
// the text quoted by json_quote, each space then closing one string and opening the next: the
// array is valid whatever the text holds; a shallow expression, which every SQLite's parser
// reads; the seed's bulk load rebuilds with the same expression), PostgreSQL statement triggers
// with transition tables and regexp_split_to_table. A
// member's rows are deleted by their key (the tokens of the old text), so no index on member_id
// is needed.
//
// 2. Three indexes of the dashboard:
// - the members admitted this month, per congregation, read (admission_date, congregation_id):
//   one index range of the month's admissions (14,000 at 1M), where 0013's
//   (congregation_id, admission_date, id) made PostgreSQL walk the whole index in congregation
//   order to group it (94 ms);
// - the credentials expiring in the next 30 days of one congregation read
//   (congregation_id, status, credential_expires_on, id), where the whole church's
//   (status, credential_expires_on, id) of 0005 was ANDed with a congregation index (35 ms);
// - the birthdays of the week of one congregation, and its birthday reports, read
//   (congregation_id, status, birth_md, sort_name, id) — the whole church's index of 0004 with
//   the congregation first — where 0013's (congregation_id, birth_md, id) needed each row's
//   status and name from the table (600 rows of the big congregation's week: 14 ms).
//
// 3. member_birthdays: the active members born on each day (MMDD) per congregation, kept by
//    triggers like 0011's counts, so a birthday report's total is a sum of at most 31 days ×
//    the view's congregations instead of a count of a month's birthdays (69,000 index entries at
//    1,000,000 members, 25 ms and more).
import { type Kysely, sql } from 'kysely';
import type { MigrationDialect } from './dialect.js';

/** What separates tokens besides the space (frozen with 0014; domain/search.ts says the same). */
const SEPARATORS = '0123456789@._+-';

/** PostgreSQL: the separators as a regular-expression class. */
const SEPARATOR_CLASS = '[ 0-9@._+-]';

/**
 * SQLite: the JSON array of the tokens of `column` (empty strings among them): every separator
 * turned into a space, the text quoted as a JSON string, each space then '","'.
 */
export function sqliteTokenArray(column: string): string {
  let text = column;
  for (const separator of SEPARATORS) text = `replace(${text}, '${separator}', ' ')`;
  return `'[' || replace(json_quote(${text}), ' ', '","') || ']'`;
}

const TRIGGERS = [
  'member_tokens_insert',
  'member_tokens_delete',
  'member_tokens_update',
  'member_birthdays_insert',
  'member_birthdays_delete',
  'member_birthdays_update',
];

/** The active members born on each day of the year (MMDD), per congregation. */
async function createBirthdayCounts(db: Kysely<unknown>, d: MigrationDialect) {
  await db.schema
    .createTable('member_birthdays')
    .addColumn('birth_md', 'integer', (col) => col.notNull())
    .addColumn('congregation_id', 'integer', (col) => col.notNull())
    .addColumn('count', 'integer', (col) => col.notNull())
    .addPrimaryKeyConstraint('member_birthdays_pkey', ['birth_md', 'congregation_id'])
    .$call((table) => (d.name === 'sqlite' ? table.modifyEnd(sql`without rowid`) : table))
    .execute();
  await sql`insert into member_birthdays (birth_md, congregation_id, count)
    select birth_md, congregation_id, count(*) from members
    where status = 'active' and birth_md is not null
    group by birth_md, congregation_id`.execute(db);

  if (d.name === 'sqlite') {
    const add = sql.raw(`insert into member_birthdays (birth_md, congregation_id, count)
        select new.birth_md, new.congregation_id, 1
        where new.status = 'active' and new.birth_md is not null
        on conflict (birth_md, congregation_id) do update set count = count + 1;`);
    const remove = sql.raw(`update member_birthdays set count = count - 1
        where old.status = 'active' and birth_md = old.birth_md
          and congregation_id = old.congregation_id;`);
    await sql`create trigger member_birthdays_insert after insert on members begin ${add} end`.execute(
      db,
    );
    await sql`create trigger member_birthdays_delete after delete on members begin ${remove} end`.execute(
      db,
    );
    await sql`create trigger member_birthdays_update
      after update of status, birth_md, congregation_id on members
      when old.status is not new.status or old.birth_md is not new.birth_md
        or old.congregation_id is not new.congregation_id
      begin ${remove} ${add} end`.execute(db);
    return;
  }
  // As 0011's counts: one change per (day, congregation), applied in key order so concurrent
  // statements lock the counter rows in the same order.
  const counted = (rows: string, sign: string) =>
    `select birth_md, congregation_id, ${sign}count(*) as n from ${rows}
      where status = 'active' and birth_md is not null group by birth_md, congregation_id`;
  const apply = (changes: string) =>
    `insert into member_birthdays (birth_md, congregation_id, count)
      select birth_md, congregation_id, sum(n) from (${changes}) changes
      group by birth_md, congregation_id having sum(n) <> 0
      order by birth_md, congregation_id
      on conflict (birth_md, congregation_id)
      do update set count = member_birthdays.count + excluded.count;`;
  await sql`create function member_birthdays_apply() returns trigger language plpgsql as $$
    begin
      if tg_op = 'INSERT' then
        ${sql.raw(apply(counted('new_rows', '')))}
      elsif tg_op = 'DELETE' then
        ${sql.raw(apply(counted('old_rows', '-')))}
      else
        ${sql.raw(apply(`${counted('new_rows', '')} union all ${counted('old_rows', '-')}`))}
      end if;
      return null;
    end $$`.execute(db);
  await sql`create trigger member_birthdays_insert after insert on members
    referencing new table as new_rows
    for each statement execute function member_birthdays_apply()`.execute(db);
  await sql`create trigger member_birthdays_delete after delete on members
    referencing old table as old_rows
    for each statement execute function member_birthdays_apply()`.execute(db);
  await sql`create trigger member_birthdays_update after update on members
    referencing old table as old_rows new table as new_rows
    for each statement execute function member_birthdays_apply()`.execute(db);
}

const DASHBOARD_INDEXES: Array<[string, string[]]> = [
  ['members_admission_congregation', ['admission_date', 'congregation_id']],
  [
    'members_congregation_status_credential_expiry',
    ['congregation_id', 'status', 'credential_expires_on', 'id'],
  ],
  [
    'members_congregation_status_birth_md',
    ['congregation_id', 'status', 'birth_md', 'sort_name', 'id'],
  ],
];

export function memberScaleMigration(d: MigrationDialect) {
  return {
    async up(db: Kysely<unknown>) {
      const sqlite = d.name === 'sqlite';
      await db.schema
        .createTable('member_tokens')
        .addColumn('token', 'text', (col) => col.notNull())
        .addColumn('sort_name', 'text', (col) => col.notNull())
        .addColumn('member_id', 'integer', (col) => col.notNull())
        .addColumn('congregation_id', 'integer', (col) => col.notNull())
        .addPrimaryKeyConstraint('member_tokens_pkey', ['token', 'sort_name', 'member_id'])
        .$call((table) => (sqlite ? table.modifyEnd(sql`without rowid`) : table))
        .execute();
      await db.schema
        .createTable('search_tokens')
        .addColumn('token', 'text', (col) => col.primaryKey())
        .$call((table) => (sqlite ? table.modifyEnd(sql`without rowid`) : table))
        .execute();

      if (sqlite) {
        const tokensOf = (column: string) =>
          `(select distinct value from json_each(${sqliteTokenArray(column)}) where value <> '')`;
        await sql`insert or ignore into member_tokens (token, sort_name, member_id, congregation_id)
          select t.value, m.sort_name, m.id, m.congregation_id
          from members m, json_each(${sql.raw(sqliteTokenArray('m.search'))}) t
          where t.value <> ''`.execute(db);
        await sql`insert into search_tokens (token) select distinct token from member_tokens`.execute(
          db,
        );
        const add =
          sql.raw(`insert or ignore into member_tokens (token, sort_name, member_id, congregation_id)
            select value, new.sort_name, new.id, new.congregation_id from ${tokensOf('new.search')};
          insert or ignore into search_tokens (token) select value from ${tokensOf('new.search')};`);
        const remove = sql.raw(`delete from member_tokens
            where token in ${tokensOf('old.search')}
              and sort_name = old.sort_name and member_id = old.id;`);
        await sql`create trigger member_tokens_insert after insert on members begin ${add} end`.execute(
          db,
        );
        await sql`create trigger member_tokens_delete after delete on members begin ${remove} end`.execute(
          db,
        );
        await sql`create trigger member_tokens_update after update of search, sort_name, congregation_id on members
          when old.search is not new.search or old.sort_name is not new.sort_name
            or old.congregation_id is not new.congregation_id
          begin ${remove} ${add} end`.execute(db);
      } else {
        const split = (column: string) =>
          sql.raw(`regexp_split_to_table(${column}, '${SEPARATOR_CLASS}+')`);
        await sql`insert into member_tokens (token, sort_name, member_id, congregation_id)
          select distinct t.token, m.sort_name, m.id, m.congregation_id
          from members m, ${split('m.search')} as t(token) where t.token <> ''`.execute(db);
        await sql`insert into search_tokens (token) select distinct token from member_tokens`.execute(
          db,
        );
        await sql`create index search_tokens_trgm on search_tokens using gin (token gin_trgm_ops)`.execute(
          db,
        );
        // A member whose text, name and congregation stay the same (a status change) is left
        // alone; the rest are deleted by key and inserted again, in key order.
        await sql`create function member_tokens_apply() returns trigger language plpgsql as $$
          begin
            if tg_op = 'DELETE' then
              delete from member_tokens t using old_rows o, ${split('o.search')} as w(token)
                where t.token = w.token and t.sort_name = o.sort_name and t.member_id = o.id;
            elsif tg_op = 'UPDATE' then
              delete from member_tokens t
                using old_rows o join new_rows n on n.id = o.id, ${split('o.search')} as w(token)
                where (o.search, o.sort_name, o.congregation_id)
                    is distinct from (n.search, n.sort_name, n.congregation_id)
                  and t.token = w.token and t.sort_name = o.sort_name and t.member_id = o.id;
              insert into member_tokens (token, sort_name, member_id, congregation_id)
                select distinct w.token, n.sort_name, n.id, n.congregation_id
                from new_rows n join old_rows o on o.id = n.id, ${split('n.search')} as w(token)
                where (o.search, o.sort_name, o.congregation_id)
                    is distinct from (n.search, n.sort_name, n.congregation_id)
                  and w.token <> ''
                order by 1, 2, 3 on conflict do nothing;
              insert into search_tokens (token)
                select distinct w.token from new_rows n join old_rows o on o.id = n.id,
                  ${split('n.search')} as w(token)
                where o.search is distinct from n.search and w.token <> ''
                order by 1 on conflict do nothing;
              return null;
            end if;
            if tg_op = 'INSERT' then
              insert into member_tokens (token, sort_name, member_id, congregation_id)
                select distinct w.token, n.sort_name, n.id, n.congregation_id
                from new_rows n, ${split('n.search')} as w(token) where w.token <> ''
                order by 1, 2, 3 on conflict do nothing;
              insert into search_tokens (token)
                select distinct w.token from new_rows n, ${split('n.search')} as w(token)
                where w.token <> '' order by 1 on conflict do nothing;
            end if;
            return null;
          end $$`.execute(db);
        await sql`create trigger member_tokens_insert after insert on members
          referencing new table as new_rows
          for each statement execute function member_tokens_apply()`.execute(db);
        await sql`create trigger member_tokens_delete after delete on members
          referencing old table as old_rows
          for each statement execute function member_tokens_apply()`.execute(db);
        await sql`create trigger member_tokens_update after update on members
          referencing old table as old_rows new table as new_rows
          for each statement execute function member_tokens_apply()`.execute(db);
      }
      await db.schema
        .createIndex('member_tokens_congregation')
        .on('member_tokens')
        .columns(['congregation_id', 'token', 'sort_name', 'member_id'])
        .execute();
      for (const [name, columns] of DASHBOARD_INDEXES) {
        await db.schema.createIndex(name).on('members').columns(columns).execute();
      }
      await createBirthdayCounts(db, d);
      if (d.name === 'sqlite') {
        // A database analyzed before (the seed does) would have statistics for every members
        // index but the new ones, which SQLite's planner then takes for the most selective:
        // analyzed again, all at once. (PostgreSQL's planner reads the table's statistics.)
        const analyzed = await sql`select 1 from sqlite_master where name = 'sqlite_stat1'`.execute(
          db,
        );
        if (analyzed.rows.length > 0) {
          await sql`analyze members`.execute(db);
          await sql`analyze member_tokens`.execute(db);
        }
      }
    },
    async down(db: Kysely<unknown>) {
      for (const [name] of DASHBOARD_INDEXES) await db.schema.dropIndex(name).execute();
      for (const name of TRIGGERS) {
        await sql`drop trigger if exists ${sql.ref(name)}${d.name === 'postgres' ? sql` on members` : sql``}`.execute(
          db,
        );
      }
      if (d.name === 'postgres') {
        await sql`drop function if exists member_tokens_apply()`.execute(db);
        await sql`drop function if exists member_birthdays_apply()`.execute(db);
      }
      await db.schema.dropTable('member_birthdays').execute();
      await db.schema.dropTable('search_tokens').execute();
      await db.schema.dropTable('member_tokens').execute();
    },
  };
}
