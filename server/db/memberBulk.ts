// Many new members at once (the member import, issue 14), with their derived data kept exact.
//
// PostgreSQL's derived-data triggers are statement triggers (0011, 0014): a multi-row INSERT
// already updates the counts, tokens and birthdays once per statement. SQLite's are row
// triggers, and at campo scale they cost more than the row itself (each member runs the
// full-text insert of 0003, the counts of 0011, the tokens and birthdays of 0014: about 0.4 ms
// of the 0.5 ms a member takes). Here, inside the caller's transaction, the four insert triggers
// are dropped, the rows inserted, the same derived rows written for all of them by one statement
// each (the statements of the triggers, over the new rows instead of NEW — as the seed's
// rebuild does for the whole table), and the triggers created again from their stored text.
// SQLite's DDL is transactional and the writer lock is held throughout: no other statement
// ever sees the table without its triggers, and a failure rolls the drop back with the rows.
// A trigger not listed here (a later migration's) is left in place and runs per row.
import { type Kysely, type RawBuilder, type Transaction, sql } from 'kysely';
import { sqliteTokenArray } from './migrations/0014_member_scale.js';
import type { DialectName } from './dialect.js';
import type { Database, NewMember } from './schema.js';

/** Rows per INSERT statement: about 45 values a member, under SQLite's 32,766 bound values. */
const ROWS_PER_STATEMENT = 500;

const tokensOf = sql.raw(sqliteTokenArray('m.search'));
/** The new members among `column`'s rows: their ids as one JSON array (one bound value). */
const newRows = (ids: string, column = 'id') =>
  sql`${sql.ref(column)} in (select value from json_each(${ids}))`;

/** Each insert trigger of members whose work is done here in bulk, by name: its statements. */
const BULK_DERIVED: Record<string, (ids: string) => Array<RawBuilder<unknown>>> = {
  // 0003: the external-content full-text index (trigram).
  members_fts_insert: (ids) => [
    sql`insert into members_fts (rowid, search) select id, search from members where ${newRows(ids)}`,
  ],
  // 0011: members per congregation and status.
  member_counts_insert: (ids) => [
    sql`insert into member_counts (congregation_id, status, count)
      select congregation_id, status, count(*) from members where ${newRows(ids)}
      group by congregation_id, status
      on conflict (congregation_id, status) do update set count = count + excluded.count`,
  ],
  // 0014: each member's tokens in name order, and the vocabulary.
  member_tokens_insert: (ids) => [
    sql`insert or ignore into member_tokens (token, sort_name, member_id, congregation_id)
      select distinct t.value, m.sort_name, m.id, m.congregation_id
      from members m, json_each(${tokensOf}) t where ${newRows(ids, 'm.id')} and t.value <> ''`,
    sql`insert or ignore into search_tokens (token)
      select distinct t.value from members m, json_each(${tokensOf}) t
      where ${newRows(ids, 'm.id')} and t.value <> ''`,
  ],
  // 0014: the active members born on each day, per congregation.
  member_birthdays_insert: (ids) => [
    sql`insert into member_birthdays (birth_md, congregation_id, count)
      select birth_md, congregation_id, count(*) from members
      where ${newRows(ids)} and status = 'active' and birth_md is not null
      group by birth_md, congregation_id
      on conflict (birth_md, congregation_id) do update set count = count + excluded.count`,
  ],
};

/**
 * Inserts the members (in order) and answers their ids in the same order. Inside a transaction:
 * on SQLite the derived data is written in bulk (see above).
 */
export async function insertMembers(
  trx: Transaction<Database>,
  dialect: DialectName,
  rows: NewMember[],
): Promise<number[]> {
  if (rows.length === 0) return [];
  if (dialect !== 'sqlite') return insertRows(trx, rows);
  const triggers = await sqliteTriggers(trx, Object.keys(BULK_DERIVED));
  for (const trigger of triggers) await sql`drop trigger ${sql.ref(trigger.name)}`.execute(trx);
  const ids = await insertRows(trx, rows);
  const idList = JSON.stringify(ids);
  for (const trigger of triggers) {
    for (const statement of BULK_DERIVED[trigger.name](idList)) await statement.execute(trx);
  }
  for (const trigger of triggers) await sql.raw(trigger.sql).execute(trx);
  return ids;
}

/** Multi-row INSERTs; the ids in the order of the rows (one statement's ids ascend with them). */
async function insertRows(trx: Transaction<Database>, rows: NewMember[]): Promise<number[]> {
  const ids: number[] = [];
  for (let start = 0; start < rows.length; start += ROWS_PER_STATEMENT) {
    const inserted = await trx
      .insertInto('members')
      .values(rows.slice(start, start + ROWS_PER_STATEMENT))
      .returning('id')
      .execute();
    ids.push(...inserted.map((row) => row.id).sort((a, b) => a - b));
  }
  return ids;
}

/** Each delete trigger of members done here in bulk: its statements, run before the delete. */
const BULK_REMOVED: Record<string, (ids: string) => Array<RawBuilder<unknown>>> = {
  members_fts_delete: (ids) => [
    sql`insert into members_fts (members_fts, rowid, search)
      select 'delete', id, search from members where ${newRows(ids)}`,
  ],
  member_counts_delete: (ids) => [
    sql`update member_counts set count = count - (select count(*) from members m
        where ${newRows(ids, 'm.id')} and m.congregation_id = member_counts.congregation_id
          and m.status = member_counts.status)
      where (congregation_id, status) in
        (select congregation_id, status from members where ${newRows(ids)})`,
  ],
  member_tokens_delete: (ids) => [
    sql`delete from member_tokens where (token, sort_name, member_id) in
      (select t.value, m.sort_name, m.id from members m, json_each(${tokensOf}) t
        where ${newRows(ids, 'm.id')} and t.value <> '')`,
  ],
  member_birthdays_delete: (ids) => [
    sql`update member_birthdays set count = count - (select count(*) from members m
        where ${newRows(ids, 'm.id')} and m.status = 'active'
          and m.birth_md = member_birthdays.birth_md
          and m.congregation_id = member_birthdays.congregation_id)
      where (birth_md, congregation_id) in (select birth_md, congregation_id from members
        where ${newRows(ids)} and status = 'active' and birth_md is not null)`,
  ],
};

/** Rows per DELETE statement. */
const IDS_PER_STATEMENT = 1000;

/**
 * Deletes the members (and their department links) inside a transaction: on SQLite the derived
 * data is removed in bulk first, as for insertMembers.
 */
export async function deleteMembers(
  trx: Transaction<Database>,
  dialect: DialectName,
  ids: number[],
): Promise<void> {
  if (ids.length === 0) return;
  const remove = async (part: number[]) => {
    await trx.deleteFrom('member_departments').where('member_id', 'in', part).execute();
    await trx.deleteFrom('members').where('id', 'in', part).execute();
  };
  for (let start = 0; start < ids.length; start += IDS_PER_STATEMENT) {
    const part = ids.slice(start, start + IDS_PER_STATEMENT);
    if (dialect !== 'sqlite') {
      await remove(part);
      continue;
    }
    const triggers = await sqliteTriggers(trx, Object.keys(BULK_REMOVED));
    for (const trigger of triggers) await sql`drop trigger ${sql.ref(trigger.name)}`.execute(trx);
    const idList = JSON.stringify(part);
    for (const trigger of triggers) {
      for (const statement of BULK_REMOVED[trigger.name](idList)) await statement.execute(trx);
    }
    await remove(part);
    for (const trigger of triggers) await sql.raw(trigger.sql).execute(trx);
  }
}

/** The stored text of these triggers of members (those that exist). */
async function sqliteTriggers(trx: Transaction<Database>, names: string[]) {
  const result = await sql<{ name: string; sql: string }>`select name, sql from sqlite_master
    where type = 'trigger' and tbl_name = 'members' and name in (${sql.join(names)})`.execute(trx);
  return result.rows;
}

/** WAL pages between checkpoints during a bulk write (64 MB; SQLite's default is 4 MB). */
const BULK_CHECKPOINT_PAGES = 16_384;

/**
 * SQLite: during a bulk write (an import's hundred batches), the WAL is copied back into the
 * database every 64 MB instead of every 4 MB — each batch touches pages of every index of
 * members, and a checkpoint after each commit wrote and synced them again every time (a sixth
 * of an import of 100,000 members). Answers the function that restores the setting and
 * checkpoints what is left without waiting for readers. PostgreSQL: nothing to do.
 */
export async function deferCheckpoints(
  db: Kysely<Database>,
  dialect: DialectName,
): Promise<() => Promise<void>> {
  if (dialect !== 'sqlite') return async () => {};
  const { rows } = await sql<{ wal_autocheckpoint: number }>`pragma wal_autocheckpoint`.execute(db);
  const previous = Number(rows[0]?.wal_autocheckpoint ?? 1000);
  await sql.raw(`pragma wal_autocheckpoint = ${BULK_CHECKPOINT_PAGES}`).execute(db);
  return async () => {
    await sql.raw(`pragma wal_autocheckpoint = ${previous}`).execute(db);
    await sql`pragma wal_checkpoint(passive)`.execute(db);
  };
}

/**
 * PostgreSQL: fresh planner statistics for tables a bulk write just changed. An import stages
 * 100,000 rows and matches them by correlated subqueries; with the statistics of the previous
 * import (or of an empty members table) the planner took the new rows for a handful and
 * chose a plan that compared every row with every other (it ran for hours, and the import's
 * request never answered). ANALYZE reads a sample (a fraction of a second). SQLite plans by
 * its indexes without statistics: nothing to do.
 */
export async function refreshPlannerStatistics(
  db: Kysely<Database>,
  dialect: DialectName,
  tables: Array<keyof Database>,
): Promise<void> {
  if (dialect !== 'postgres') return;
  await sql`analyze ${sql.join(tables.map((table) => sql.table(table)))}`.execute(db);
}
