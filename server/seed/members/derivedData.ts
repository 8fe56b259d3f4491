// SQLite: the members' triggers that maintain derived data (the full-text index of migration
// 0003, the per-congregation and status counts of 0011) are suspended during a bulk change, whose derived data
// is then rebuilt in one pass, and recreated exactly as they were.
import type BetterSqlite3 from 'better-sqlite3';

/** A trigger or index as sqlite_master keeps it: enough to drop it and create it again. */
export type SchemaObject = { name: string; sql: string };

export function derivedDataTriggers(raw: BetterSqlite3.Database): SchemaObject[] {
  return raw
    .prepare(
      `select name, sql from sqlite_master where type = 'trigger' and tbl_name = 'members'
        and (name like 'members_fts_%' or name like 'member_counts_%')`,
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
}
