// Backups of the embedded database: `npm run adam -- backup FILE`, the server's daily copy in
// DATA_DIR/backups, and `npm run adam -- restore FILE`. PostgreSQL is backed up and restored with
// its own tools (pg_dump, pg_restore): with DATABASE_URL these refuse and say so.
//
// Every copy is made by server/backupWorker.mjs in a worker thread (a read snapshot copied page by
// page while the server writes, then PRAGMA integrity_check on the copy), so the server's thread
// keeps answering during a scheduled copy.
import {
  chmodSync,
  closeSync,
  existsSync,
  fsyncSync,
  mkdirSync,
  openSync,
  readdirSync,
  renameSync,
  rmSync,
  statSync,
} from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { Worker } from 'node:worker_threads';
import SqliteDatabase from 'better-sqlite3';
import { type Config, parseBackupKeep } from './config.js';
import { DamagedDatabaseError, SQLITE_FILE, checkLines, isDamage } from './db/index.js';
import { lockDataDir, tryLockFile } from './db/lock.js';
import { migrations } from './db/migrations/index.js';

export interface BackupProgress {
  copied: number;
  total: number;
  /** The copy is made and being checked (integrity_check). */
  checking?: boolean;
}

export interface CopyResult {
  bytes: number;
  pages: number;
  ms: number;
}

// From server/backup.ts (tsx, tests) and from build/server.mjs (npm start's bundle) alike, the
// worker sits at ../server/ of the running file.
const WORKER = new URL('../server/backupWorker.mjs', import.meta.url);

function removeCopy(file: string): void {
  for (const suffix of ['', '-wal', '-shm', '-journal'])
    rmSync(`${file}${suffix}`, { force: true });
}

/**
 * Copies the SQLite database `source` into `target` (created here, owner-only, must not exist)
 * and checks the copy. Throws DamagedDatabaseError when the copy is not sound; nothing is left at
 * `target` on any failure.
 */
export async function copySqlite(
  source: string,
  target: string,
  options: { onProgress?: (progress: BackupProgress) => void; signal?: AbortSignal } = {},
): Promise<CopyResult> {
  const started = Date.now();
  // Created empty and private (0600) first: the copy holds every member's personal data.
  closeSync(openSync(target, 'wx', 0o600));
  // The copy's JavaScript is small (SQLite's pages stay in native memory): a small heap.
  const worker = new Worker(WORKER, {
    workerData: { source, target },
    resourceLimits: { maxOldGenerationSizeMb: 32, maxYoungGenerationSizeMb: 8 },
  });
  const abort = () => void worker.terminate();
  options.signal?.addEventListener('abort', abort);
  try {
    const pages = await new Promise<number>((done, fail) => {
      worker.on('message', (message) => {
        if (message.type === 'progress') options.onProgress?.(message);
        else if (message.type === 'failed') {
          fail(
            isDamage(message.code)
              ? new DamagedDatabaseError(source, [message.message])
              : new Error(message.message),
          );
        } else if (checkLines(message.problems).length > 0) {
          fail(new DamagedDatabaseError(source, checkLines(message.problems)));
        } else done(message.pages);
      });
      worker.on('error', fail);
      worker.on('exit', () => fail(new Error('A cópia foi interrompida.')));
    });
    chmodSync(target, 0o600);
    const fd = openSync(target, 'r');
    fsyncSync(fd);
    closeSync(fd);
    return { bytes: statSync(target).size, pages, ms: Date.now() - started };
  } catch (error) {
    removeCopy(target);
    throw error;
  } finally {
    options.signal?.removeEventListener('abort', abort);
    await worker.terminate();
  }
}

const POSTGRES_BACKUP =
  'Com PostgreSQL (DATABASE_URL), o Adam não faz cópias: use as ferramentas do PostgreSQL, ' +
  'por exemplo pg_dump --format=custom "$DATABASE_URL" --file=copia.dump para copiar e ' +
  'pg_restore --clean --dbname="$DATABASE_URL" copia.dump para restaurar.';

/** `npm run adam -- backup FILE`: a checked copy of DATA_DIR/adam.sqlite, server running or not. */
export async function backupTo(
  config: Pick<Config, 'dataDir' | 'databaseUrl'>,
  file: string,
  onProgress?: (progress: BackupProgress) => void,
): Promise<CopyResult> {
  if (config.databaseUrl) throw new Error(POSTGRES_BACKUP);
  const source = join(config.dataDir, SQLITE_FILE);
  if (!existsSync(source)) throw new Error(`Não há banco de dados em ${source}.`);
  const target = resolve(file);
  if (existsSync(target)) throw new Error(`O arquivo ${target} já existe; escolha outro nome.`);
  if (!existsSync(dirname(target))) throw new Error(`A pasta ${dirname(target)} não existe.`);
  try {
    return await copySqlite(source, target, { onProgress });
  } catch (error) {
    if (error instanceof DamagedDatabaseError) {
      throw new Error(
        `O banco de dados em ${source} está danificado; a cópia não foi gravada. ` +
          `Detalhes do SQLite: ${error.problems.slice(0, 5).join('; ')}`,
      );
    }
    throw error;
  }
}

// ---------------------------------------------------------------------------------------------
// Restore

export interface RestoreResult {
  /** Where the database that was in place (with its -wal and -shm) now is; null: there was none. */
  keptAside: string | null;
  bytes: number;
  /** The backup's last migration. */
  migration: string;
}

/** The Adam migrations a database has run, or null when it has no migration table. */
function appliedMigrations(file: string): string[] | null {
  const db = new SqliteDatabase(file, { readonly: true, fileMustExist: true });
  try {
    const table = db
      .prepare("select 1 from sqlite_schema where type = 'table' and name = 'kysely_migration'")
      .get();
    if (!table) return null;
    return (
      db.prepare('select name from kysely_migration order by name').all() as Array<{
        name: string;
      }>
    ).map((row) => row.name);
  } finally {
    db.close();
  }
}

/** The machine's local time, usable in a file name: 2026-11-27_10-31-05. */
function stamp(date = new Date()): string {
  const two = (value: number) => String(value).padStart(2, '0');
  return (
    `${date.getFullYear()}-${two(date.getMonth() + 1)}-${two(date.getDate())}_` +
    `${two(date.getHours())}-${two(date.getMinutes())}-${two(date.getSeconds())}`
  );
}

/**
 * `npm run adam -- restore FILE`: puts a backup in place of DATA_DIR/adam.sqlite. Refused while a
 * server holds the folder (its lock is taken for the whole restore, so none starts meanwhile).
 * The backup is copied beside the database and checked there (integrity_check, an Adam database
 * whose migrations this version knows); the current database, with its -wal and -shm, is moved
 * into a folder of its own, so no old WAL can be replayed over the restored pages.
 */
export async function restoreFrom(
  config: Pick<Config, 'dataDir' | 'databaseUrl'>,
  file: string,
  onProgress?: (progress: BackupProgress) => void,
): Promise<RestoreResult> {
  if (config.databaseUrl) throw new Error(POSTGRES_BACKUP);
  const source = resolve(file);
  if (!existsSync(source) || !statSync(source).isFile()) {
    throw new Error(`O arquivo ${source} não existe.`);
  }
  const release = lockDataDir(
    config.dataDir,
    (pid) =>
      `O Adam está em execução com os dados de ${config.dataDir} (processo ${pid}). ` +
      'Pare o servidor antes de restaurar uma cópia; nada foi alterado.',
  );
  const database = join(config.dataDir, SQLITE_FILE);
  const incoming = `${database}.restaurando`;
  try {
    removeCopy(incoming); // left by a restore that was interrupted
    let copied: CopyResult;
    try {
      copied = await copySqlite(source, incoming, { onProgress });
    } catch (error) {
      if (error instanceof DamagedDatabaseError) {
        throw new Error(
          `A cópia ${source} está danificada ou não é um banco SQLite; nada foi alterado. ` +
            `Detalhes do SQLite: ${error.problems.slice(0, 5).join('; ')}`,
        );
      }
      throw error;
    }
    const known = new Set(Object.keys(migrations('sqlite')));
    const applied = appliedMigrations(incoming);
    const tables = new SqliteDatabase(incoming, { readonly: true });
    const hasCore = ['church', 'users', 'members'].every((name) =>
      tables.prepare("select 1 from sqlite_schema where type = 'table' and name = ?").get(name),
    );
    tables.close();
    if (!applied || applied.length === 0 || !hasCore) {
      removeCopy(incoming);
      throw new Error(`${source} não é uma cópia de um banco do Adam; nada foi alterado.`);
    }
    const unknown = applied.filter((name) => !known.has(name));
    if (unknown.length > 0) {
      removeCopy(incoming);
      throw new Error(
        `A cópia ${source} foi feita por uma versão mais nova do Adam (migração ${unknown.at(-1)}); ` +
          'atualize o Adam antes de restaurá-la. Nada foi alterado.',
      );
    }

    let keptAside: string | null = null;
    const present = ['', '-wal', '-shm'].filter((suffix) => existsSync(`${database}${suffix}`));
    if (present.length > 0) {
      keptAside = join(config.dataDir, `antes-da-restauracao-${stamp()}`);
      mkdirSync(keptAside, { mode: 0o700 });
      // The WAL and shared memory first: a database file never sits beside another one's WAL.
      for (const suffix of ['-wal', '-shm', ''].filter((s) => present.includes(s))) {
        renameSync(`${database}${suffix}`, join(keptAside, `${SQLITE_FILE}${suffix}`));
      }
    }
    renameSync(incoming, database);
    const folder = openSync(config.dataDir, 'r');
    fsyncSync(folder);
    closeSync(folder);
    return { keptAside, bytes: copied.bytes, migration: applied.at(-1)! };
  } catch (error) {
    removeCopy(incoming);
    throw error;
  } finally {
    release();
  }
}

// ---------------------------------------------------------------------------------------------
// Daily copies

export const BACKUP_FOLDER = 'backups';
const DAILY = /^adam-\d{4}-\d{2}-\d{2}\.sqlite$/;

export interface DailyBackupResult extends CopyResult {
  file: string;
  /** Older copies removed, past the `keep` most recent. */
  removed: string[];
}

/**
 * Today's copy, DATA_DIR/backups/adam-YYYY-MM-DD.sqlite, made by whichever process claims the day
 * first (a lock file beside it, taken over when its process has ended); null when today's copy
 * exists or another process is making it. Then only the `keep` most recent daily copies stay.
 */
export async function dailyBackup(
  dataDir: string,
  today: string,
  keep: number,
  signal?: AbortSignal,
): Promise<DailyBackupResult | null> {
  const folder = join(dataDir, BACKUP_FOLDER);
  mkdirSync(folder, { recursive: true, mode: 0o700 });
  const file = join(folder, `adam-${today}.sqlite`);
  if (existsSync(file)) return null;
  const claim = tryLockFile(`${file}.trava`);
  if ('holder' in claim) return null;
  try {
    if (existsSync(file)) return null; // finished by another process while we looked
    const partial = `${file}.parcial`;
    removeCopy(partial); // left by a process that ended during its copy
    const result = await copySqlite(join(dataDir, SQLITE_FILE), partial, { signal });
    renameSync(partial, file);
    removeAbandoned(folder);
    return { ...result, file, removed: pruneBackups(folder, keep) };
  } finally {
    claim.release();
  }
}

/** Unfinished copies of other days whose process ended (their claim is free): removed. */
function removeAbandoned(folder: string): void {
  for (const name of readdirSync(folder)) {
    const day = /^(adam-\d{4}-\d{2}-\d{2}\.sqlite)\.parcial$/.exec(name);
    if (!day) continue;
    const claim = tryLockFile(join(folder, `${day[1]}.trava`));
    if ('holder' in claim) continue;
    removeCopy(join(folder, name));
    claim.release();
  }
}

/** Removes the daily copies past the `keep` most recent; other files are left alone. */
export function pruneBackups(folder: string, keep: number): string[] {
  const daily = readdirSync(folder)
    .filter((name) => DAILY.test(name))
    .sort()
    .reverse();
  const removed = daily.slice(Math.max(keep, 1));
  for (const name of removed) rmSync(join(folder, name), { force: true });
  return removed.map((name) => join(folder, name));
}

/** How often the server looks whether today's copy is made. */
const CHECK_INTERVAL_MS = 60 * 60 * 1000;

interface Log {
  info(message: string): void;
  error(message: string): void;
}

/**
 * The server's daily copy (SQLite): at start and then every hour, today's copy if none is made.
 * Returns the function that stops it (an unfinished copy is abandoned and removed).
 */
export function startDailyBackup(
  config: Pick<Config, 'dataDir' | 'backupKeep'>,
  today: () => string,
  log: Log,
): () => void {
  const keep = config.backupKeep ?? parseBackupKeep(undefined);
  if (keep <= 0) return () => {};
  const stopping = new AbortController();
  let running = false;
  const run = () => {
    if (running) return;
    running = true;
    dailyBackup(config.dataDir, today(), keep, stopping.signal)
      .then((result) => {
        if (result) {
          log.info(
            `Cópia de segurança diária gravada em ${result.file} ` +
              `(${formatMegabytes(result.bytes)}, conferida, em ${formatSeconds(result.ms)}).`,
          );
        }
      })
      .catch((error: unknown) => {
        if (stopping.signal.aborted) return;
        log.error(
          error instanceof DamagedDatabaseError
            ? `A cópia de segurança diária falhou: o banco de dados está danificado ` +
                `(${error.problems.slice(0, 3).join('; ')}). Pare o servidor e restaure a cópia ` +
                `mais recente (npm run adam -- restore ARQUIVO).`
            : `A cópia de segurança diária falhou: ${error instanceof Error ? error.message : String(error)}`,
        );
      })
      .finally(() => (running = false));
  };
  run();
  const timer = setInterval(run, CHECK_INTERVAL_MS);
  timer.unref();
  return () => {
    clearInterval(timer);
    stopping.abort();
  };
}

const oneDecimal = (value: number) => value.toLocaleString('pt-BR', { maximumFractionDigits: 1 });

export const formatMegabytes = (bytes: number) => `${oneDecimal(bytes / 1024 / 1024)} MB`;

export const formatSeconds = (ms: number) => `${oneDecimal(ms / 1000)} s`;
