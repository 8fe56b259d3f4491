// A database of its own for a migration test: a temporary SQLite folder, or a PostgreSQL database
// made for it (ADAM_TEST_DB=postgres), with a migrator of the app's migrations; closed and
// removed afterwards, whatever the test did.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Migrator } from 'kysely/migration';
import { type AppDatabase, openDatabase } from '../../server/db/index.js';
import { migrations } from '../../server/db/migrations/index.js';
import { createPostgresDatabase, usingPostgres } from './testApp.js';

export async function withMigrationDatabase(
  work: (database: AppDatabase, migrator: Migrator) => Promise<void>,
): Promise<void> {
  let dataDir = '';
  let drop = async () => {};
  let databaseUrl: string | undefined;
  if (usingPostgres) {
    const made = await createPostgresDatabase();
    databaseUrl = made.url;
    drop = made.drop;
  } else {
    dataDir = mkdtempSync(join(tmpdir(), 'adam-migration-'));
  }
  const database = openDatabase({ dataDir, databaseUrl });
  try {
    const migrator = new Migrator({
      db: database.db,
      provider: { getMigrations: async () => migrations(database.dialect.name) },
    });
    await work(database, migrator);
  } finally {
    await database.close();
    await drop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  }
}
