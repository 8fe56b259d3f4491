// The first admin, the one-server-per-DATA_DIR lock, migrations and the CLI.
import { execFile, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backupTo } from '../../server/backup.js';
import { ensureFirstAdmin } from '../../server/bootstrap.js';
import { type AppDatabase, migrateToLatest, openDatabase } from '../../server/db/index.js';
import { lockDataDir } from '../../server/db/lock.js';
import { verifyPassword } from '../../server/auth/passwords.js';

const run = promisify(execFile);

describe('first admin', () => {
  let dir: string;
  let database: AppDatabase;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'adam-boot-'));
    database = openDatabase({ dataDir: dir });
    await migrateToLatest(database);
  });
  afterAll(async () => {
    await database.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('is created once, with a generated password printed once', async () => {
    const lines: string[] = [];
    await ensureFirstAdmin(database.db, {}, (line) => lines.push(line));
    const printed = lines.join('\n');
    expect(printed).toContain('admin@adam.local');
    const password = /senha:\s+(\S+)/.exec(printed)?.[1] ?? '';
    expect(password.length).toBeGreaterThanOrEqual(12);
    const row = await database.db.selectFrom('users').selectAll().executeTakeFirstOrThrow();
    expect(JSON.parse(row.roles)).toEqual(['admin']);
    expect(await verifyPassword(row.password_digest, password)).toBe(true);

    const again: string[] = [];
    await ensureFirstAdmin(database.db, {}, (line) => again.push(line));
    expect(again).toEqual([]);
    const count = await database.db.selectFrom('users').select('id').execute();
    expect(count).toHaveLength(1);
  });

  it('running migrations twice changes nothing', async () => {
    await expect(migrateToLatest(database)).resolves.toBeUndefined();
  });
});

describe('data directory lock', () => {
  const startTime = (pid: number) => {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
  };
  const withDir = (body: (dir: string) => void | Promise<void>) => async () => {
    const dir = mkdtempSync(join(tmpdir(), 'adam-lock-'));
    try {
      await body(dir);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  };

  it(
    'refuses a second server on the same DATA_DIR while the first runs',
    withDir((dir) => {
      // The lock file names a live process that is not this one (vitest's parent).
      writeFileSync(join(dir, 'adam.pid'), `${process.ppid}\n${startTime(process.ppid)}\n`);
      expect(() => lockDataDir(dir)).toThrow(/já está em execução/);
      // A lock written before start times were recorded: a live node process holds it.
      writeFileSync(join(dir, 'adam.pid'), String(process.ppid));
      expect(() => lockDataDir(dir)).toThrow(/já está em execução/);
    }),
  );

  it(
    'takes over a lock left by a process that ended, and releases it',
    withDir((dir) => {
      writeFileSync(join(dir, 'adam.pid'), '999999999');
      const release = lockDataDir(dir);
      expect(readFileSync(join(dir, 'adam.pid'), 'utf8')).toBe(
        `${process.pid}\n${startTime(process.pid)}\n`,
      );
      expect(statSync(join(dir, 'adam.pid')).mode & 0o777).toBe(0o600);
      release();
      expect(existsSync(join(dir, 'adam.pid'))).toBe(false);
    }),
  );

  it(
    'takes over a lock whose pid now belongs to another program (pids repeat)',
    withDir(async (dir) => {
      const other = spawn('sleep', ['30']);
      try {
        // The pid is alive, but it started at another time than the lock's writer.
        writeFileSync(join(dir, 'adam.pid'), `${other.pid}\n1\n`);
        lockDataDir(dir)();
        // An old-style lock naming a live program that is not node is stale too.
        writeFileSync(join(dir, 'adam.pid'), String(other.pid));
        lockDataDir(dir)();
      } finally {
        other.kill('SIGKILL');
      }
    }),
  );

  it(
    'takes over a lock held by a killed server that is still a zombie',
    withDir(async (dir) => {
      // sh starts `sleep 1` and becomes `sleep 30`, which never reaps it: a zombie once it ends.
      // (A child that ended before the exec, as `sleep 0` could on a busy machine, is reaped by
      // sh itself.)
      const parent = spawn('sh', ['-c', 'sleep 1 & echo $!; exec sleep 30']);
      try {
        const pid = await new Promise<number>((done) =>
          parent.stdout.once('data', (chunk: Buffer) => done(Number(chunk.toString().trim()))),
        );
        for (
          let i = 0;
          i < 250 && readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1][0] !== 'Z';
          i++
        ) {
          await new Promise((done) => setTimeout(done, 20));
        }
        expect(readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1][0]).toBe('Z');
        writeFileSync(join(dir, 'adam.pid'), `${pid}\n${startTime(pid)}\n`);
        lockDataDir(dir)();
      } finally {
        parent.kill('SIGKILL');
      }
    }),
  );

  it(
    'creates the data folder 0700 and the database, its WAL and backups 0600',
    withDir(async (parent) => {
      const dir = join(parent, 'dados');
      const database = openDatabase({ dataDir: dir });
      try {
        await migrateToLatest(database);
        expect(statSync(dir).mode & 0o777).toBe(0o700);
        for (const file of ['adam.sqlite', 'adam.sqlite-wal', 'adam.sqlite-shm']) {
          expect(statSync(join(dir, file)).mode & 0o777, file).toBe(0o600);
        }
        const copy = join(parent, 'copia.sqlite');
        await backupTo({ dataDir: dir }, copy);
        expect(statSync(copy).mode & 0o777).toBe(0o600);
        await expect(backupTo({ dataDir: dir }, copy)).rejects.toThrow(/já existe/);
      } finally {
        await database.close();
      }
    }),
  );
});

// The CLI runs on its own embedded database in both legs of the suite.
describe('CLI', () => {
  let dir: string;
  const cli = (...args: string[]) =>
    run(join('node_modules', '.bin', 'tsx'), ['server/cli.ts', ...args], {
      env: { ...process.env, DATA_DIR: dir, DATABASE_URL: '' },
    });
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'adam-cli-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('adds, lists and changes users, and backs up a consistent copy', async () => {
    const added = await cli(
      'user:add',
      '--email',
      'Sec@Igreja.org',
      '--password',
      'senha-123456',
      '--roles',
      'secretary,financial',
    );
    expect(added.stdout).toMatch(/sec@igreja\.org criado/);

    await expect(
      cli('user:add', '--email', 'x@igreja.org', '--password', 'senha-123456', '--roles', 'pastor'),
    ).rejects.toMatchObject({
      stderr: expect.stringMatching(/Papel desconhecido: pastor/),
    });
    await expect(
      cli('user:add', '--email', 'sec@igreja.org', '--password', 'senha-123456'),
    ).rejects.toMatchObject({
      stderr: expect.stringMatching(/Já existe/),
    });

    const list = await cli('user:list');
    expect(list.stdout).toMatch(/sec@igreja\.org\t.*\tsecretary,financial\tativo/);

    const changed = await cli(
      'user:passwd',
      '--email',
      'sec@igreja.org',
      '--password',
      'outra-senha-99',
    );
    expect(changed.stdout).toMatch(/alterada/);

    const target = join(dir, 'copia.sqlite');
    const backup = await cli('backup', target);
    expect(backup.stdout).toMatch(/Cópia de segurança gravada/);
    const copy = new Database(target, { readonly: true });
    const rows = copy.prepare('select email from users').all() as Array<{ email: string }>;
    copy.close();
    expect(rows.map((row) => row.email)).toContain('sec@igreja.org');
  }, 60_000);

  it('user:add limits a user to congregations, by id or by name', async () => {
    const db = new Database(join(dir, 'adam.sqlite'));
    const vila = db
      .prepare(
        "insert into congregations (name, kind, parent_id, slug, active, created_at, updated_at) values ('Congregação Vila Nova', 'congregacao', 1, 'congregacao-vila-nova', 1, '2026-01-01', '2026-01-01')",
      )
      .run().lastInsertRowid;
    db.close();
    const added = await cli(
      'user:add',
      '--email',
      'vila@igreja.org',
      '--password',
      'senha-123456',
      '--roles',
      'secretary',
      '--congregations',
      'congregacao vila nova',
    );
    expect(added.stdout).toMatch(`vila@igreja.org criado`);
    expect(added.stdout).toMatch(`congregações: ${vila}`);
    const list = await cli('user:list');
    expect(list.stdout).toMatch(
      new RegExp(`vila@igreja\\.org\\t.*\\tsecretary\\tativo\\t${vila}\\n`),
    );
    expect(list.stdout).toMatch(/sec@igreja\.org\t.*\ttodas/);

    await expect(
      cli(
        'user:add',
        '--email',
        'x@igreja.org',
        '--password',
        'senha-123456',
        '--congregations',
        'Lugar Nenhum',
      ),
    ).rejects.toMatchObject({
      stderr: expect.stringMatching(/Congregação não encontrada: Lugar Nenhum/),
    });
    // The API's rule: an administrator sees the whole church.
    await expect(
      cli(
        'user:add',
        '--email',
        'y@igreja.org',
        '--password',
        'senha-123456',
        '--roles',
        'admin',
        '--congregations',
        String(vila),
      ),
    ).rejects.toMatchObject({
      stderr: expect.stringMatching(/Administradores veem a igreja inteira/),
    });
  }, 60_000);
});
