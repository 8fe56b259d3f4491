import { chmodSync, closeSync, existsSync, openSync } from 'node:fs';
import { join } from 'node:path';
import { Kysely } from 'kysely';
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
  /** The embedded database handle (SQLite only), for online backups. */
  sqlite?: BetterSqlite3.Database;
  close(): Promise<void>;
}

export const SQLITE_FILE = 'adam.sqlite';

export function openDatabase(config: Pick<Config, 'dataDir' | 'databaseUrl'>): AppDatabase {
  if (config.databaseUrl) {
    const { dialect } = postgresDialect(config.databaseUrl);
    const db = new Kysely<Database>({ dialect });
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
  const db = new Kysely<Database>({ dialect });
  return { db, dialect: dialectHelpers('sqlite'), sqlite: raw, close: () => db.destroy() };
}

/** Creates the file if missing, readable and writable by its owner only (0600). */
export function ownerOnly(file: string): void {
  closeSync(openSync(file, 'a', 0o600));
  chmodSync(file, 0o600);
}

export async function migrateToLatest(database: AppDatabase): Promise<void> {
  const migrator = new Migrator({
    db: database.db,
    provider: { getMigrations: async () => migrations(database.dialect.name) },
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((result) => result.status === 'Error');
  if (error || failed) {
    throw new Error(
      `Falha ao migrar o banco de dados${failed ? ` (${failed.migrationName})` : ''}: ${String(error)}`,
    );
  }
}
