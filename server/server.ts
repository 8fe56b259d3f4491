// The server (npm start runs it under server/start.mjs, which restarts it after a crash):
// config -> build (if stale) -> database -> migrations -> first admin -> listen.
import { buildApp as buildServer } from './app.js';
import { ensureFirstAdmin } from './bootstrap.js';
import { buildApp, buildIsStale } from './build.js';
import { installClock } from './clock.js';
import { join } from 'node:path';
import { todayIso } from '../domain/dates.js';
import { BACKUP_FOLDER, startDailyBackup } from './backup.js';
import { type Config, configFromEnv } from './config.js';
import {
  type AppDatabase,
  DamagedDatabaseError,
  SQLITE_FILE,
  isDamage,
  migrateToLatest,
  openDatabase,
  quickCheck,
} from './db/index.js';
import { lockDataDir } from './db/lock.js';
import { startAuditPurge } from './modules/audit/index.js';
import { startImportPurge } from './modules/imports/index.js';
import { startPresenceFold } from './modules/churchLife/index.js';
import {
  DEFAULT_WORKER,
  closeTransports,
  startBirthdayGreetings,
  startMessageWorker,
} from './modules/messages/index.js';

async function main() {
  installClock();
  const config = configFromEnv();
  const release = config.databaseUrl ? () => {} : lockDataDir(config.dataDir);
  try {
    if (
      config.distDir &&
      process.env.SKIP_BUILD !== '1' &&
      buildIsStale(process.cwd(), config.distDir)
    ) {
      buildApp(process.cwd());
    }
    const database = openSoundDatabase(config);
    await migrateToLatest(database);
    await ensureFirstAdmin(database.db, config);
    const app = await buildServer(config, database);
    // The audit trail's daily retention purge runs in the listening server, not in tests' apps.
    const stopPurge = startAuditPurge(database.db, app.log);
    // The daily copy of the embedded database, in DATA_DIR/backups.
    const stopBackups = database.sqlite
      ? startDailyBackup(config, todayIso, {
          info: (line) => console.log(line),
          error: (line) => console.error(line),
        })
      : () => {};
    // The member imports' rows no longer needed (personal data), once a day as well.
    const stopImportPurge = startImportPurge(database.db, app.log);
    // The check-in slots of the days gone by folded into their gatherings (migration 0048).
    const stopPresenceFold = startPresenceFold(database.db, app.log);
    // The messages' queue, shared by every process on the database, and the birthday greeting.
    const stopMessages = startMessageWorker(database.db, database.dialect, app.log, {
      ...DEFAULT_WORKER,
      leaseMs: config.messageLeaseMs ?? DEFAULT_WORKER.leaseMs,
    });
    const stopBirthdays = startBirthdayGreetings(
      database.db,
      database.dialect,
      config.publicUrl ?? `http://${config.host}:${config.port}`,
      app.log,
    );

    // Ctrl-C reaches both this process and the supervisor, which passes it on: stop once.
    let stopping = false;
    const stop = async () => {
      if (stopping) return;
      stopping = true;
      stopPurge();
      stopBackups();
      stopImportPurge();
      stopPresenceFold();
      stopBirthdays();
      await stopMessages();
      closeTransports();
      await app.close();
      await database.close();
      release();
      process.exit(0);
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);

    await app.listen({ host: config.host, port: config.port });
    console.log(
      `Adam em http://${config.host}:${config.port} (${database.dialect.name === 'sqlite' ? `SQLite em ${config.dataDir}` : 'PostgreSQL'})`,
    );
  } catch (error) {
    release();
    throw error;
  }
}

/**
 * Opens the database and, for SQLite, runs PRAGMA quick_check before anything reads it: a damaged
 * file (a WAL replayed over a copied-in backup, a failing disk) is refused with what to do,
 * instead of a server that answers 500 to every sign-in.
 */
function openSoundDatabase(config: Config): AppDatabase {
  const file = join(config.dataDir, SQLITE_FILE);
  let database: AppDatabase | undefined;
  try {
    database = openDatabase(config);
    quickCheck(database);
    return database;
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    if (!(error instanceof DamagedDatabaseError) && !isDamage(code)) throw error;
    void database?.close();
    const detail =
      error instanceof DamagedDatabaseError
        ? error.problems.slice(0, 3).join('; ')
        : (error as Error).message;
    throw new Error(
      `O banco de dados ${file} está danificado (PRAGMA quick_check: ${detail}). ` +
        'O Adam não vai iniciar com ele, para não gravar por cima de dados estragados. ' +
        `Restaure a cópia de segurança mais recente: npm run adam -- restore ` +
        `${join(config.dataDir, BACKUP_FOLDER)}/adam-AAAA-MM-DD.sqlite (ou outra cópia sua).`,
    );
  }
}

/** The exit code of a server that could not start (settings, lock, database): not restarted. */
export const EXIT_CANNOT_START = 78;

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(EXIT_CANNOT_START);
});
