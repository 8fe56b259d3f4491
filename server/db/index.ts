import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { Kysely, Migrator } from 'kysely';
import type BetterSqlite3 from 'better-sqlite3';
import type { Config } from '../config.js';
import { type DialectHelpers, dialectHelpers, postgresDialect, sqliteDialect } from './dialect.js';
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
  mkdirSync(config.dataDir, { recursive: true });
  const { dialect, raw } = sqliteDialect(join(config.dataDir, SQLITE_FILE));
  const db = new Kysely<Database>({ dialect });
  return { db, dialect: dialectHelpers('sqlite'), sqlite: raw, close: () => db.destroy() };
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
