import { chmodSync, closeSync, openSync, rmSync, statSync } from 'node:fs';
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
  try {
    // Created empty and private (0600) first: the copy holds every member's personal data.
    closeSync(openSync(target, 'wx', 0o600));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') {
      throw new Error(`O arquivo ${target} já existe; escolha outro nome.`);
    }
    throw error;
  }
  try {
    await database.sqlite.backup(target);
  } catch (error) {
    rmSync(target, { force: true });
    throw error;
  }
  chmodSync(target, 0o600);
  return statSync(target).size;
}
