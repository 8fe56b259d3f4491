// Everything that differs between SQLite and PostgreSQL lives here; the rest of the
// server writes the same Kysely queries for both.
import SqliteDatabase from 'better-sqlite3';
import pg from 'pg';
import {
  type CreateTableBuilder,
  type Dialect,
  type SelectQueryBuilder,
  PostgresDialect,
  SqliteDialect,
} from 'kysely';

export type DialectName = 'sqlite' | 'postgres';

export interface DialectHelpers {
  name: DialectName;
  /** Column types that are spelled differently. */
  types: { bool: 'integer' | 'boolean'; date: 'text' | 'date'; timestamp: 'text' | 'timestamptz' };
  /** Adds an auto-increment integer primary key named `id`. */
  addId<T extends string>(table: CreateTableBuilder<T>): CreateTableBuilder<T, 'id'>;
  /** Locks the selected rows until the transaction ends (PostgreSQL); SQLite's writer lock already serializes. */
  forUpdate<DB, TB extends keyof DB, O>(
    query: SelectQueryBuilder<DB, TB, O>,
  ): SelectQueryBuilder<DB, TB, O>;
}

// better-sqlite3 cannot bind booleans: store them as 0/1.
function bindable(parameters: ReadonlyArray<unknown>): unknown[] {
  return parameters.map((value) => (typeof value === 'boolean' ? (value ? 1 : 0) : value));
}

export function sqliteDialect(file: string): { dialect: Dialect; raw: SqliteDatabase.Database } {
  const raw = new SqliteDatabase(file);
  raw.pragma('journal_mode = WAL');
  raw.pragma('synchronous = NORMAL');
  raw.pragma('foreign_keys = ON');
  raw.pragma('busy_timeout = 5000');
  const database = {
    close: () => raw.close(),
    prepare(text: string) {
      const statement = raw.prepare(text);
      return {
        reader: statement.reader,
        all: (parameters: ReadonlyArray<unknown>) => statement.all(bindable(parameters)),
        run: (parameters: ReadonlyArray<unknown>) => statement.run(bindable(parameters)),
        iterate: (parameters: ReadonlyArray<unknown>) => statement.iterate(bindable(parameters)),
      };
    },
  };
  return { dialect: new SqliteDialect({ database }), raw };
}

let pgTypesSet = false;
export function postgresDialect(connectionString: string): { dialect: Dialect; pool: pg.Pool } {
  if (!pgTypesSet) {
    // Same shapes as SQLite: dates as 'YYYY-MM-DD', timestamps as ISO strings, bigint as number.
    pg.types.setTypeParser(pg.types.builtins.DATE, (value) => value);
    pg.types.setTypeParser(pg.types.builtins.TIMESTAMPTZ, (value) => new Date(value).toISOString());
    pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));
    pg.types.setTypeParser(pg.types.builtins.NUMERIC, (value) => Number(value));
    pgTypesSet = true;
  }
  const pool = new pg.Pool({ connectionString, max: 10 });
  return { dialect: new PostgresDialect({ pool }), pool };
}

export function dialectHelpers(name: DialectName): DialectHelpers {
  if (name === 'sqlite') {
    return {
      name,
      types: { bool: 'integer', date: 'text', timestamp: 'text' },
      addId: (table) => table.addColumn('id', 'integer', (col) => col.primaryKey().autoIncrement()),
      forUpdate: (query) => query,
    };
  }
  return {
    name,
    types: { bool: 'boolean', date: 'date', timestamp: 'timestamptz' },
    addId: (table) => table.addColumn('id', 'serial', (col) => col.primaryKey()),
    forUpdate: (query) => query.forUpdate(),
  };
}
