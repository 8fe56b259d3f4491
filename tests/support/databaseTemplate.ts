// Global setup of the server test projects (vitest.config.ts) on PostgreSQL: the app's migrations
// run once per run, into a template database, instead of once per test app; each test app
// (tests/support/testApp.ts) starts from a copy (CREATE DATABASE … TEMPLATE, a copy of its
// files): the 48 migrations took about 200 ms of the database's and the test process's work for
// every app, the copy takes 30 ms. (On SQLite each test process migrates a file once and copies
// it: see sqliteTemplate in testApp.ts.) The migrations still build every test database, and
// their own tests (tests/support/migrations.ts) run them step by step.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { migrateToLatest, openDatabase } from '../../server/db/index.js';
import { createPostgresDatabase, usingPostgres } from './testApp.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Where the test processes put their SQLite templates, removed after the run. */
    templateDir: string;
    /** A migrated PostgreSQL database to copy, no one connected to it (ADAM_TEST_DB=postgres). */
    postgresTemplate: string | undefined;
  }
}

export default async function setup(project: TestProject) {
  const templateDir = mkdtempSync(join(tmpdir(), 'adam-templates-'));
  project.provide('templateDir', templateDir);
  const removeDir = async () => rmSync(templateDir, { recursive: true, force: true });
  if (!usingPostgres) {
    project.provide('postgresTemplate', undefined);
    return removeDir;
  }
  const made = await createPostgresDatabase();
  try {
    const database = openDatabase({ dataDir: '', databaseUrl: made.url });
    try {
      await migrateToLatest(database);
    } finally {
      await database.close();
    }
  } catch (error) {
    await made.drop();
    await removeDir();
    throw error;
  }
  project.provide('postgresTemplate', new URL(made.url).pathname.slice(1));
  return async () => {
    await made.drop();
    await removeDir();
  };
}
