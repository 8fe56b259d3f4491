// npm run bench [-- --members 200000] [--reuse] [--reset] [--duration 5] [--connections 10]
//                [--data-dir DIR] [--skip-browser] [--server-node-options="FLAGS"]
//                [--transactions T] [--only REGEX]
//
// Seeds (or reuses) a database of N members — SQLite in a temporary DATA_DIR, or the
// PostgreSQL of DATABASE_URL — starts the real server on it, and measures with autocannon the
// member list shapes, member detail, the dashboard, the reports and the finance screens
// (ten years of finance, about five transactions a member, seeded with the members); next to each, the same SQL timed
// in-process (the floor). Also the server's RSS, the app's initial JavaScript (gzip) and the
// time to the first members row in headless Chromium. Prints a table and writes
// bench/results.json (one entry per database kind).
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import { CompiledQuery, sql } from 'kysely';
import { format } from 'prettier';
import { buildApp, buildIsStale } from '../server/build.js';
import { type AppDatabase, migrateToLatest, openDatabase } from '../server/db/index.js';
import {
  findUserByEmail,
  insertUser,
  setUserPassword,
} from '../server/modules/users/repository.js';
import { seedDatabase } from '../server/seed/index.js';
import { type BrowserTiming, firstMembersRow } from './browser.js';
import { floorHarness } from './floor.js';
import { financeScenarios, seedFinanceOnce } from './finance.js';
import { type LoadResult, load } from './load.js';
import { reportScenarios, seedDocuments } from './reports.js';
import { type ServerProcess, startServerProcess } from '../tests/support/serverProcess.js';
import { round } from './stats.js';

const ROOT = resolve(import.meta.dirname, '..');
const RESULTS = join(ROOT, 'bench', 'results.json');
const BENCH_USER = { name: 'Benchmark', email: 'bench@adam.local', password: 'bench-senha-123' };

const TARGETS = {
  listP95: 25,
  listRatio: 1.5,
  dashboardP95: 50,
  financeListP95: 25,
  financeDashboardP95: 100,
  rssMb: 200,
  jsKb: 350,
  rowMs: 1500,
};

const { values: args } = parseArgs({
  options: {
    members: { type: 'string', default: '200000' },
    reuse: { type: 'boolean', default: false },
    reset: { type: 'boolean', default: false },
    duration: { type: 'string', default: '5' },
    connections: { type: 'string', default: '10' },
    'data-dir': { type: 'string' },
    // Finance transactions to seed with the members (default: five a member).
    transactions: { type: 'string' },
    // Only the scenarios whose name matches (case-insensitive), to work on a few.
    only: { type: 'string' },
    'skip-browser': { type: 'boolean', default: false },
    // Node options for the server process only, to try V8 flags or preloads on the real server.
    'server-node-options': { type: 'string' },
  },
});
const MEMBERS = Number(args.members);
const SECONDS = Number(args.duration);
const CONNECTIONS = Number(args.connections);
const TRANSACTIONS = Number(args.transactions ?? MEMBERS * 5);
const DATABASE_URL = process.env.DATABASE_URL || undefined;
const KIND = DATABASE_URL ? 'PostgreSQL' : 'SQLite';

type Kind = 'list' | 'detail' | 'dashboard' | 'finance list' | 'finance dashboard';
interface Scenario {
  name: string;
  path: string;
  kind: Kind;
}

interface ScenarioResult extends Scenario {
  latency: LoadResult;
  load: LoadResult;
  floor: { p50: number; p95: number; runs: number; statements: number };
  ratio: number;
  target: string;
  pass: boolean | null;
  /** The two halves of a list target: the latency, and the API's share over its own SQL. */
  latencyPass: boolean | null;
  ratioPass: boolean | null;
  plan: string[];
}

const log = (line = '') => console.log(line);

function listPath(sort: [string, string], range: [number, number], filter: object) {
  const q = (value: unknown) => encodeURIComponent(JSON.stringify(value));
  return `/api/members?sort=${q(sort)}&range=${q(range)}&filter=${q(filter)}`;
}

async function memberCount(database: AppDatabase): Promise<number> {
  const { count } = await database.db
    .selectFrom('members')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(count);
}

/** Seeds or reuses the database; creates the benchmark's admin. Returns the seed seconds. */
async function prepareDatabase(dataDir: string): Promise<number | null> {
  const database = openDatabase({ dataDir, databaseUrl: DATABASE_URL });
  try {
    await migrateToLatest(database);
    const existing = await memberCount(database);
    let seedSeconds: number | null = null;
    if (args.reuse && existing === MEMBERS) {
      log(`Reusing the ${KIND} database with ${MEMBERS.toLocaleString('en')} members.`);
    } else {
      if (existing > 0 && DATABASE_URL && !args.reset) {
        throw new Error(
          `The database of DATABASE_URL already has ${existing} members: point it at an empty ` +
            `database, use --reuse (when it has exactly --members), or --reset to replace them.`,
        );
      }
      log(`Seeding ${MEMBERS.toLocaleString('en')} members (${KIND})…`);
      const result = await seedDatabase(database, {
        members: MEMBERS,
        reset: true,
        log: (line) => log(line),
      });
      seedSeconds = result.elapsedMs / 1000;
      log(`Seeded in ${seedSeconds.toFixed(1)} s.`);
    }
    const financeSeconds = await seedFinanceOnce(database, TRANSACTIONS, {
      reset: seedSeconds !== null,
      log,
    });
    if (financeSeconds !== null) seedSeconds = (seedSeconds ?? 0) + financeSeconds;
    // Cards and letters for the reports (skipped when the database already has them).
    await seedDocuments(database, log);
    const user = await findUserByEmail(database.db, BENCH_USER.email);
    if (user) {
      await setUserPassword(database.db, user.id, BENCH_USER.password);
      await database.db
        .updateTable('users')
        .set({ active: true, roles: JSON.stringify(['admin']) })
        .where('id', '=', user.id)
        .execute();
    } else {
      await insertUser(database.db, { ...BENCH_USER, roles: ['admin'] });
    }
    return seedSeconds;
  } finally {
    await database.close();
  }
}

/** The scenarios, with values read from the seeded data (a department, a CPF, a rare name). */
async function scenarios(dataDir: string): Promise<Scenario[]> {
  const database = openDatabase({ dataDir, databaseUrl: DATABASE_URL });
  try {
    const { db } = database;
    const department =
      (await db
        .selectFrom('departments')
        .select('id')
        .where('name', '=', 'Ministério de Louvor')
        .executeTakeFirst()) ??
      (await db.selectFrom('departments').select('id').orderBy('id').executeTakeFirstOrThrow());
    const middle = await db
      .selectFrom('members')
      .select(['id', 'cpf'])
      .where('cpf', 'is not', null)
      .orderBy('id')
      .offset(Math.floor(MEMBERS / 2))
      .limit(1)
      .executeTakeFirstOrThrow();
    const deep = Math.min(100_000, Math.max(0, MEMBERS - 25));
    return [
      {
        name: 'List, first page (by name)',
        path: listPath(['name', 'ASC'], [0, 24], {}),
        kind: 'list',
      },
      {
        name: 'Search "silva" (common)',
        path: listPath(['name', 'ASC'], [0, 24], { q: 'silva' }),
        kind: 'list',
      },
      {
        name: 'Search "joao"',
        path: listPath(['name', 'ASC'], [0, 24], { q: 'joao' }),
        kind: 'list',
      },
      {
        name: 'Search "kowalski" (rare)',
        path: listPath(['name', 'ASC'], [0, 24], { q: 'kowalski' }),
        kind: 'list',
      },
      {
        name: 'Search CPF fragment (8 digits)',
        path: listPath(['name', 'ASC'], [0, 24], { q: middle.cpf!.slice(0, 8) }),
        kind: 'list',
      },
      {
        name: 'Department + status',
        path: listPath(['name', 'ASC'], [0, 24], {
          department_id: department.id,
          status: 'active',
        }),
        kind: 'list',
      },
      {
        name: 'Status, sorted by birth date',
        path: listPath(['birth_date', 'DESC'], [0, 24], { status: 'active' }),
        kind: 'list',
      },
      {
        name: `Deep page (offset ${deep.toLocaleString('en')})`,
        path: listPath(['name', 'ASC'], [deep, deep + 24], {}),
        kind: 'list',
      },
      ...reportScenarios(),
      { name: 'Member detail', path: `/api/members/${middle.id}`, kind: 'detail' },
      { name: 'Dashboard', path: '/api/dashboard', kind: 'dashboard' },
      ...(await financeScenarios(database)),
    ];
  } finally {
    await database.close();
  }
}

async function explain(
  harness: Awaited<ReturnType<typeof floorHarness>>,
  statements: Array<{ sql: string; parameters: readonly unknown[] }>,
): Promise<string[]> {
  const lines: string[] = [];
  for (const statement of statements) {
    if (!/^\s*select/i.test(statement.sql)) continue;
    const text =
      harness.dialect === 'sqlite'
        ? `explain query plan ${statement.sql}`
        : `explain (analyze, buffers, costs off) ${statement.sql}`;
    const { rows } = await harness.db.executeQuery<Record<string, unknown>>(
      CompiledQuery.raw(text, [...statement.parameters]),
    );
    lines.push(
      `-- ${statement.sql.length > 160 ? `${statement.sql.slice(0, 160)}…` : statement.sql}`,
    );
    for (const row of rows) lines.push(String(row.detail ?? row['QUERY PLAN']));
  }
  return lines;
}

/** Floors: each scenario's handler SQL, captured from the real route and timed in-process. */
async function measureFloors(dataDir: string, list: Scenario[]) {
  const harness = await floorHarness({ dataDir, databaseUrl: DATABASE_URL });
  try {
    const signIn = await harness.app.inject({
      method: 'POST',
      url: '/api/auth/sign_in',
      payload: { email: BENCH_USER.email, password: BENCH_USER.password },
    });
    const headers = {
      'access-token': String(signIn.headers['access-token']),
      client: String(signIn.headers.client),
      uid: String(signIn.headers.uid),
    };
    const floors = new Map<string, { floor: ScenarioResult['floor']; plan: string[] }>();
    for (const scenario of list) {
      const captured = await harness.capture(scenario.path, headers);
      const timing = await harness.time(captured);
      const plan = await explain(harness, timing.sql);
      floors.set(scenario.path, {
        floor: {
          p50: timing.p50,
          p95: timing.p95,
          runs: timing.runs,
          statements: timing.statements,
        },
        plan,
      });
      log(
        `  floor ${scenario.name}: p50 ${timing.p50.toFixed(2)} ms, p95 ${timing.p95.toFixed(2)} ms (${timing.statements} statements, ${timing.runs} runs)`,
      );
    }
    const { rows } = await (
      harness.dialect === 'sqlite'
        ? sql<{ v: string }>`select sqlite_version() as v`
        : sql<{ v: string }>`select current_setting('server_version') as v`
    ).execute(harness.db);
    return { floors, version: rows[0].v };
  } finally {
    await harness.close();
  }
}

/** A session for the load: signs in once, then follows the token rotation between runs. */
class Session {
  headers: Record<string, string> = {};
  constructor(private readonly baseUrl: string) {}

  async signIn(): Promise<{ headers: Headers; user: unknown }> {
    const response = await fetch(`${this.baseUrl}/api/auth/sign_in`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: BENCH_USER.email, password: BENCH_USER.password }),
    });
    if (response.status !== 200)
      throw new Error(`sign_in: ${response.status} ${await response.text()}`);
    const body = (await response.json()) as { data: unknown };
    return { headers: response.headers, user: body.data };
  }

  async start() {
    const { headers } = await this.signIn();
    this.headers = {
      'access-token': headers.get('access-token') ?? '',
      client: headers.get('client') ?? '',
      uid: headers.get('uid') ?? '',
    };
  }

  /**
   * One request with the current token, keeping a rotated token (past the 5 s batch window
   * the server answers a new one); the load that follows at once stays in the batch window.
   */
  async touch(path: string, times = 1) {
    for (let i = 0; i < times; i++) {
      const response = await fetch(`${this.baseUrl}${path}`, { headers: this.headers });
      await response.arrayBuffer();
      if (response.status !== 200) throw new Error(`${path}: ${response.status}`);
      const token = response.headers.get('access-token')?.trim();
      if (token) this.headers['access-token'] = token;
    }
  }
}

function initialJsKb(): { kb: number; files: string[] } {
  const dist = join(ROOT, 'dist');
  const html = readFileSync(join(dist, 'index.html'), 'utf8');
  const files = new Set<string>();
  for (const match of html.matchAll(/<script[^>]*\bsrc="([^"]+)"[^>]*>/g)) files.add(match[1]);
  for (const match of html.matchAll(/<link[^>]*rel="modulepreload"[^>]*>/g)) {
    const href = /href="([^"]+)"/.exec(match[0]);
    if (href) files.add(href[1]);
  }
  let bytes = 0;
  for (const file of files) {
    bytes += gzipSync(readFileSync(join(dist, file.replace(/^\//, '')))).length;
  }
  return { kb: bytes / 1024, files: [...files] };
}

const ms = (value: number) => (Number.isFinite(value) ? value.toFixed(1) : '—');
const passText = (pass: boolean | null) => (pass === null ? '' : pass ? 'PASS' : 'MISS');

function table(rows: string[][]): string {
  const widths = rows[0].map((_, c) => Math.max(...rows.map((row) => row[c].length)));
  return rows
    .map((row, r) =>
      [
        row
          .map((cell, c) => (c === 0 ? cell.padEnd(widths[c]) : cell.padStart(widths[c])))
          .join('  '),
        ...(r === 0 ? [widths.map((w) => '-'.repeat(w)).join('  ')] : []),
      ].join('\n'),
    )
    .join('\n');
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
    const results: ScenarioResult[] = [];
    for (const scenario of list) {
      const url = `${server.baseUrl}${scenario.path}`;
      await session.touch(scenario.path, 20);
      const latency = await load({
        url,
        headers: session.headers,
        connections: 1,
        seconds: SECONDS,
      });
      await session.touch(scenario.path);
      const loaded = await load({
        url,
        headers: session.headers,
        connections: CONNECTIONS,
        seconds: SECONDS,
      });
      const { floor, plan } = floors.get(scenario.path)!;
      const ratio = latency.p95 / floor.p95;
      let target = '';
      let latencyPass: boolean | null = null;
      let ratioPass: boolean | null = null;
      if (scenario.kind === 'list') {
        target = `p95 ≤ ${TARGETS.listP95} ms, ≤ ${TARGETS.listRatio}x SQL`;
        latencyPass = latency.p95 <= TARGETS.listP95;
        ratioPass = ratio <= TARGETS.listRatio;
      } else {
        const p95 = {
          dashboard: TARGETS.dashboardP95,
          'finance list': TARGETS.financeListP95,
          'finance dashboard': TARGETS.financeDashboardP95,
          detail: null,
        }[scenario.kind];
        if (p95 !== null) {
          target = `p95 ≤ ${p95} ms`;
          latencyPass = latency.p95 <= p95;
        }
      }
      const pass = latencyPass === null ? null : latencyPass && ratioPass !== false;
      results.push({
        ...scenario,
        latency,
        load: loaded,
        floor,
        ratio,
        target,
        pass,
        latencyPass,
        ratioPass,
        plan,
      });
      log(
        `  ${scenario.name}: p95 ${ms(latency.p95)} ms (1 conn), ${ms(loaded.p95)} ms / ${loaded.rps.toFixed(0)} req/s (${CONNECTIONS} conn), SQL p95 ${ms(floor.p95)} ms ${passText(pass)}`,
      );
    }
    const memory = server.memory();

    let browser: BrowserTiming | null = null;
    if (!args['skip-browser']) {
      log('Headless Chromium: navigation to the first members row…');
      browser = await firstMembersRow({ baseUrl: server.baseUrl, signIn: () => session.signIn() });
    }
    await server.stop();
    server = null;
    const js = initialJsKb();

    // The report.
    const header = [
      'Scenario',
      'p50',
      'p95',
      'p99',
      'req/s',
      `p95@${CONNECTIONS}`,
      `req/s@${CONNECTIONS}`,
      'non-2xx',
      'SQL p50',
      'SQL p95',
      'API/SQL',
      'Target',
      'p95',
      'ratio',
    ];
    const rows = results.map((r) => [
      r.name,
      ms(r.latency.p50),
      ms(r.latency.p95),
      ms(r.latency.p99),
      r.latency.rps.toFixed(0),
      ms(r.load.p95),
      r.load.rps.toFixed(0),
      String(r.latency.non2xx + r.load.non2xx),
      r.floor.p50.toFixed(2),
      r.floor.p95.toFixed(2),
      `${r.ratio.toFixed(1)}x`,
      r.target,
      passText(r.latencyPass),
      passText(r.ratioPass),
    ]);
    const totals = {
      rss: { value: memory.rssMb, pass: memory.rssMb <= TARGETS.rssMb },
      js: { value: js.kb, pass: js.kb <= TARGETS.jsKb },
      row: browser
        ? {
            value: browser.median,
            pass: browser.element === 'members row' && browser.median <= TARGETS.rowMs,
          }
        : null,
    };
    log();
    log(
      `${KIND} ${version}, ${MEMBERS.toLocaleString('en')} members, ${cpus().length} × ${cpus()[0]?.model ?? 'CPU'}, ` +
        `Node ${process.version}. Latency in ms: 1 connection (p50/p95/p99) and ${CONNECTIONS} connections, ${SECONDS} s each; SQL = the route's own statements in-process.`,
    );
    log(table([header, ...rows]));
    // What every request costs besides its SQL (session check and token touch, routing, JSON,
    // HTTP): with SQL under about twice this, no route can stay within the ratio.
    const detail = results.find((r) => r.kind === 'detail');
    const fixedCost = detail ? detail.latency.p50 - detail.floor.p50 : NaN;
    if (detail) {
      log(
        `API cost per request besides its SQL (member detail, API p50 − SQL p50): ${fixedCost.toFixed(1)} ms.`,
      );
    }
    log();
    log(
      `Server RSS after the load: ${memory.rssMb.toFixed(0)} MB (peak ${memory.peakMb.toFixed(0)} MB)  target ≤ ${TARGETS.rssMb} MB  ${passText(totals.rss.pass)}`,
    );
    log(
      `Initial JavaScript: ${js.kb.toFixed(0)} KB gzip (${js.files.length} files)  target ≤ ${TARGETS.jsKb} KB  ${passText(totals.js.pass)}`,
    );
    if (browser) {
      log(
        `First ${browser.element} in Chromium: ${browser.median.toFixed(0)} ms median (${browser.runs.map((v) => v.toFixed(0)).join(', ')})  target ≤ ${TARGETS.rowMs} ms  ${passText(totals.row!.pass)}`,
      );
    }
    if (seedSeconds !== null) log(`Seed: ${seedSeconds.toFixed(1)} s.`);
    log(
      `Load average (1 min) before/after: ${loadStart.toFixed(2)} / ${loadavg()[0].toFixed(2)} on ${cpus().length} cores.`,
    );
    const unauthorized = results.reduce((n, r) => n + r.latency.status401 + r.load.status401, 0);
    log(`401 responses during the load: ${unauthorized}.`);

    const entry = {
      date: new Date().toISOString(),
      database: { kind: KIND, version },
      members: MEMBERS,
      seedSeconds: seedSeconds === null ? null : round(seedSeconds),
      machine: {
        cpu: cpus()[0]?.model,
        cores: cpus().length,
        memoryGb: round(totalmem() / 1024 ** 3),
        platform: `${process.platform} ${process.arch}`,
        node: process.version,
        // Other work on the machine skews latency: the 1-minute load average before and after.
        loadAverage: { start: round(loadStart, 2), end: round(loadavg()[0], 2) },
      },
      load: { seconds: SECONDS, connections: [1, CONNECTIONS] },
      targets: TARGETS,
      scenarios: results.map((r) => ({
        name: r.name,
        path: decodeURIComponent(r.path),
        api: {
          p50: round(r.latency.p50, 2),
          p95: round(r.latency.p95, 2),
          p99: round(r.latency.p99, 2),
          rps: round(r.latency.rps),
          requests: r.latency.requests,
          non2xx: r.latency.non2xx,
          status: r.latency.statusCodes,
        },
        apiUnderLoad: {
          connections: CONNECTIONS,
          p50: round(r.load.p50, 2),
          p95: round(r.load.p95, 2),
          p99: round(r.load.p99, 2),
          rps: round(r.load.rps),
          requests: r.load.requests,
          non2xx: r.load.non2xx,
          status: r.load.statusCodes,
        },
        sql: {
          p50: round(r.floor.p50, 3),
          p95: round(r.floor.p95, 3),
          runs: r.floor.runs,
          statements: r.floor.statements,
        },
        ratio: round(r.ratio, 2),
        target: r.target,
        result: passText(r.pass) || null,
        latencyResult: passText(r.latencyPass) || null,
        ratioResult: passText(r.ratioPass) || null,
        plan: r.plan,
      })),
      serverRssMb: {
        value: round(memory.rssMb),
        peak: round(memory.peakMb),
        result: passText(totals.rss.pass),
      },
      initialJsKbGzip: { value: round(js.kb), files: js.files, result: passText(totals.js.pass) },
      firstMembersRowMs: browser
        ? {
            median: round(browser.median, 0),
            runs: browser.runs.map((v) => round(v, 0)),
            element: browser.element,
            result: passText(totals.row!.pass),
          }
        : null,
      unauthorized,
      apiCostPerRequestMs: round(fixedCost, 2),
      elapsedSeconds: round((performance.now() - started) / 1000),
    };
    if (only) {
      log(`Results not written: --only ran a part of the benchmark.`);
      return;
    }
    const previous = existsSync(RESULTS)
      ? (JSON.parse(readFileSync(RESULTS, 'utf8')) as Record<string, unknown>)
      : {};
    const next = { ...previous, [KIND]: entry };
    writeFileSync(RESULTS, await format(JSON.stringify(next), { parser: 'json' }));
    log(`Results written to ${RESULTS}.`);
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
