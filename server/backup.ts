import { existsSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import type { AppDatabase } from './db/index.js';

/**
 * Writes a consistent copy of the embedded database with SQLite's online backup API,
 * safe while the server runs. PostgreSQL is backed up with its own tools (pg_dump).
 */
export async function backupTo(database: AppDatabase, file: string): Promise<number> {
  if (!database.sqlite) {
    throw new Error('Com PostgreSQL (DATABASE_URL), faça a cópia com pg_dump.');
  }
  const target = resolve(file);
  if (existsSync(target)) throw new Error(`O arquivo ${target} já existe; escolha outro nome.`);
  await database.sqlite.backup(target);
  return statSync(target).size;
}
