// SQLite: one transaction around the whole load, one prepared INSERT per row (better-sqlite3
// is synchronous and fast at this); the members' indexes and derived-data triggers dropped
// first, the full-text index and counts rebuilt once at the end, then all recreated.
import type { AppDatabase } from '../../db/index.js';
import { type SchemaObject, derivedDataTriggers, rebuildDerived } from './derivedData.js';
import type { MemberWriter } from './writer.js';

export function sqliteWriter(database: AppDatabase): MemberWriter {
  const raw = database.sqlite!;
  let memberInsert: ((row: Record<string, unknown>) => void) | null = null;
  const linkInsert = raw.prepare(
    'insert into member_departments (member_id, department_id) values (?, ?)',
  );
  let triggers: SchemaObject[] = [];
  let indexes: SchemaObject[] = [];
  const cacheSize = raw.pragma('cache_size', { simple: true });
  return {
    async begin() {
      raw.pragma('cache_size = -262144');
      raw.exec('begin immediate');
      triggers = derivedDataTriggers(raw);
      for (const trigger of triggers) raw.exec(`drop trigger "${trigger.name}"`);
      indexes = raw
        .prepare(
          `select name, sql from sqlite_master where type = 'index' and tbl_name = 'members' and sql is not null`,
        )
        .all() as SchemaObject[];
      for (const index of indexes) raw.exec(`drop index "${index.name}"`);
    },
    async batch(rows, links) {
      if (!memberInsert && rows.length > 0) {
        const columns = Object.keys(rows[0]);
        const statement = raw.prepare(
          `insert into members (${columns.map((c) => `"${c}"`).join(', ')}) values (${columns.map((c) => `@${c}`).join(', ')})`,
        );
        memberInsert = (row) => statement.run(row);
      }
      // better-sqlite3 binds neither booleans nor undefined: 0/1 and null, in place.
      for (const row of rows as Array<Record<string, unknown>>) {
        for (const key in row) {
          const value = row[key];
          if (typeof value === 'boolean') row[key] = value ? 1 : 0;
          else if (value === undefined) row[key] = null;
        }
        memberInsert!(row);
      }
      for (const [memberId, departmentId] of links) linkInsert.run(memberId, departmentId);
    },
    async finish(leaders) {
      const setLeader = raw.prepare(
        'update departments set leader_id = ? where id = ? and leader_id is null',
      );
      for (const [departmentId, memberId] of leaders) setLeader.run(memberId, departmentId);
      rebuildDerived(raw);
      for (const trigger of triggers) raw.exec(trigger.sql);
      for (const index of indexes) raw.exec(index.sql);
      raw.exec('commit');
      raw.pragma(`cache_size = ${Number(cacheSize)}`);
    },
    async abort() {
      if (raw.inTransaction) raw.exec('rollback');
      raw.pragma(`cache_size = ${Number(cacheSize)}`);
    },
    async analyze() {
      raw.pragma('wal_checkpoint(TRUNCATE)');
    },
  };
}
