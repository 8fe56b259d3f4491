import { chmodSync, closeSync, existsSync, openSync } from 'node:fs';
import { join } from 'node:path';
import { Kysely, type LogConfig } from 'kysely';
import { Migrator } from 'kysely/migration';
import type BetterSqlite3 from 'better-sqlite3';
import type { Config } from '../config.js';
import { type DialectHelpers, dialectHelpers, postgresDialect, sqliteDialect } from './dialect.js';
import { ensureDataDir } from './lock.js';
import { migrations } from './migrations/index.js';
import type { Database } from './schema.js';

export interface AppDatabase {
  db: Kysely<Database>;
  dialect: DialectHelpers;
  /** The embedded database handle (SQLite only): the start-up quick_check, the seed's bulk writes. */
  sqlite?: BetterSqlite3.Database;
  /**
   * Set when a query met a damaged database (SQLite: CORRUPT, NOTADB): SQLite's message.
   * /api/health then answers 503, and so does every request that meets the damage.
   */
  damage?: string;
  close(): Promise<void>;
}

export const SQLITE_FILE = 'adam.sqlite';

/** `log`: Kysely's query log (tests count the queries a request runs with it). */
export function openDatabase(
  config: Pick<Config, 'dataDir' | 'databaseUrl'>,
  { log }: { log?: LogConfig } = {},
): AppDatabase {
  if (config.databaseUrl) {
    const { dialect } = postgresDialect(config.databaseUrl);
    const db = new Kysely<Database>({ dialect, log });
    return { db, dialect: dialectHelpers('postgres'), close: () => db.destroy() };
  }
  ensureDataDir(config.dataDir);
  const file = join(config.dataDir, SQLITE_FILE);
  ownerOnly(file);
  const { dialect, raw } = sqliteDialect(file);
  // SQLite gives the WAL and shared-memory files the database's mode; older ones are tightened.
  for (const companion of [`${file}-wal`, `${file}-shm`]) {
    if (existsSync(companion)) chmodSync(companion, 0o600);
  }
  const db = new Kysely<Database>({ dialect, log });
  return { db, dialect: dialectHelpers('sqlite'), sqlite: raw, close: () => db.destroy() };
}

/** Creates the file if missing, readable and writable by its owner only (0600). */
export function ownerOnly(file: string): void {
  closeSync(openSync(file, 'a', 0o600));
  chmodSync(file, 0o600);
}

/** A database file that SQLite could not read, or that failed quick_check or integrity_check. */
export class DamagedDatabaseError extends Error {
  constructor(
    readonly file: string,
    readonly problems: string[],
  ) {
    super(`${file}: ${problems.slice(0, 5).join('; ')}`);
  }
}

/** SQLite's error codes that say a file is not a sound database. */
export function isDamage(code: unknown): boolean {
  return typeof code === 'string' && /^SQLITE_(CORRUPT|NOTADB)/.test(code);
}

/** integrity_check's or quick_check's answer as its problems: none for "ok", no header lines. */
export function checkLines(rows: string[]): string[] {
  return rows
    .flatMap((row) => row.split('\n'))
    .map((line) => line.trim())
    .filter((line) => line && line !== 'ok' && !line.startsWith('***'));
}

/**
 * PRAGMA quick_check of the embedded database (the server runs it before serving): throws
 * DamagedDatabaseError when SQLite finds the file damaged.
 */
export function quickCheck(database: AppDatabase): void {
  if (!database.sqlite) return;
  let problems: string[];
  try {
    problems = checkLines(
      (database.sqlite.pragma('quick_check') as Array<{ quick_check: string }>).map(
        (row) => row.quick_check,
      ),
    );
  } catch (error) {
    if (!isDamage((error as { code?: unknown }).code)) throw error;
    problems = [(error as Error).message];
  }
  if (problems.length > 0) throw new DamagedDatabaseError(database.sqlite.name, problems);
}

export async function migrateToLatest(database: AppDatabase): Promise<void> {
  const migrator = new Migrator({
    db: database.db,
    provider: { getMigrations: async () => migrations(database.dialect.name) },
    // Areas built side by side take their migration numbers ahead of time and land in any order:
    // a database that already ran a later number still runs an earlier one that landed after it
    // (each migration touches only its own tables and columns).
    allowUnorderedMigrations: true,
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((result) => result.status === 'Error');
  if (error || failed) {
    throw new Error(
      `Falha ao migrar o banco de dados${failed ? ` (${failed.migrationName})` : ''}: ${String(error)}`,
    );
  }
}
