// The dialect differences the migrations need, frozen here as they were when the migrations
// were written: a later change to server/db/dialect.ts must not change what an old migration
// creates (Kysely's guidance: migrations import no app code).
import { type CreateTableBuilder, type Kysely, sql } from 'kysely';

export type MigrationDialectName = 'sqlite' | 'postgres';

export interface MigrationDialect {
  name: MigrationDialectName;
  /** Column types that are spelled differently. */
  types: { bool: 'integer' | 'boolean'; date: 'text' | 'date'; timestamp: 'text' | 'timestamptz' };
  /** Adds an auto-increment integer primary key named `id`. */
  addId<T extends string>(table: CreateTableBuilder<T>): CreateTableBuilder<T, 'id'>;
  /** Creates the substring index over `table.column`: SQLite FTS5 trigram, PostgreSQL pg_trgm. */
  createTextSearch(db: Kysely<unknown>, table: string, column: string): Promise<void>;
  dropTextSearch(db: Kysely<unknown>, table: string): Promise<void>;
}

export function migrationDialect(name: MigrationDialectName): MigrationDialect {
  if (name === 'sqlite') {
    return {
      name,
      types: { bool: 'integer', date: 'text', timestamp: 'text' },
      addId: (table) => table.addColumn('id', 'integer', (col) => col.primaryKey().autoIncrement()),
      async createTextSearch(db, table, column) {
        const fts = sql.table(`${table}_fts`);
        const source = sql.table(table);
        const col = sql.ref(column);
        await sql`create virtual table ${fts} using fts5(${col}, content=${sql.lit(table)}, content_rowid='id', tokenize='trigram')`.execute(
          db,
        );
        await sql`create trigger ${sql.ref(`${table}_fts_insert`)} after insert on ${source} begin
          insert into ${fts}(rowid, ${col}) values (new.id, new.${col}); end`.execute(db);
        await sql`create trigger ${sql.ref(`${table}_fts_delete`)} after delete on ${source} begin
          insert into ${fts}(${fts}, rowid, ${col}) values ('delete', old.id, old.${col}); end`.execute(
          db,
        );
        await sql`create trigger ${sql.ref(`${table}_fts_update`)} after update of ${col} on ${source} begin
          insert into ${fts}(${fts}, rowid, ${col}) values ('delete', old.id, old.${col});
          insert into ${fts}(rowid, ${col}) values (new.id, new.${col}); end`.execute(db);
      },
      async dropTextSearch(db, table) {
        for (const suffix of ['insert', 'delete', 'update']) {
          await sql`drop trigger if exists ${sql.ref(`${table}_fts_${suffix}`)}`.execute(db);
        }
        await sql`drop table if exists ${sql.table(`${table}_fts`)}`.execute(db);
      },
    };
  }
  return {
    name,
    types: { bool: 'boolean', date: 'date', timestamp: 'timestamptz' },
    addId: (table) => table.addColumn('id', 'serial', (col) => col.primaryKey()),
    async createTextSearch(db, table, column) {
      await sql`create extension if not exists pg_trgm`.execute(db);
      await sql`create index ${sql.ref(`${table}_${column}_trgm`)} on ${sql.table(table)} using gin (${sql.ref(column)} gin_trgm_ops)`.execute(
        db,
      );
    },
    async dropTextSearch(db, table) {
      await sql`drop index if exists ${sql.ref(`${table}_search_trgm`)}`.execute(db);
    },
  };
}
