// npm test: lint, format and types beside the unit and server suites on SQLite; the browser suite
// in headless Chromium, beside the server suites again on PostgreSQL when DATABASE_URL is set (on
// another Node when ADAM_POSTGRES_NODE names its binary: the CI's Node 24); then the server files
// that start processes of their own, SQLite's beside PostgreSQL's, with the tests that follow
// "today" again at a lower priority beside them, the clock pinned to a month's and a year's end.
import '../server/checkRuntime.mjs';
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { delimiter, dirname, join } from 'node:path';

/** A step: its commands, one after another, with their environment. */
interface Step {
  name: string;
  commands: string[][];
  env?: NodeJS.ProcessEnv;
  /**
   * Runs at a lower priority (nice 10, with every process it starts): the step beside it gets a
   * processor the moment it asks for one, and this step takes what is left.
   */
  yields?: boolean;
}

const bin = (name: string) => `node_modules/.bin/${name}`;
const withoutDatabaseUrl = { ...process.env, DATABASE_URL: '' };
const vitest = (...args: string[]) => [bin('vitest'), 'run', ...args];

function ensureChromium(): void {
  const path = process.env.CHROME_PATH || '/usr/bin/chromium';
  if (existsSync(path)) return;
  if (process.getuid?.() === 0) {
    console.log('Chromium não encontrado: instalando o pacote chromium do Debian…');
    const result = spawnSync('apt-get', ['install', '-y', 'chromium'], { stdio: 'inherit' });
    if (result.status === 0 && existsSync(path)) return;
  }
  console.error(
    `Chromium não encontrado em ${path}. Instale-o (apt-get install -y chromium) ou indique CHROME_PATH.`,
  );
  process.exit(1);
}

// Two steps of about the same length, side by side with the unit and server suites.
const lint: Step = {
  name: 'lint e tipos do servidor',
  commands: [
    [bin('eslint'), '.'],
    [bin('tsc'), '-p', 'tsconfig.server.json', '--noEmit'],
  ],
};
const formatAndTypes: Step = {
  name: 'formato e tipos',
  commands: [
    [bin('prettier'), '--check', '.', '--log-level', 'warn'],
    [bin('tsc'), '-p', 'tsconfig.domain.json', '--noEmit'],
    [bin('tsc'), '-p', 'tsconfig.json', '--noEmit'],
  ],
};
const sqlite = { ...withoutDatabaseUrl, ADAM_TEST_DB: 'sqlite' };
const unitAndServer: Step = {
  name: 'unit + server (SQLite)',
  commands: [vitest('--project', 'unit', '--project', 'unit-node', '--project', 'server')],
  env: sqlite,
};
const serverProcesses: Step = {
  name: 'server, arquivos à parte (SQLite)',
  commands: [vitest('--project', 'server-apart')],
  env: sqlite,
};

/**
 * The PostgreSQL leg, on the Node of ADAM_POSTGRES_NODE when set (its folder first in PATH, so
 * the servers and tools the tests start run on it too): the server files (`projects`), or the
 * files that start processes of their own.
 */
function postgresStep(name: string, projects: string[]): Step | null {
  if (!process.env.DATABASE_URL) return null;
  const node = process.env.ADAM_POSTGRES_NODE;
  const env: NodeJS.ProcessEnv = { ...process.env, ADAM_TEST_DB: 'postgres' };
  const args = projects.flatMap((project) => ['--project', project]);
  if (!node) return { name: `${name} (PostgreSQL)`, commands: [vitest(...args)], env };
  const version = spawnSync(node, ['--version'], { encoding: 'utf8' }).stdout.trim();
  if (!version) {
    console.error(`ADAM_POSTGRES_NODE=${node} não é um Node que roda.`);
    process.exit(1);
  }
  env.PATH = `${dirname(node)}${delimiter}${process.env.PATH ?? ''}`;
  return {
    name: `${name} (PostgreSQL) no Node ${version}`,
    commands: [[node, 'node_modules/vitest/vitest.mjs', 'run', ...args]],
    env,
  };
}
if (!process.env.DATABASE_URL) {
  console.log('DATABASE_URL não definido: as suítes do servidor rodam só no SQLite.');
}

// Beside the PostgreSQL server files, at a lower priority. Both processors stay busy, mostly with
// Chromium: alone the PostgreSQL files take 74 s, here about 400 s, waiting for their turn.
const browser: Step = {
  name: 'browser (Chromium)',
  commands: [vitest('--project', 'e2e')],
  env: withoutDatabaseUrl,
  yields: true,
};

// The tests whose fixtures or answers follow "today" carry the tag "dates" (a file's
// `// @module-tag dates`, or a test's `{ tags: ['dates'] }`); they run again (SQLite) with the
// clock of the server, of the test process and of the browser pinned (ADAM_NOW, see
// server/clock.ts): 22:00 on the last day of February in São Paulo is already March in UTC;
// 23:30 on 31/12 is next year.
const DATES_TAG = /@module-tag\s+dates\b|tags:\s*\[[^\]]*['"]dates['"]/;
function datedFiles(): string[] {
  return ['tests/server', 'tests/e2e'].flatMap((dir) =>
    readdirSync(dir)
      .filter((file) => file.endsWith('.test.ts'))
      .map((file) => join(dir, file))
      .filter((path) => DATES_TAG.test(readFileSync(path, 'utf8'))),
  );
}
const PINNED_CLOCKS = [
  ['fim de mês', '2027-02-28T22:00:00-03:00'],
  ['fim de ano', '2026-12-31T23:30:00-03:00'],
];
const dated = datedFiles();
const pinned: Step[] = PINNED_CLOCKS.map(([label, instant]) => ({
  name: `datas: ${label} (${instant})`,
  commands: [
    vitest(
      ...['--project', 'server', '--project', 'server-apart', '--project', 'e2e'],
      ...['--tagsFilter', 'dates', '--maxWorkers', '3', ...dated],
    ),
  ],
  env: { ...sqlite, NODE_ENV: 'test', ADAM_NOW: instant },
  yields: true,
}));

// Side by side: the checks (lint; format and types) beside the unit and server suites; the
// PostgreSQL server files beside the browser suite (whose files mostly wait on their browser and
// server); the files that start processes of their own and measure them, one at a time on each
// database, the two databases' beside each other, and the two pinned clocks beside them at a
// lower priority (one file and its server per processor whenever they ask: their budgets — the
// fuzz run's 90 s, /api/health within 1 s — are many times what they take).
const postgres = postgresStep('server', ['server']);
const postgresProcesses = postgresStep('server, arquivos à parte', ['server-apart']);
const stages: Step[][] = [
  [unitAndServer, lint, formatAndTypes],
  postgres ? [browser, postgres] : [browser],
  [serverProcesses, ...(postgresProcesses ? [postgresProcesses] : []), ...pinned],
];

/** Runs a command; the first step of a stage prints as it goes, the others when they end. */
function run(command: string[], env: NodeJS.ProcessEnv, live: boolean, yields = false) {
  const [program, ...args] = yields ? ['nice', '-n', '10', ...command] : command;
  return new Promise<{ status: number; output: string }>((done) => {
    const child: ChildProcess = spawn(program, args, {
      stdio: live ? 'inherit' : ['ignore', 'pipe', 'pipe'],
      env,
    });
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('close', (code, signal) => done({ status: code ?? (signal ? 1 : 0), output }));
  });
}

const timings: string[] = [];
async function runStep(step: Step, live: boolean): Promise<boolean> {
  const started = Date.now();
  let output = '';
  let ok = true;
  for (const command of step.commands) {
    const result = await run(command, step.env ?? process.env, live, step.yields);
    output += result.output;
    if (result.status !== 0) {
      ok = false;
      break;
    }
  }
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  timings.push(`${step.name}: ${seconds} s`);
  if (!live) console.log(`\n▶ ${step.name} (ao lado; ${seconds} s)\n${output.trimEnd()}`);
  if (!ok) console.error(`\n✖ ${step.name} falhou (${seconds} s).`);
  return ok;
}

const startedAt = Date.now();
for (const stage of stages) {
  if (stage.some((step) => step.commands.some((command) => command.includes('e2e')))) {
    ensureChromium();
  }
  console.log(`\n▶ ${stage.map((step) => step.name).join(' | ')}`);
  const results = await Promise.all(stage.map((step, index) => runStep(step, index === 0)));
  if (results.includes(false)) process.exit(1);
}
const total = ((Date.now() - startedAt) / 1000).toFixed(1);
console.log(`\n✔ Todos os testes passaram (${total} s).\n  ${timings.join('\n  ')}`);
