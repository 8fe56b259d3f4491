// A real server (buildApp) on a fresh database for each test file: SQLite in a temporary
// folder, or, with ADAM_TEST_DB=postgres, a new PostgreSQL database next to DATABASE_URL.
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { Role } from '../../domain/access.js';
import { type BuildOptions, buildApp } from '../../server/app.js';
import { ensureFirstAdmin } from '../../server/bootstrap.js';
import {
  type AuthSettings,
  type CepSettings,
  type Config,
  defaultAuthSettings,
  defaultCepSettings,
} from '../../server/config.js';
import {
  type AppDatabase,
  SQLITE_FILE,
  migrateToLatest,
  openDatabase,
} from '../../server/db/index.js';
import { insertUser } from '../../server/modules/users/repository.js';

export const ADMIN = { email: 'admin@teste.org', password: 'senha-do-admin' };
export const PASSWORD = 'senha-forte-123';

/**
 * The CEP services of a test app unless a test points them at its own fake: a closed local
 * port, so no test ever reaches the real ViaCEP or BrasilAPI.
 */
export const NO_CEP_SERVICES: CepSettings = {
  ...defaultCepSettings,
  viaCepUrl: 'http://127.0.0.1:9/viacep/{cep}',
  brasilApiUrl: 'http://127.0.0.1:9/brasilapi/{cep}',
  timeoutMs: 500,
};

/** The church data of a test app (see createTestApp's blankChurch). */
export const TEST_CHURCH = {
  name: 'Igreja Evangélica do Teste',
  pastor_name: 'Pr. Samuel Teste',
  city: 'Campinas',
  state: 'SP',
};

export const usingPostgres = process.env.ADAM_TEST_DB === 'postgres';

/**
 * The batch window of an app whose test does not steer the token clock (no `clock`, no
 * `auth.batchWindowMs`). Such a test sends the session headers it was given over and over; with
 * the real clock and the 5 s window, two pauses of more than 5 s between its requests (a busy
 * machine, an import holding the process) would retire them and answer a 401 that has nothing
 * to do with what it checks. Rotation and its window are tested with a clock (auth.test.ts,
 * auth-gem.test.ts), and the browser tests follow rotation on the real 5 s window (ApiSession).
 */
const UNSTEERED_BATCH_WINDOW_MS = 60 * 60 * 1000;

export interface TestApp {
  app: FastifyInstance;
  database: AppDatabase;
  config: Config;
  /** Signs in and returns the session headers to send. */
  signIn(email: string, password: string): Promise<SessionHeaders>;
  /**
   * Creates a user with these roles, limited to `congregationIds` (none: the whole church), and
   * signs them in.
   */
  userWithRoles(
    roles: Role[],
    name?: string,
    congregationIds?: number[],
  ): Promise<SessionHeaders & { id: number }>;
  close(): Promise<void>;
}

export type SessionHeaders = { 'access-token': string; client: string; uid: string };

/** A new PostgreSQL database beside DATABASE_URL's: empty, or a copy of `template`. */
export async function createPostgresDatabase(template?: string): Promise<{
  url: string;
  drop: () => Promise<void>;
}> {
  const base = process.env.DATABASE_URL;
  if (!base) throw new Error('ADAM_TEST_DB=postgres precisa de DATABASE_URL.');
  const name = `adam_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  // A copy of the template's files (PostgreSQL 15's FILE_COPY) rather than of its blocks through
  // the write-ahead log (15's default, WAL_LOG): about 26 ms instead of 175 ms of the database's
  // work for the 13 MB of a migrated database, for each of the hundreds of test apps of a run.
  const copy =
    template &&
    Number((await admin.query('show server_version_num')).rows[0].server_version_num) >= 150000
      ? ' strategy file_copy'
      : '';
  await admin.query(`create database ${name}${template ? ` template ${template}${copy}` : ''}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: base });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

export function sessionOf(response: LightMyRequestResponse): SessionHeaders {
  return {
    'access-token': String(response.headers['access-token']),
    client: String(response.headers.client),
    uid: String(response.headers.uid),
  };
}

/**
 * What the server projects' global setup made for this run (tests/support/databaseTemplate.ts):
 * the migrated PostgreSQL database to copy, and the folder for the SQLite templates; nothing
 * outside vitest (the benchmarks).
 */
async function provided(): Promise<{ postgresTemplate?: string; templateDir?: string }> {
  if (!process.env.VITEST) return {};
  const { inject } = await import('vitest');
  return { postgresTemplate: inject('postgresTemplate'), templateDir: inject('templateDir') };
}

let sqliteTemplate: Promise<string> | undefined;
/**
 * A migrated SQLite file, made once per test process (a worker keeps it from one file to the
 * next): each test app starts from a copy instead of running the migrations again.
 */
function sqliteTemplateFile(templateDir: string | undefined): Promise<string> {
  sqliteTemplate ??= (async () => {
    const dir = mkdtempSync(join(templateDir ?? tmpdir(), 'adam-template-'));
    if (!templateDir) process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
    const database = openDatabase({ dataDir: dir });
    try {
      await migrateToLatest(database);
    } finally {
      // Closing checkpoints the write-ahead log into the file: the file alone is the database.
      await database.close();
    }
    return join(dir, SQLITE_FILE);
  })();
  return sqliteTemplate;
}

export async function createTestApp(
  options: {
    auth?: Partial<AuthSettings>;
    distDir?: string | null;
    /** The token store's clock (see tests/support/manualClock.ts). */
    clock?: BuildOptions['clock'];
    /** A log level and where its lines go (default: no log). */
    log?: { level: Exclude<Config['log'], false>; stream: NonNullable<BuildOptions['logStream']> };
    cep?: Partial<CepSettings>;
    /** Called with every query the app runs (a test counting the queries of a request). */
    onQuery?: (sql: string) => void;
    /** The church as a new installation has it (default: its name, pastor and city filled). */
    blankChurch?: boolean;
  } = {},
): Promise<TestApp> {
  let dataDir = '';
  let dropDatabase = async () => {};
  let databaseUrl: string | undefined;
  const { postgresTemplate, templateDir } = await provided();
  if (usingPostgres) {
    const created = await createPostgresDatabase(postgresTemplate);
    databaseUrl = created.url;
    dropDatabase = created.drop;
  } else {
    const template = await sqliteTemplateFile(templateDir);
    dataDir = mkdtempSync(join(tmpdir(), 'adam-test-'));
    copyFileSync(template, join(dataDir, SQLITE_FILE));
  }
  const config: Config = {
    host: '127.0.0.1',
    port: 0,
    dataDir,
    databaseUrl,
    adminEmail: ADMIN.email,
    adminPassword: ADMIN.password,
    distDir: options.distDir ?? null,
    auth: {
      ...defaultAuthSettings,
      ...(options.clock ? {} : { batchWindowMs: UNSTEERED_BATCH_WINDOW_MS }),
      ...options.auth,
    },
    cep: { ...NO_CEP_SERVICES, ...options.cep },
    log: options.log?.level ?? false,
  };
  const { onQuery } = options;
  const database = openDatabase(config, {
    log: onQuery && ((event) => onQuery(event.query.sql)),
  });
  // Nothing left to run on a copy of the template; the whole way on a database made here.
  await migrateToLatest(database);
  await ensureFirstAdmin(database.db, config, () => {});
  // A church in use: credentials and letters need its name, pastor and city (domain/setup.ts).
  if (!options.blankChurch) {
    await database.db.updateTable('church').set(TEST_CHURCH).where('id', '=', 1).execute();
  }
  const app = await buildApp(config, database, {
    clock: options.clock,
    logStream: options.log?.stream,
  });

  const signIn = async (email: string, password: string) => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/auth/sign_in',
      payload: { email, password },
    });
    if (response.statusCode !== 200) {
      throw new Error(`sign_in ${email}: ${response.statusCode} ${response.body}`);
    }
    return sessionOf(response);
  };

  let count = 0;
  const userWithRoles = async (roles: Role[], name?: string, congregationIds: number[] = []) => {
    count += 1;
    const email = `${roles.join('-') || 'sem-papel'}-${count}@teste.org`;
    const user = await insertUser(database.db, {
      name: name ?? `Usuário ${count}`,
      email,
      password: PASSWORD,
      roles,
      congregation_ids: congregationIds,
    });
    return { ...(await signIn(email, PASSWORD)), id: user.id };
  };

  return {
    app,
    database,
    config,
    signIn,
    userWithRoles,
    close: async () => {
      await app.close();
      await database.close();
      await dropDatabase();
      if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
