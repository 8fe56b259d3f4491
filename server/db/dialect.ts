// Everything the queries need that differs between SQLite and PostgreSQL lives here; the rest
// of the server writes the same Kysely queries for both. The migrations keep their own frozen
// copy of what they need (migrations/dialect.ts).
import SqliteDatabase from 'better-sqlite3';
import { likePattern } from '../../domain/search.js';
import pg from 'pg';
import {
  type Dialect,
  type Expression,
  type RawBuilder,
  type SelectQueryBuilder,
  type SqlBool,
  PostgresDialect,
  SqliteDialect,
  sql,
} from 'kysely';

export type DialectName = 'sqlite' | 'postgres';

export interface DialectHelpers {
  name: DialectName;
  /** Where ORDER BY puts NULLs: SQLite first when ascending, PostgreSQL last. */
  nullsFirst(order: 'asc' | 'desc'): boolean;
  /** Locks the selected rows until the transaction ends (PostgreSQL); SQLite's writer lock already serializes. */
  forUpdate<DB, TB extends keyof DB, O>(
    query: SelectQueryBuilder<DB, TB, O>,
  ): SelectQueryBuilder<DB, TB, O>;
  /**
   * Rows of `table` whose normalized text contains every word of `words` (already normalized),
   * through the substring index: SQLite FTS5 trigram, PostgreSQL pg_trgm.
   */
  textSearch(table: string, column: string, words: string[]): Expression<SqlBool>;
  /**
   * Locks the selected rows, passing over those another transaction holds (PostgreSQL: FOR UPDATE
   * SKIP LOCKED, the queue's claim); SQLite's one writer already serializes.
   */
  skipLocked<DB, TB extends keyof DB, O>(
    query: SelectQueryBuilder<DB, TB, O>,
  ): SelectQueryBuilder<DB, TB, O>;
  /** 32 random hexadecimal characters made by the database, one per row (a link's token). */
  randomToken(): RawBuilder<string>;
}

/** The trigram indexes need at least three characters; shorter words fall back to a scan. */
const TRIGRAM = 3;

/** Prepared statements kept by the SQLite connection (least recently used dropped first). */
const STATEMENT_CACHE = 500;

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
  // Preparing costs more than running most of the app's queries (a members page: ~0.3 ms of
  // 0.5), and Kysely prepares every query: keep the most recent ones. A statement being iterated
  // cannot run again until its iterator ends, so streams get a fresh one.
  const prepared = new Map<string, SqliteDatabase.Statement>();
  const statementFor = (text: string) => {
    let statement = prepared.get(text);
    if (statement) {
      prepared.delete(text);
    } else {
      statement = raw.prepare(text);
      if (prepared.size >= STATEMENT_CACHE) prepared.delete(prepared.keys().next().value!);
    }
    prepared.set(text, statement);
    return statement;
  };
  const database = {
    close: () => raw.close(),
    prepare(text: string) {
      const statement = statementFor(text);
      return {
        reader: statement.reader,
        all: (parameters: ReadonlyArray<unknown>) => statement.all(bindable(parameters)),
        run: (parameters: ReadonlyArray<unknown>) => statement.run(bindable(parameters)),
        iterate: (parameters: ReadonlyArray<unknown>) =>
          raw.prepare(text).iterate(bindable(parameters)),
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
  // No JIT compilation: the app's queries run in milliseconds, and compiling one that the planner
  // deems costly took longer than running it (the pastor's year of cultos: 1.0 s of 1.9 s).
  const pool = new pg.Pool({ connectionString, max: 10, options: '-c jit=off' });
  // A connection the server ends (a restart, an administrator, a dropped database) is an 'error'
  // event on its client, and on the pool when idle: unheard, either would end the process. The
  // query that was using it, if any, fails as usual.
  pool.on('error', (error) => console.error(`PostgreSQL: conexão encerrada (${error.message}).`));
  pool.on('connect', (client) => client.on('error', () => {}));
  return { dialect: new PostgresDialect({ pool }), pool };
}

/**
 * SQLite's trigram index query for `words`: the words of three letters or more, each a quoted
 * phrase (matched as a substring), joined by AND; null when none is that long. The shorter
 * words are LIKE tests on the searchable column.
 */
export function trigramQuery(words: string[]): { match: string | null; short: string[] } {
  const indexed = words.filter((word) => word.length >= TRIGRAM);
  return {
    match:
      indexed.length > 0
        ? indexed.map((word) => `"${word.replace(/"/g, '')}"`).join(' AND ')
        : null,
    short: words.filter((word) => word.length < TRIGRAM),
  };
}

export function dialectHelpers(name: DialectName): DialectHelpers {
  if (name === 'sqlite') {
    return {
      name,
      nullsFirst: (order) => order === 'asc',
      forUpdate: (query) => query,
      skipLocked: (query) => query,
      randomToken: () => sql<string>`lower(hex(randomblob(16)))`,
      textSearch(table, column, words) {
        const { match, short } = trigramQuery(words);
        const conditions: Expression<SqlBool>[] = short.map(
          (word) => sql<SqlBool>`${sql.ref(`${table}.${column}`)} like ${likePattern(word)}`,
        );
        if (match !== null) {
          // Each word a quoted phrase: the trigram tokenizer then matches it as a substring.
          const fts = sql.table(`${table}_fts`);
          conditions.unshift(
            sql<SqlBool>`${sql.ref(`${table}.id`)} in (select rowid from ${fts} where ${fts} match ${match})`,
          );
        }
        return conditions.length === 1
          ? conditions[0]
          : sql<SqlBool>`(${sql.join(conditions, sql` and `)})`;
      },
    };
  }
  return {
    name,
    nullsFirst: (order) => order === 'desc',
    forUpdate: (query) => query.forUpdate(),
    skipLocked: (query) => query.forUpdate().skipLocked(),
    randomToken: () => sql<string>`replace(gen_random_uuid()::text, '-', '')`,
    textSearch(table, column, words) {
      const conditions = words.map(
        (word) => sql<SqlBool>`${sql.ref(`${table}.${column}`)} like ${likePattern(word)}`,
      );
      return conditions.length === 1
        ? conditions[0]
        : sql<SqlBool>`(${sql.join(conditions, sql` and `)})`;
    },
  };
}
