// SQLite: the members' triggers that maintain derived data (the full-text index of migration
// 0003, the per-congregation and status counts of 0011, the search tokens and birthday counts of
// 0014) are suspended during a bulk change, whose derived data is then rebuilt in one pass, and
// recreated exactly as they were.
import type BetterSqlite3 from 'better-sqlite3';
import { sqliteTokenArray } from '../../db/migrations/0014_member_scale.js';

/** A trigger or index as sqlite_master keeps it: enough to drop it and create it again. */
export type SchemaObject = { name: string; sql: string };

export function derivedDataTriggers(raw: BetterSqlite3.Database): SchemaObject[] {
  return raw
    .prepare(
      `select name, sql from sqlite_master where type = 'trigger' and tbl_name = 'members'
        and (name like 'members_fts_%' or name like 'member_counts_%'
          or name like 'member_tokens_%' or name like 'member_birthdays_%')`,
    )
    .all() as SchemaObject[];
}

export function rebuildDerived(raw: BetterSqlite3.Database) {
  const has = (name: string) =>
    Boolean(raw.prepare(`select 1 from sqlite_master where type = 'table' and name = ?`).get(name));
  if (has('members_fts')) raw.exec(`insert into members_fts(members_fts) values ('rebuild')`);
  if (has('member_counts')) {
    raw.exec('delete from member_counts');
    raw.exec(
      `insert into member_counts (congregation_id, status, count)
        select congregation_id, status, count(*) from members group by congregation_id, status`,
    );
  }
  if (has('member_tokens')) {
    // The tokens as 0014's triggers write them (search_tokens keeps the ones it had).
    raw.exec('delete from member_tokens');
    raw.exec(
      `insert or ignore into member_tokens (token, sort_name, member_id, congregation_id)
        select t.value, m.sort_name, m.id, m.congregation_id
        from members m, json_each(${sqliteTokenArray('m.search')}) t where t.value <> ''`,
    );
    raw.exec(
      'insert or ignore into search_tokens (token) select distinct token from member_tokens',
    );
  }
  if (has('member_birthdays')) {
    raw.exec('delete from member_birthdays');
    raw.exec(
      `insert into member_birthdays (birth_md, congregation_id, count)
        select birth_md, congregation_id, count(*) from members
        where status = 'active' and birth_md is not null group by birth_md, congregation_id`,
    );
  }
}
