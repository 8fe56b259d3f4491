// The member search's ordered word index (issue 12: a word that clusters in name order).
//
// The list walks its sort index and tests each row for the words (members/list.ts); a word such
// as "joao" is a first name, so its members sit together under "J" and the walk finds none in
// its first rows. The substring indexes (FTS5 trigram, pg_trgm) then answer every match —
// 8,600 members at 200,000, 43,000 at 1,000,000 — to be read and sorted for one page.
//
// member_tokens keeps every token of a member's `search` text with the member's sort name, in
// (token, sort_name, member_id) order: the members holding a token, by name, are one index range,
// and a page of a word's members is the merge of the first rows of each token that contains the
// word (list.ts). A token is a run of letters: every ASCII character that is not a letter
// separates tokens (spaces, digits, punctuation, "@" and "." of e-mails). A query word made only
// of such letters is a substring of `search` exactly when it is a substring of one of its tokens,
// so the merge finds what the substring search finds. search_tokens lists the tokens ever seen
// (never deleted: a token no member holds any longer only costs a vocabulary row), so the tokens
// containing a word are found in a table of a few thousand rows.
//
// Triggers keep both in step with members, as 0003's full-text index and 0011's counts are:
// SQLite row triggers that split the text with json_each (the separators turned into '","' —
// the JSON quote, backslash and control characters are separators too, so the array is always
// valid; the seed's bulk load rebuilds with the same expression), PostgreSQL statement triggers with transition tables and regexp_split_to_table. A
// member's rows are deleted by their key (the tokens of the old text), so no index on member_id
// is needed.
import { type Kysely, sql } from 'kysely';
import type { MigrationDialect } from './dialect.js';

/** The separators as a regular-expression class: ASCII but the letters (frozen with 0014). */
const SEPARATOR_CLASS = '[\\x01-\\x40\\x5b-\\x60\\x7b-\\x7f]';

const SEPARATOR_CODES = [
  ...Array.from({ length: 0x40 }, (_, i) => i + 1),
  ...Array.from({ length: 6 }, (_, i) => 0x5b + i),
  ...Array.from({ length: 5 }, (_, i) => 0x7b + i),
];

/**
 * SQLite: the JSON array of the tokens of `column` (empty strings among them): every separator
 * turned into a space, then each space into '","' (last, as the quote and comma are separators).
 */
export function sqliteTokenArray(column: string): string {
  let text = column;
  for (const code of SEPARATOR_CODES) {
    if (code !== 0x20) text = `replace(${text}, char(${code}), ' ')`;
  }
  return `'["' || replace(${text}, ' ', '","') || '"]'`;
}

const TRIGGERS = ['member_tokens_insert', 'member_tokens_delete', 'member_tokens_update'];

export function searchTokensMigration(d: MigrationDialect) {
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
    },
    async down(db: Kysely<unknown>) {
      for (const name of TRIGGERS) {
        await sql`drop trigger if exists ${sql.ref(name)}${d.name === 'postgres' ? sql` on members` : sql``}`.execute(
          db,
        );
      }
      if (d.name === 'postgres')
        await sql`drop function if exists member_tokens_apply()`.execute(db);
      await db.schema.dropTable('search_tokens').execute();
      await db.schema.dropTable('member_tokens').execute();
    },
  };
}
