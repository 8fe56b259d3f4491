// npm run bench [-- --members 200000] [--reuse] [--reset] [--duration 5] [--connections 10]
//                [--data-dir DIR] [--skip-browser] [--server-node-options="FLAGS"]
//                [--transactions T] [--only REGEX]
//
// Seeds (or reuses) a database of N members — SQLite in a temporary DATA_DIR, or the
// PostgreSQL of DATABASE_URL — starts the real server on it, and measures with autocannon the
// member list shapes, member detail, the dashboard, the reports and the finance screens
// (ten years of finance, about five transactions a member, seeded with the members); next to
// each, the same SQL timed in-process (the floor). Also the server's RSS, the app's initial
// JavaScript (gzip) and the time to the first members row in headless Chromium. Prints a table
// and writes bench/results.json (one entry per database kind). One file per measured area:
// members.ts, reports.ts, finance.ts, floor.ts (SQL), api.ts (load), browser.ts, bundle.ts.
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { buildApp, buildIsStale } from '../server/build.js';
import { openDatabase } from '../server/db/index.js';
import { type ServerProcess, startServerProcess } from '../tests/support/serverProcess.js';
import { measureApi } from './api.js';
import { type BrowserTiming, firstMembersRow } from './browser.js';
import { initialJsKb } from './bundle.js';
import {
  BENCH_USER,
  DATABASE_URL,
  KIND,
  MEMBERS,
  ROOT,
  type Scenario,
  args,
  log,
} from './config.js';
import { prepareDatabase } from './database.js';
import { financeScenarios } from './finance.js';
import { measureFloors } from './floor.js';
import { memberScenarios } from './members.js';
import { report, writeResults } from './report.js';
import { reportScenarios } from './reports.js';
import { Session } from './session.js';

/** Every scenario, in the order of the table. */
async function scenarios(dataDir: string): Promise<Scenario[]> {
  const database = openDatabase({ dataDir, databaseUrl: DATABASE_URL });
  try {
    const members = await memberScenarios(database);
    return [
      ...members.lists,
      ...reportScenarios(),
      members.detail,
      { name: 'Dashboard', path: '/api/dashboard', kind: 'dashboard' },
      ...(await financeScenarios(database)),
    ];
  } finally {
    await database.close();
  }
}

async function main() {
  if (!Number.isSafeInteger(MEMBERS) || MEMBERS < 100) throw new Error('--members: at least 100.');
  const started = performance.now();
  const loadStart = loadavg()[0];
  const temporary = !args['data-dir'] && !args.reuse && !DATABASE_URL;
  const dataDir = resolve(
    args['data-dir'] ??
      (DATABASE_URL
        ? mkdtempSync(join(tmpdir(), 'adam-bench-'))
        : args.reuse
          ? join(tmpdir(), `adam-bench-${MEMBERS}`)
          : mkdtempSync(join(tmpdir(), 'adam-bench-'))),
  );
  let server: ServerProcess | null = null;
  try {
    log(`Adam benchmark — ${KIND}, ${MEMBERS.toLocaleString('en')} members`);
    const seedSeconds = await prepareDatabase(dataDir);
    const only = args.only ? new RegExp(args.only, 'i') : null;
    const list = (await scenarios(dataDir)).filter((s) => !only || only.test(s.name));

    log('Timing the SQL of each route in-process (floor)…');
    const { floors, version } = await measureFloors(dataDir, list);

    if (buildIsStale(ROOT, join(ROOT, 'dist'))) buildApp(ROOT);
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      DATA_DIR: dataDir,
      ADMIN_EMAIL: BENCH_USER.email,
      ADMIN_PASSWORD: BENCH_USER.password,
      LOG: '0',
      SKIP_BUILD: '1',
    };
    if (!DATABASE_URL) delete env.DATABASE_URL;
    if (args['server-node-options'] !== undefined) env.NODE_OPTIONS = args['server-node-options'];
    server = await startServerProcess({ root: ROOT, env });
    log(`Server at ${server.baseUrl} (pid ${server.pid}).`);

    const session = new Session(server.baseUrl);
    await session.start();
    const results = await measureApi(server.baseUrl, session, list, floors);
    const memory = server.memory();

    let browser: BrowserTiming | null = null;
    if (!args['skip-browser']) {
      log('Headless Chromium: navigation to the first members row…');
      browser = await firstMembersRow({ baseUrl: server.baseUrl, signIn: () => session.signIn() });
    }
    await server.stop();
    server = null;
    const js = initialJsKb();

    const entry = report({
      version,
      results,
      memory,
      browser,
      js,
      seedSeconds,
      loadStart,
      started,
    });
    if (only) {
      log(`Results not written: --only ran a part of the benchmark.`);
      return;
    }
    await writeResults(entry);
  } catch (error) {
    // The server's last words, when it is the one that failed.
    if (server) console.error(`Server output:\n${server.output().slice(-3000)}`);
    throw error;
  } finally {
    if (server) await server.stop();
    if (temporary || (DATABASE_URL && !args['data-dir']))
      rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exit(1);
});
