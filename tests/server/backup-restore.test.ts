// Backups and restores of the embedded database, against the CLI and the real server (npm start):
// `backup` finishes while another process writes without pause; `restore` is refused while a
// server holds the folder, refuses a damaged or foreign file, and puts a good copy in place over
// a folder that a kill -9 left with -wal and -shm; the server refuses a damaged database at start
// (no restart loop) and /api/health says so; the daily copies are made once a day and pruned.
// These are SQLite's files (DATABASE_URL is emptied here), tested in the SQLite leg of the suite;
// with PostgreSQL, backup and restore point to pg_dump and pg_restore.
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readFileSync,
  readdirSync,
  rmSync,
  statSync,
  writeFileSync,
  writeSync,
  closeSync,
} from 'node:fs';
import { createHash } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createRequire } from 'node:module';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { promisify } from 'node:util';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backupTo, dailyBackup, restoreFrom } from '../../server/backup.js';
import { buildApp } from '../../server/app.js';
import { ensureFirstAdmin } from '../../server/bootstrap.js';
import { defaultAuthSettings, type Config } from '../../server/config.js';
import { migrateToLatest, openDatabase } from '../../server/db/index.js';
import {
  SERVER_ADMIN,
  addMember,
  apiMemberCount,
  rowCount,
  signInAdmin,
  sqliteCheck,
  startEmbeddedServer,
} from '../support/embeddedServer.js';
import type { ServerProcess } from '../support/serverProcess.js';
import { NO_CEP_SERVICES, usingPostgres } from '../support/testApp.js';

const ROOT = resolve(import.meta.dirname, '../..');
const run = promisify(execFile);
const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

const folders: string[] = [];
function tempDir(prefix = 'adam-backup-'): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  folders.push(dir);
  return dir;
}
afterAll(() => {
  for (const dir of folders) rmSync(dir, { recursive: true, force: true });
});

/** `npm run adam -- …` on `dataDir`'s embedded database. */
function cli(dataDir: string, args: string[], timeout = 60_000) {
  return run(join('node_modules', '.bin', 'tsx'), ['server/cli.ts', ...args], {
    cwd: ROOT,
    timeout,
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
  });
}

/** A migrated database with its first admin, closed (everything in adam.sqlite, no WAL). */
async function adamDatabase(dataDir: string): Promise<void> {
  const database = openDatabase({ dataDir });
  await migrateToLatest(database);
  await ensureFirstAdmin(
    database.db,
    { adminEmail: SERVER_ADMIN.email, adminPassword: SERVER_ADMIN.password },
    () => {},
  );
  await database.close();
}

const sqliteFile = (dataDir: string) => join(dataDir, 'adam.sqlite');

/** Overwrites the first page of `table`'s b-tree with bytes SQLite cannot read. */
function damageTable(file: string, table: string): void {
  const db = new Database(file, { readonly: true });
  const { rootpage } = db
    .prepare("select rootpage from sqlite_schema where type = 'table' and name = ?")
    .get(table) as { rootpage: number };
  const pageSize = db.pragma('page_size', { simple: true }) as number;
  db.close();
  const fd = openSync(file, 'r+');
  writeSync(fd, Buffer.alloc(pageSize, 0xa5), 0, pageSize, (rootpage - 1) * pageSize);
  closeSync(fd);
}

const digest = (file: string) => createHash('sha256').update(readFileSync(file)).digest('hex');

/** Kills npm start's supervisor and server at once, as a power cut would. */
async function killHard(server: ServerProcess): Promise<void> {
  const serverPid = server.serverPid();
  process.kill(-server.pid, 'SIGKILL');
  for (let i = 0; i < 100 && existsSync(`/proc/${serverPid}`); i++) await sleep(50);
  await server.stop();
}

// SQLite's files, whatever the leg: the SQLite leg runs them, the PostgreSQL leg checks what
// backup and restore answer there instead of running them a second time.
if (!usingPostgres) embeddedSuites();

function embeddedSuites() {
  describe('backup while another process writes without pause', () => {
    let dir: string;
    let writer: ChildProcess;
    beforeAll(async () => {
      dir = tempDir();
      await adamDatabase(dir);
      // About 60 MB of rows: a copy that starts over at every write never ends (it did not).
      const db = new Database(sqliteFile(dir));
      db.pragma('journal_mode = WAL');
      db.exec('create table filler (id integer primary key, body text not null)');
      const insert = db.prepare('insert into filler (body) values (?)');
      db.transaction(() => {
        for (let i = 0; i < 100_000; i++) insert.run(`${'x'.repeat(500)}${i}`);
      })();
      db.close();
      // One row per transaction, as fast as SQLite commits, until killed.
      writer = spawn(
        process.execPath,
        [
          '-e',
          `const D = require(${JSON.stringify(createRequire(import.meta.url).resolve('better-sqlite3'))});
         const db = new D(process.argv[1]);
         db.pragma('journal_mode = WAL'); db.pragma('busy_timeout = 5000');
         const insert = db.prepare('insert into filler (body) values (?)');
         let n = 0;
         for (;;) { insert.run('w' + n++); if (n === 1000) console.log('writing'); }`,
          sqliteFile(dir),
        ],
        { stdio: ['ignore', 'pipe', 'inherit'] },
      );
      await new Promise((done) => writer.stdout!.once('data', done));
    });
    afterAll(() => void writer?.kill('SIGKILL'));

    it('finishes in bounded time, shows progress, and the copy is checked and sound', async () => {
      const copy = join(dir, 'copia.sqlite');
      const started = Date.now();
      const { stdout } = await cli(dir, ['backup', copy], 25_000);
      const seconds = (Date.now() - started) / 1000;
      // The writer never stopped: the copy was made under continuous writes.
      expect(writer.exitCode).toBeNull();
      expect(seconds).toBeLessThan(25);
      expect(stdout).toMatch(/Copiando… \d+% \([\d.]+ de [\d.]+ páginas\)/);
      expect(stdout).toMatch(/Conferindo a cópia \(PRAGMA integrity_check\)…/);
      expect(stdout).toMatch(
        /Cópia de segurança gravada em .*copia\.sqlite \([\d,]+ MB.*conferida/,
      );
      expect(statSync(copy).mode & 0o777).toBe(0o600);
      expect(sqliteCheck(copy)).toBe('ok');
      const db = new Database(copy, { readonly: true });
      const rows = (db.prepare('select count(*) as n from filler').get() as { n: number }).n;
      // A single self-contained file: no WAL is needed (nor created) to read it.
      expect(db.pragma('journal_mode', { simple: true })).toBe('delete');
      db.close();
      expect(rows).toBeGreaterThan(100_000);
      expect(existsSync(`${copy}-wal`)).toBe(false);
    }, 40_000);

    it('as the daily copy, leaves this thread free while it copies and checks', async () => {
      const delay = monitorEventLoopDelay({ resolution: 10 });
      delay.enable();
      const made = await dailyBackup(dir, '2026-11-27', 7);
      delay.disable();
      expect(writer.exitCode).toBeNull();
      expect(made?.file).toBe(join(dir, 'backups', 'adam-2026-11-27.sqlite'));
      expect(sqliteCheck(made!.file)).toBe('ok');
      // The thread never waited long: a copy made in it would hold it for the whole copy (how long
      // the copy takes depends on the machine, so only its share of the copy is bounded).
      expect(delay.max / 1e6).toBeLessThan(Math.max(250, made!.ms / 4));
    }, 40_000);
  });

  describe('restore', () => {
    let dir: string;
    let server: ServerProcess | undefined;
    afterAll(() => server?.stop());

    it('is refused while a server holds the folder; puts a backup made under writes back after a kill -9', async () => {
      dir = tempDir();
      // This one makes its daily copy (npm start's bundle finds the copy's worker).
      server = await startEmbeddedServer(ROOT, dir, { BACKUP_KEEP: '7' });
      const auth = await signInAdmin(server);
      const add = async (name: string) => expect(await addMember(server!, auth, name)).toBe(201);
      for (let i = 0; i < 5; i++) await add(`Membro anterior ${i}`);

      // Members keep arriving while the copy is made.
      let writing = true;
      let written = 0;
      const writes = (async () => {
        while (writing) await add(`Membro durante a cópia ${written++}`);
      })();
      const copy = join(tempDir(), 'copia.sqlite');
      await cli(dir, ['backup', copy]);
      writing = false;
      await writes;
      expect(written).toBeGreaterThan(0);
      const daily = join(dir, 'backups');
      for (let i = 0; i < 100 && !readdirSync(daily).some((name) => /\.sqlite$/.test(name)); i++) {
        await sleep(100);
      }
      const [today] = readdirSync(daily).filter((name) => /\.sqlite$/.test(name));
      expect(today).toMatch(/^adam-\d{4}-\d\d-\d\d\.sqlite$/);
      expect(sqliteCheck(join(daily, today))).toBe('ok');
      const copied = rowCount(copy, 'members');
      expect(copied).toBeGreaterThanOrEqual(5);

      // Refused while the server runs; nothing in the folder changes.
      const before = readdirSync(dir).sort();
      const refused = await cli(dir, ['restore', copy]).catch((error) => error);
      expect(refused.code).not.toBe(0);
      expect(refused.stderr).toMatch(
        /O Adam está em execução com os dados de .* \(processo \d+\)\. Pare o servidor antes de restaurar/,
      );
      expect(readdirSync(dir).sort()).toEqual(before);
      expect(await apiMemberCount(server, auth)).toBe(5 + written);

      // More writes, then the power goes: -wal and -shm stay beside the database.
      for (let i = 0; i < 3; i++) await add(`Membro depois da cópia ${i}`);
      await killHard(server);
      server = undefined;
      expect(statSync(`${sqliteFile(dir)}-wal`).size).toBeGreaterThan(0);
      expect(existsSync(`${sqliteFile(dir)}-shm`)).toBe(true);

      const restored = await cli(dir, ['restore', copy]);
      expect(restored.stdout).toMatch(/restaurada em .*adam\.sqlite .*conferida/);
      const aside = /foi guardado em (\S+)\.\n/.exec(restored.stdout)?.[1] ?? '';
      expect(aside).toMatch(/antes-da-restauracao-\d{4}-\d\d-\d\d_\d\d-\d\d-\d\d$/);
      expect(readdirSync(aside).sort()).toEqual([
        'adam.sqlite',
        'adam.sqlite-shm',
        'adam.sqlite-wal',
      ]);
      expect(existsSync(`${sqliteFile(dir)}-wal`)).toBe(false);
      expect(existsSync(`${sqliteFile(dir)}-shm`)).toBe(false);
      expect(existsSync(join(dir, 'adam.pid'))).toBe(false);
      expect(sqliteCheck(sqliteFile(dir))).toBe('ok');

      server = await startEmbeddedServer(ROOT, dir);
      const again = await signInAdmin(server);
      expect(await apiMemberCount(server, again)).toBe(copied);
      expect((await fetch(`${server.baseUrl}/api/health`)).status).toBe(200);
      await server.stop();
      server = undefined;
      expect(sqliteCheck(sqliteFile(dir))).toBe('ok');
    }, 120_000);

    it('refuses a damaged copy, a file that is no database, a foreign database and a newer Adam’s, changing nothing', async () => {
      const dir = tempDir();
      await adamDatabase(dir);
      const current = digest(sqliteFile(dir));
      const elsewhere = tempDir();
      const good = join(elsewhere, 'boa.sqlite');
      await backupTo({ dataDir: dir }, good);

      const damaged = join(elsewhere, 'danificada.sqlite');
      copyFileSync(good, damaged);
      damageTable(damaged, 'users');
      const text = join(elsewhere, 'texto.sqlite');
      writeFileSync(text, 'nome;cpf\nMaria;123\n'.repeat(500));
      const foreign = join(elsewhere, 'outro.sqlite');
      const other = new Database(foreign);
      other.exec('create table notas (id integer primary key, texto text)');
      other.close();
      const newer = join(elsewhere, 'nova.sqlite');
      copyFileSync(good, newer);
      const future = new Database(newer);
      future
        .prepare('insert into kysely_migration (name, timestamp) values (?, ?)')
        .run('9999_from_the_future', new Date().toISOString());
      future.close();

      const cases: Array<[string, RegExp]> = [
        [
          damaged,
          /A cópia .*danificada\.sqlite está danificada ou não é um banco SQLite; nada foi alterado/,
        ],
        [text, /texto\.sqlite está danificada ou não é um banco SQLite; nada foi alterado/],
        [foreign, /outro\.sqlite não é uma cópia de um banco do Adam; nada foi alterado/],
        [newer, /versão mais nova do Adam \(migração 9999_from_the_future\)/],
        [join(elsewhere, 'nenhum.sqlite'), /nenhum\.sqlite não existe/],
      ];
      for (const [file, message] of cases) {
        await expect(restoreFrom({ dataDir: dir }, file), file).rejects.toThrow(message);
        expect(digest(sqliteFile(dir)), file).toBe(current);
        expect(readdirSync(dir).sort(), file).toEqual(['adam.sqlite']);
      }
      // The good one goes in.
      await restoreFrom({ dataDir: dir }, good);
      expect(sqliteCheck(sqliteFile(dir))).toBe('ok');
    }, 90_000);
  });

  describe('a damaged database', () => {
    it('is refused at start with a Portuguese message, and npm start does not restart it', async () => {
      const dir = tempDir();
      await adamDatabase(dir);
      // Members are not read while starting: without the check the server would serve this file.
      damageTable(sqliteFile(dir), 'members');
      const started = Date.now();
      const refused = await startEmbeddedServer(ROOT, dir).catch((error: Error) => error);
      expect(refused).toBeInstanceOf(Error);
      const message = (refused as Error).message;
      expect(message).toMatch(/O servidor terminou antes de responder \(código 78\)/);
      expect(message).toMatch(
        /O banco de dados .*adam\.sqlite está danificado \(PRAGMA quick_check: /,
      );
      expect(message).toMatch(/npm run adam -- restore .*backups\/adam-AAAA-MM-DD\.sqlite/);
      expect(message).not.toMatch(/Reiniciando/);
      expect(Date.now() - started).toBeLessThan(60_000);
      expect(existsSync(join(dir, 'adam.pid'))).toBe(false);
    }, 90_000);

    it('makes /api/health answer 503, not ok, when a read meets the damage', async () => {
      const dir = tempDir();
      await adamDatabase(dir);
      damageTable(sqliteFile(dir), 'church');
      const config: Config = {
        host: '127.0.0.1',
        port: 0,
        dataDir: dir,
        distDir: null,
        auth: defaultAuthSettings,
        cep: NO_CEP_SERVICES,
        log: false,
      };
      const database = openDatabase(config);
      const app = await buildApp(config, database);
      try {
        // /api/health itself reads nothing (`select 1`): healthy until a read meets the damage.
        expect((await app.inject({ url: '/api/health' })).statusCode).toBe(200);
        const read = await app.inject({ url: '/api/public/church' });
        expect(read.statusCode).toBe(503);
        const health = await app.inject({ url: '/api/health' });
        expect(health.statusCode).toBe(503);
        expect(health.json()).toMatchObject({
          status: 'error',
          message: expect.stringMatching(/banco de dados do Adam está danificado/),
        });
      } finally {
        await app.close();
        await database.close();
      }
    });
  });

  describe('daily copies', () => {
    it('are made once a day, not while another process makes it, checked, and pruned', async () => {
      const dir = tempDir();
      await adamDatabase(dir);
      const folder = join(dir, 'backups');
      mkdirSync(folder, { mode: 0o700 });
      for (const day of ['2026-11-20', '2026-11-21', '2026-11-22', '2026-11-23']) {
        writeFileSync(join(folder, `adam-${day}.sqlite`), 'older copy');
      }
      writeFileSync(join(folder, 'minha-copia.sqlite'), 'not ours to remove');
      // An unfinished copy of an earlier day whose process ended is removed.
      writeFileSync(join(folder, 'adam-2026-11-19.sqlite.parcial'), 'unfinished');
      // A claim left by a process that ended is taken over.
      writeFileSync(join(folder, 'adam-2026-11-24.sqlite.trava'), '999999999\n');

      const made = await dailyBackup(dir, '2026-11-24', 3);
      const file = join(folder, 'adam-2026-11-24.sqlite');
      expect(made?.file).toBe(file);
      expect(made?.removed.sort()).toEqual([
        join(folder, 'adam-2026-11-20.sqlite'),
        join(folder, 'adam-2026-11-21.sqlite'),
      ]);
      expect(sqliteCheck(file)).toBe('ok');
      expect(statSync(file).mode & 0o777).toBe(0o600);
      expect(await dailyBackup(dir, '2026-11-24', 3)).toBeNull();
      expect(readdirSync(folder).sort()).toEqual([
        'adam-2026-11-22.sqlite',
        'adam-2026-11-23.sqlite',
        'adam-2026-11-24.sqlite',
        'minha-copia.sqlite',
      ]);

      // A live process's claim: that process makes the copy, not this one.
      writeFileSync(
        join(folder, 'adam-2026-11-25.sqlite.trava'),
        `${process.ppid}\n${readFileSync(`/proc/${process.ppid}/stat`, 'utf8').split(') ')[1].split(' ')[19]}\n`,
      );
      expect(await dailyBackup(dir, '2026-11-25', 3)).toBeNull();
      expect(existsSync(join(folder, 'adam-2026-11-25.sqlite'))).toBe(false);
    });
  });
}

describe('with PostgreSQL', () => {
  it('backup and restore point to pg_dump and pg_restore', async () => {
    const config = {
      dataDir: tempDir(),
      databaseUrl: usingPostgres ? process.env.DATABASE_URL! : 'postgres://adam@127.0.0.1:1/nenhum',
    };
    const pointer =
      /Com PostgreSQL \(DATABASE_URL\), o Adam não faz cópias: .*pg_dump .*pg_restore/;
    await expect(backupTo(config, 'copia.dump')).rejects.toThrow(pointer);
    await expect(restoreFrom(config, 'copia.dump')).rejects.toThrow(pointer);
  });
});
