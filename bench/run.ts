// npm run bench [-- --members 200000] [--reuse] [--reset] [--duration 5] [--connections 10]
//                [--data-dir DIR] [--skip-browser] [--server-node-options="FLAGS"]
//                [--transactions T] [--only REGEX] [--congregations N] [--nginx] [--nginx-only]
//                [--import] [--import-only] [--import-rows 100000] [--statements] [--counts]
//                [--tithers] [--finance-statements] [--treasury] [--pack] [--finance-reports]
//
// --statements: only the bank statements scenario (issue 14, statements.ts).
// --counts: only the offering counts scenario (issue 25, offeringCounts.ts).
// --tithers: only the Dizimistas report scenario (issue 25, tithers.ts).
// --finance-statements: only the DRP, DFC and livro caixa scenario (issue 27, financeStatements.ts).
// --pack: only the monthly pack's PDF (issue 27, monthlyPack.ts) on the main bench's database.
// --finance-reports: every finance report at scale on an existing database (issue 27,
// financeReports.ts).
// --treasury: the treasury and check-in scenarios on the main bench's database (issues 25 and
// 26, treasury.ts): Dizimistas, a receipt, the statements streamed, check-in and name search.
// --church-life: only the pastor's attendance report for a year (issue 26, churchLife.ts).
// --ebd: only the EBD scenario (issue 26, ebd.ts): the Sunday summary, a chamada, a tick.
// --messages: only the messages' queue (issue 28, messages.ts): a whole church queued, the claims.
// --congregations N: a campo (issue 12; campo.ts): N congregations, the scoped scenarios (or
// their SQL stand-ins while the server does not scope) and the campo's targets.
// --nginx (PostgreSQL): the same scenarios again through nginx in front of two API processes
// on the one database (nginx.ts), with the 401s counted per process; --nginx-only skips the
// single-process part.
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
import { type ScenarioResult, measureApi } from './api.js';
import { campoScenarios, measureStandIns, standIns } from './campo.js';
import { type Balancer, rotationAcrossProcesses, startBalancer } from './nginx.js';
import { type BrowserTiming, firstMembersRow } from './browser.js';
import { initialJsKb } from './bundle.js';
import {
  BENCH_USER,
  CONNECTIONS,
  DATABASE_URL,
  KIND,
  MEMBERS,
  ROOT,
  SCOPED_USER,
  type Scenario,
  args,
  log,
} from './config.js';
import { prepareDatabase } from './database.js';
import { financeScenarios } from './finance.js';
import { type ImportBenchResult, measureImport } from './import.js';
import { type Floor, measureFloors, probeScoping } from './floor.js';
import { memberScenarios } from './members.js';
import { nginxReport, report, standInReport, writeResults } from './report.js';
import { reportScenarios } from './reports.js';
import { offeringCountsBench } from './offeringCounts.js';
import { tithersBench } from './tithers.js';
import { financeStatementsBench } from './financeStatements.js';
import { financeReportsBench } from './financeReports.js';
import { treasuryBench } from './treasury.js';
import { monthlyPackBench } from './monthlyPack.js';
import { churchLifeBench } from './churchLife.js';
import { messagesBench } from './messages.js';
import { ebdBench } from './ebd.js';
import { statementsBench } from './statements.js';
import { Session } from './session.js';

/** Every scenario, in the order of the table; the campo's first when it is measured. */
async function scenarios(dataDir: string, campo: Scenario[]): Promise<Scenario[]> {
  const database = openDatabase({ dataDir, databaseUrl: DATABASE_URL });
  try {
    const members = await memberScenarios(database);
    return [
      ...campo,
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

/** The member import scenario (--import, --import-only), kept in results.json under "import". */
async function importScenario(): Promise<ImportBenchResult> {
  const rows = Number(args['import-rows']);
  if (!Number.isSafeInteger(rows) || rows < 1) throw new Error('--import-rows: a positive number.');
  return measureImport(rows);
}

async function main() {
  if (args['import-only']) {
    const result = await importScenario();
    await writeResults(result as never, DATABASE_URL ? 'import PostgreSQL' : 'import');
    return;
  }
  if (args.statements) {
    await statementsBench();
    return;
  }
  if (args.counts) {
    await offeringCountsBench();
    return;
  }
  if (args.tithers) {
    await tithersBench();
    return;
  }
  if (args['finance-statements']) {
    await financeStatementsBench();
    return;
  }
  if (args['finance-reports']) {
    await financeReportsBench();
    return;
  }
  if (args.treasury) {
    await treasuryBench();
    return;
  }
  if (args.pack) {
    await monthlyPackBench();
    return;
  }
  if (args['church-life']) {
    await churchLifeBench();
    return;
  }
  if (args.ebd) {
    await ebdBench();
    return;
  }
  if (args.messages) {
    await messagesBench();
    return;
  }
  if (!Number.isSafeInteger(MEMBERS) || MEMBERS < 100) throw new Error('--members: at least 100.');
  if (args.nginx && !DATABASE_URL) throw new Error('--nginx: PostgreSQL only (DATABASE_URL).');
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
  let balancer: Balancer | null = null;
  const nginxOnly = Boolean(args['nginx-only']);
  try {
    log(`Adam benchmark — ${KIND}, ${MEMBERS.toLocaleString('en')} members`);
    const { seedSeconds, congregation } = await prepareDatabase(dataDir);
    // The campo: the scoped scenarios through the API when the server scopes, else SQL
    // stand-ins (campo.ts).
    const scoping = congregation ? await probeScoping(dataDir) : false;
    if (congregation) {
      log(
        `Campo: ${congregation.name} (id ${congregation.id}, ${congregation.members.toLocaleString('en')} members) for the scoped scenarios; ` +
          (scoping
            ? 'the server scopes: measured through the API.'
            : 'the server does not scope yet (the congregation_id filter is refused): SQL stand-ins.'),
      );
    }
    const campo = congregation && scoping ? campoScenarios(congregation.id) : [];
    const only = args.only ? new RegExp(args.only, 'i') : null;
    const list = (await scenarios(dataDir, campo)).filter((s) => !only || only.test(s.name));

    let standInResults = null;
    if (congregation && !nginxOnly) {
      log(`SQL stand-ins of the scoped routes (${congregation.name}), with and without 0013…`);
      const database = openDatabase({ dataDir, databaseUrl: DATABASE_URL });
      try {
        standInResults = await measureStandIns(
          database,
          standIns(congregation.id, database.dialect),
          CONNECTIONS,
        );
      } finally {
        await database.close();
      }
      standInReport(standInResults);
    }

    let floors = new Map<string, { floor: Floor; plan: string[] }>();
    let version = '';
    if (!nginxOnly) {
      log('Timing the SQL of each route in-process (floor)…');
      ({ floors, version } = await measureFloors(dataDir, list));
    }

    if (buildIsStale(ROOT, join(ROOT, 'dist'))) buildApp(ROOT);
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      DATA_DIR: dataDir,
      ADMIN_EMAIL: BENCH_USER.email,
      ADMIN_PASSWORD: BENCH_USER.password,
      LOG: '0',
      SKIP_BUILD: '1',
      // The daily copy of the database would run during the measurement.
      BACKUP_KEEP: '0',
    };
    if (!DATABASE_URL) delete env.DATABASE_URL;
    if (args['server-node-options'] !== undefined) env.NODE_OPTIONS = args['server-node-options'];

    let results: ScenarioResult[] = [];
    let memory = { rssMb: NaN, peakMb: NaN };
    let browser: BrowserTiming | null = null;
    if (!nginxOnly) {
      server = await startServerProcess({ root: ROOT, env });
      log(`Server at ${server.baseUrl} (pid ${server.pid}).`);
      const sessions = await signedIn(server.baseUrl, list);
      results = await measureApi(server.baseUrl, sessions, list, floors);
      memory = server.memory();
      if (!args['skip-browser']) {
        log('Headless Chromium: navigation to the first members row…');
        browser = await firstMembersRow({
          baseUrl: server.baseUrl,
          signIn: () => sessions.admin.signIn(),
        });
      }
      await server.stop();
      server = null;
    }

    let nginx = null;
    if (args.nginx) {
      balancer = await startBalancer(env, 2);
      log(
        `nginx at ${balancer.baseUrl} in front of ${balancer.servers.map((s) => s.baseUrl).join(' and ')}.`,
      );
      const sessions = await signedIn(balancer.baseUrl, list);
      const mark = balancer.mark();
      const through = await measureApi(balancer.baseUrl, sessions, list, floors);
      const loadUpstreams = balancer.upstreams(mark);
      log("Token rotation across the processes (each answer's token presented next, unbatch)…");
      const rotationMark = balancer.mark();
      const rotation = await rotationAcrossProcesses(balancer.baseUrl, sessions.admin.headers, 200);
      const rotationUpstreams = balancer.upstreams(rotationMark);
      nginx = nginxReport({ results: through, loadUpstreams, rotation, rotationUpstreams });
      await balancer.stop();
      balancer = null;
    }
    const js = initialJsKb();
    const imported = args.import ? await importScenario() : undefined;

    if (nginxOnly) {
      log(`Results not written: --nginx-only ran a part of the benchmark.`);
      return;
    }
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
    await writeResults({
      ...entry,
      congregations: congregation
        ? { count: await congregationTotal(dataDir), scoped: congregation, serverScopes: scoping }
        : undefined,
      standIns: standInResults ?? undefined,
      nginx: nginx ?? undefined,
    });
    if (imported) {
      await writeResults(imported as never, DATABASE_URL ? 'import PostgreSQL' : 'import');
    }
  } catch (error) {
    // The server's last words, when it is the one that failed.
    if (server) console.error(`Server output:\n${server.output().slice(-3000)}`);
    throw error;
  } finally {
    if (server) await server.stop();
    if (balancer) await balancer.stop();
    if (temporary || (DATABASE_URL && !args['data-dir']))
      rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The benchmark's admin, and the scoped user when a scenario asks as them, signed in. */
async function signedIn(baseUrl: string, list: Scenario[]) {
  const admin = new Session(baseUrl);
  await admin.start();
  let scoped: Session | undefined;
  if (list.some((s) => s.as === 'scoped')) {
    scoped = new Session(baseUrl, SCOPED_USER);
    await scoped.start();
  }
  return { admin, scoped };
}

async function congregationTotal(dataDir: string): Promise<number> {
  const database = openDatabase({ dataDir, databaseUrl: DATABASE_URL });
  try {
    const rows = await database.db.selectFrom('congregations').select('id').execute();
    return rows.length;
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exit(1);
});
