// Global setup of the server test projects (vitest.config.ts): the app's migrations run once per
// run, into a template, instead of once per test app. Each test app (tests/support/testApp.ts)
// then starts from a copy: of the SQLite file, or of the PostgreSQL database (CREATE DATABASE …
// TEMPLATE, a copy of its files). On PostgreSQL the 46 migrations took about 200 ms of the
// database's and the test process's work for every app; the copy takes 30 ms. The migrations
// themselves are still what builds every test database, and their own tests
// (tests/support/migrations.ts) run them step by step.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { SQLITE_FILE, migrateToLatest, openDatabase } from '../../server/db/index.js';
import { createPostgresDatabase, usingPostgres } from './testApp.js';

export interface DatabaseTemplates {
  /** A migrated SQLite file to copy. */
  sqliteFile: string;
  /** A migrated PostgreSQL database to copy (ADAM_TEST_DB=postgres), no one connected to it. */
  postgresName?: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    databaseTemplates: DatabaseTemplates;
  }
}

export default async function setup(project: TestProject) {
  const dataDir = mkdtempSync(join(tmpdir(), 'adam-template-'));
  const sqlite = openDatabase({ dataDir });
  let dropPostgres = async () => {};
  let postgresName: string | undefined;
  try {
    await migrateToLatest(sqlite);
    if (usingPostgres) {
      const made = await createPostgresDatabase();
      dropPostgres = made.drop;
      const postgres = openDatabase({ dataDir: '', databaseUrl: made.url });
      try {
        await migrateToLatest(postgres);
      } finally {
        await postgres.close();
      }
      postgresName = new URL(made.url).pathname.slice(1);
    }
  } catch (error) {
    await dropPostgres();
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  } finally {
    // Closing checkpoints the write-ahead log into the file: the file alone is the database.
    await sqlite.close();
  }
  project.provide('databaseTemplates', { sqliteFile: join(dataDir, SQLITE_FILE), postgresName });
  return async () => {
    await dropPostgres();
    rmSync(dataDir, { recursive: true, force: true });
  };
}
