// npm run bench:restore -- [--data DIR] [--members 2000] [--writers 4]
//
// The restore drill on the real server (`npm start`): a copy of DIR's adam.sqlite (or a fresh
// seed of --members) in a temporary DATA_DIR; the server starts and makes its daily copy while
// /api/health is timed; writers add members without pause while `npm run adam -- backup` runs;
// the server is killed with SIGKILL (its -wal and -shm stay); first the old README's way (the
// backup copied over adam.sqlite beside that WAL) is tried on a copy of the folder, then
// `npm run adam -- restore`; the server starts again and the counts must equal the backup's,
// with integrity_check ok. Prints the figures.
import { execFile, execFileSync } from 'node:child_process';
import {
  copyFileSync,
  cpSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  statSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs, promisify } from 'node:util';
import {
  SERVER_ADMIN,
  addMember,
  apiMemberCount,
  rowCount,
  signInAdmin,
  sqliteCheck,
  startEmbeddedServer,
} from '../tests/support/embeddedServer.js';

const counts = (file: string) => ({
  members: rowCount(file, 'members'),
  transactions: rowCount(file, 'transactions'),
});
/** A check's answer, cut short (a damaged file's list is long). */
const check = (file: string, pragma: 'integrity_check' | 'quick_check') =>
  sqliteCheck(file, pragma).replaceAll('\n', '; ').slice(0, 200);

const ROOT = resolve(import.meta.dirname, '..');
const { values } = parseArgs({
  options: {
    data: { type: 'string' },
    members: { type: 'string', default: '2000' },
    writers: { type: 'string', default: '4' },
  },
});
const log = (text: string) =>
  console.log(`[drill ${new Date().toISOString().slice(11, 19)}] ${text}`);
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

const work = mkdtempSync(join(tmpdir(), 'adam-drill-'));
const dataDir = join(work, 'data');
const env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' };
const cli = (args: string[], dir = dataDir) =>
  execFileSync(join(ROOT, 'node_modules', '.bin', 'tsx'), ['server/cli.ts', ...args], {
    cwd: ROOT,
    env: { ...env, DATA_DIR: dir },
    encoding: 'utf8',
  });

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))];

if (values.data) {
  cpSync(values.data, dataDir, { recursive: true });
  rmSync(join(dataDir, 'backups'), { recursive: true, force: true });
  rmSync(join(dataDir, 'adam.pid'), { force: true });
} else {
  cli(['seed', '--members', values.members!]);
}
try {
  cli([
    'user:add',
    '--email',
    SERVER_ADMIN.email,
    '--password',
    SERVER_ADMIN.password,
    '--roles',
    'admin',
  ]);
} catch {
  // the folder already has this admin
}

const database = join(dataDir, 'adam.sqlite');
log(`banco: ${mb(statSync(database).size)}, ${JSON.stringify(counts(database))}`);
let started = Date.now();
const quick = check(database, 'quick_check');
log(`PRAGMA quick_check (o que a partida roda): ${quick} em ${Date.now() - started} ms`);

// 1. Start; the daily copy runs at once: /api/health timed meanwhile.
started = Date.now();
let server = await startEmbeddedServer(ROOT, dataDir, { BACKUP_KEEP: '7' });
log(`servidor no ar em ${Date.now() - started} ms`);
const latencies: number[] = [];
const daily = join(dataDir, 'backups');
const dailyDone = () =>
  existsSync(daily) && readdirSync(daily).some((name) => /^adam-.*\.sqlite$/.test(name));
started = Date.now();
while (!dailyDone() && Date.now() - started < 300_000) {
  const t0 = performance.now();
  await (await fetch(`${server.baseUrl}/api/health`)).arrayBuffer();
  latencies.push(performance.now() - t0);
  await sleep(20);
}
latencies.sort((a, b) => a - b);
const dailyFile = readdirSync(daily).find((name) => /^adam-.*\.sqlite$/.test(name))!;
log(
  `cópia diária ${dailyFile} (${mb(statSync(join(daily, dailyFile)).size)}) em ~${Date.now() - started} ms; ` +
    `/api/health durante ela: ${latencies.length} chamadas, p50 ${percentile(latencies, 50).toFixed(1)} ms, ` +
    `p99 ${percentile(latencies, 99).toFixed(1)} ms, máx ${latencies.at(-1)!.toFixed(1)} ms`,
);

// The same calls with no copy running, for comparison on this machine.
const baseline: number[] = [];
for (let i = 0; i < Math.min(latencies.length, 200); i++) {
  const t0 = performance.now();
  await (await fetch(`${server.baseUrl}/api/health`)).arrayBuffer();
  baseline.push(performance.now() - t0);
  await sleep(20);
}
baseline.sort((a, b) => a - b);
const memory = server.memory();
log(
  `/api/health sem cópia: p50 ${percentile(baseline, 50).toFixed(1)} ms, ` +
    `p99 ${percentile(baseline, 99).toFixed(1)} ms, máx ${baseline.at(-1)!.toFixed(1)} ms; ` +
    `RSS do servidor ${memory.rssMb.toFixed(0)} MB (pico ${memory.peakMb.toFixed(0)} MB)`,
);

// 2. Writers without pause; the backup runs meanwhile.
const auth = await signInAdmin(server);
let writing = true;
let written = 0;
let failed = 0;
const writers = Array.from({ length: Number(values.writers) }, async (_, w) => {
  while (writing) {
    const status = await addMember(server, auth, `Membro do ensaio ${w}-${written}`).catch(() => 0);
    if (status === 201) written++;
    else failed++;
  }
});
await sleep(1_000);
const copy = join(work, 'copia.sqlite');
const writtenBefore = written;
started = Date.now();
// Not execFileSync: the writers run in this process's event loop.
const { stdout: output } = await promisify(execFile)(
  join(ROOT, 'node_modules', '.bin', 'tsx'),
  ['server/cli.ts', 'backup', copy],
  { cwd: ROOT, env, encoding: 'utf8' },
);
const backupMs = Date.now() - started;
const writtenDuring = written - writtenBefore;
log(`backup em ${backupMs} ms com ${writtenDuring} membros gravados durante ele:`);
console.log(output.trim().replace(/^/gm, '    '));
const inCopy = counts(copy);
log(`cópia: ${mb(statSync(copy).size)}, ${JSON.stringify(inCopy)}`);

// 3. More writes, then SIGKILL.
await sleep(2_000);
const serverPid = server.serverPid();
process.kill(-server.pid, 'SIGKILL');
writing = false;
await Promise.all(writers);
for (let i = 0; i < 100 && existsSync(`/proc/${serverPid}`); i++) await sleep(50);
await server.stop();
log(
  `kill -9 após ${written} membros gravados pela API (${failed} falhas no corte); ` +
    `adam.sqlite-wal: ${mb(statSync(`${database}-wal`).size)}`,
);

// 4. The old README's way, on a copy of the folder: the backup copied over adam.sqlite.
const oldWay = join(work, 'jeito-antigo');
cpSync(dataDir, oldWay, { recursive: true });
copyFileSync(copy, join(oldWay, 'adam.sqlite'));
log(
  `jeito antigo (cópia por cima, -wal ao lado): integrity_check → ${check(join(oldWay, 'adam.sqlite'), 'integrity_check')}`,
);

const refusal = await startEmbeddedServer(ROOT, oldWay).then(
  async (started) => {
    await started.stop();
    return 'o servidor subiu (não deveria)';
  },
  (error: Error) => error.message.split('\n').slice(0, 2).join(' ').slice(0, 400),
);
log(`npm start nessa pasta: ${refusal}`);

// 5. restore, start, compare.
started = Date.now();
const restored = cli(['restore', copy]);
log(`restore em ${Date.now() - started} ms:`);
console.log(restored.trim().replace(/^/gm, '    '));
server = await startEmbeddedServer(ROOT, dataDir);
const after = await apiMemberCount(server, await signInAdmin(server));
await server.stop();
const final = counts(database);
log(
  `depois: membros pela API ${after}, no banco ${JSON.stringify(final)}, na cópia ${JSON.stringify(inCopy)}; ` +
    `integrity_check: ${check(database, 'integrity_check')}`,
);
const ok = after === inCopy.members && final.transactions === inCopy.transactions;
log(ok ? 'OK: contagens iguais às da cópia.' : 'FALHOU: contagens diferentes.');
rmSync(work, { recursive: true, force: true });
process.exit(ok ? 0 : 1);
