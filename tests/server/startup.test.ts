// The first admin, the one-server-per-DATA_DIR lock, migrations and the CLI.
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureFirstAdmin } from '../../server/bootstrap.js';
import { type AppDatabase, migrateToLatest, openDatabase } from '../../server/db/index.js';
import { lockDataDir } from '../../server/db/lock.js';
import { verifyPassword } from '../../server/modules/auth/passwords.js';

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
  it('refuses a second server on the same DATA_DIR while the first runs', () => {
    const dir = mkdtempSync(join(tmpdir(), 'adam-lock-'));
    // The lock file names a live process that is not this one (vitest's parent).
    writeFileSync(join(dir, 'adam.pid'), String(process.ppid));
    expect(() => lockDataDir(dir)).toThrow(/já está em execução/);
    rmSync(dir, { recursive: true, force: true });
  });

  it('takes over a lock left by a process that ended, and releases it', () => {
    const dir = mkdtempSync(join(tmpdir(), 'adam-lock-'));
    writeFileSync(join(dir, 'adam.pid'), '999999999');
    const release = lockDataDir(dir);
    expect(readFileSync(join(dir, 'adam.pid'), 'utf8')).toBe(String(process.pid));
    release();
    expect(existsSync(join(dir, 'adam.pid'))).toBe(false);
    rmSync(dir, { recursive: true, force: true });
  });
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
});
